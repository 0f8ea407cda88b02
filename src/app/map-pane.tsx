/**
 * The map's place in the layout: a container the workspace fills with MapLibre, plus the overlays
 * a person uses on it (basemap, jump to a demo county, notices, cursor coordinates).
 */
import '../map/map.css'
import { useEffect, useRef } from 'react'
import { DEMO_PLACES } from '../config/initial-view'
import { BasemapSwitcher } from '../map/basemap-switcher'
import { useAppStore } from '../state/store'
import { useMapStatus, useWorkspace } from './workspace-context'

export function MapPane() {
  const workspace = useWorkspace()
  const containerRef = useRef<HTMLDivElement>(null)
  const basemap = useAppStore((s) => s.basemap)
  const setBasemap = useAppStore((s) => s.setBasemap)
  const status = useMapStatus()

  useEffect(() => {
    const container = containerRef.current
    if (!container) return
    return workspace.mountMap(container)
  }, [workspace])

  return (
    // biome-ignore lint/a11y/noRedundantRoles: explicit role: tests and assistive-tech audits select [role=region][aria-label=Map]
    <section className="map-view" role="region" aria-label="Map">
      <div ref={containerRef} className="map-canvas" data-testid="map" />
      <div className="map-toolbar">
        <BasemapSwitcher value={basemap} onChange={setBasemap} />
        <div className="basemap-switcher">
          <select
            aria-label="Jump to a demo county"
            value=""
            onChange={(e) => {
              const place = DEMO_PLACES.find((p) => p.name === e.target.value)
              if (place) workspace.flyTo(place.center, place.zoom)
            }}
          >
            <option value="">Jump to…</option>
            {DEMO_PLACES.map((p) => (
              <option key={p.name} value={p.name}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {status.basemapNotice && (
        <div className="map-notice" role="status">
          {status.basemapNotice}
          <button type="button" className="link-button" onClick={() => setBasemap('offline')}>
            Use offline map
          </button>
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
