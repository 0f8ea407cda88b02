/**
 * The map's place in the layout: a container the workspace fills with MapLibre, plus the overlays
 * a person uses on it (basemap, jump to a county with data, colours and legend, notices, cursor
 * coordinates).
 */
import './map-pane.css'
import '../../features/map/map.css'
import { useEffect, useRef, useState } from 'react'
import { ToolHint } from '../../features/draw/tool-hint'
import { FieldMapOverlays } from '../../features/field/field-panels'
import { BasemapSwitcher } from '../../features/map/basemap/basemap-switcher'
import { ThemeLegend } from '../../features/map/basemap/theme-legend'
import { CoverageJump } from '../../features/map/overlays/coverage-jump'
import { StaleMapBadge, useStaleSearch } from '../../features/search/stale-notice'
import { useAppStore } from '../../state/store'
import { TOUCH_QUERY, useMediaQuery } from '../../ui/use-media-query'
import { MapControls } from './map-controls'
import { MapDrawing } from './map-drawing'
import { MapSearchButton } from './map-search-button'
import { useCoverage, useMapStatus, useSearchResult, useWorkspace } from './workspace-context'

export function MapPane() {
  const workspace = useWorkspace()
  const containerRef = useRef<HTMLDivElement>(null)
  const setBasemap = useAppStore((s) => s.setBasemap)
  const theme = useAppStore((s) => s.theme)
  const setTheme = useAppStore((s) => s.setTheme)
  const status = useMapStatus()
  const coverage = useCoverage()
  const rows = useSearchResult().rows
  const staleness = useStaleSearch()
  const tool = useAppStore((s) => s.tool)
  const touch = useMediaQuery(TOUCH_QUERY)
  const [optionsOpen, setOptionsOpen] = useState(false)

  useEffect(() => {
    const container = containerRef.current
    if (!container) return
    return workspace.mountMap(container)
  }, [workspace])

  const tilesProblem = status.tiles.state === 'failed' ? status.tiles.message : null
  return (
    // biome-ignore lint/a11y/noRedundantRoles: explicit role: tests and assistive-tech audits select [role=region][aria-label=Map]
    <section id="map" className="map-view" role="region" aria-label="Map">
      {/* A press on the map folds the phone's map options away, as a person expects of a popover. */}
      <div
        ref={containerRef}
        className="map-canvas"
        data-testid="map"
        onPointerDown={optionsOpen ? () => setOptionsOpen(false) : undefined}
      />
      <MapControls open={optionsOpen} onOpenChange={setOptionsOpen} theme={theme}>
        <div className="map-toolbar">
          <BasemapSwitcher
            displayed={status.basemap.displayed}
            unavailable={status.basemap.unavailable}
            onChange={setBasemap}
          />
          <CoverageJump
            counties={coverage.status === 'ready' ? coverage.coverage.counties : []}
            onJump={(c) => {
              setOptionsOpen(false)
              workspace.jumpTo(c)
            }}
          />
        </div>
        <ThemeLegend theme={theme} onTheme={setTheme} rows={rows} />
      </MapControls>
      <ToolHint tool={tool} touch={touch} onExit={() => workspace.draw.pickTool('pan')} shape={workspace.draw} />
      <MapDrawing container={containerRef} tool={tool} touch={touch} />
      <MapSearchButton />
      <FieldMapOverlays onOpen={(r) => workspace.parcels.open(r, { zoom: false })} />
      {staleness.stale && rows.length > 0 && (
        <StaleMapBadge canSearch={staleness.canSearch} onSearch={() => workspace.searches.submit()} />
      )}
      {(status.basemap.notice || tilesProblem) && (
        <div className="map-notice" role="status">
          {status.basemap.notice && (
            <p>
              {status.basemap.notice}
              {status.basemap.displayed !== 'offline' && (
                <button type="button" className="link-button" onClick={() => setBasemap('offline')}>
                  Use offline map
                </button>
              )}
            </p>
          )}
          {tilesProblem && <p>{tilesProblem}</p>}
        </div>
      )}
      {status.pointer && (
        <output className="map-coords" aria-live="off" aria-label="Cursor coordinates">
          {`${status.pointer.lat.toFixed(5)}, ${status.pointer.lng.toFixed(5)}`}
        </output>
      )}
      {status.identifying && (
        <div className="map-busy" role="status">
          Looking up parcel…
        </div>
      )}
    </section>
  )
}
