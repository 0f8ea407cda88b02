/**
 * The app shell: the only place features meet. Reads the store, runs the search and lookups, and
 * wires map ⇄ table ⇄ details: selecting a row highlights and zooms to the parcel; clicking a parcel
 * on the map selects its row; identify and address picks open details.
 */

import type { Polygon } from 'geojson'
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import type { ParcelRecord } from '../../contract/schemas'
import type { ApiError } from '../api/api-error'
import { useDraw } from '../draw/use-draw'
import { ExportMenu } from '../export/export-menu'
import { CropFilter } from '../filters/crop-picker'
import { FilterBuilder } from '../filters/filter-builder'
import { AddressBox } from '../lookup/address-box'
import { useIdentify } from '../lookup/use-identify'
import type { MapController } from '../map/map-controller'
import { SummaryBar } from '../results/summary-bar'
import { SearchProgressView } from '../search/search-progress'
import { useParcelSearch } from '../search/use-parcel-search'
import { quantizeArea } from '../share/url-codec'
import { type AppState, appStore, useAppStore } from '../state/store'
import type { MapViewState } from '../state/ui-slice'
import { polygonsToAreas } from './add-polygons'
import { AppDialogs } from './app-dialogs'
import { CopyLinkButton, shareQuery } from './copy-link-button'
import { LinkProblems } from './link-problems'
import { SearchPanel } from './search-panel'
import { describeSearch } from './search-summary'
import { startUrlSync } from './url-sync'
import { useShortcuts } from './use-shortcuts'

// MapLibre is ~300 KB gzip: it loads as its own chunk right after the shell paints (initial JS stays small).
const MapView = lazy(() => import('../map/map-view').then((m) => ({ default: m.MapView })))
// TanStack Table + Virtual: only needed once the results pane renders, after the shell paints.
const ResultsTable = lazy(() => import('../results/results-table').then((m) => ({ default: m.ResultsTable })))
const ParcelDetails = lazy(() => import('../parcel/parcel-details').then((m) => ({ default: m.ParcelDetails })))

function withoutView({ view: _view, ...rest }: AppState): Omit<AppState, 'view'> {
  return rest
}

const EMPTY_ROWS: (ParcelRecord | undefined)[] = []

export interface AppProps {
  /** The view of the link the app was opened with (restored into the store before the first render). */
  restoredView?: MapViewState | null
  /** What that link could not restore. */
  linkProblems?: readonly string[]
}

export function App({ restoredView = null, linkProblems: initialProblems = [] }: AppProps) {
  // Everything but `view`: camera moves must not re-render the shell (the map already knows its view).
  const s = useAppStore(useShallow(withoutView))
  const result = useParcelSearch(s.submitted, s.loadPolicy)
  const [controller, setController] = useState<MapController | null>(null)
  const [filtersValid, setFiltersValid] = useState(true)
  const [linkProblems, setLinkProblems] = useState<readonly string[]>(initialProblems)

  // The URL mirrors the store; Back/Forward restore it (and move the camera).
  const controllerRef = useRef(controller)
  controllerRef.current = controller
  useEffect(
    () =>
      startUrlSync(appStore, {
        onProblems: setLinkProblems,
        onView: (v) => controllerRef.current?.flyTo(v.center, v.zoom),
      }),
    [],
  )

  const zoomToRecord = useCallback(
    (r: ParcelRecord | undefined) => {
      const g = r?.geom as Parameters<MapController['fitTo']>[0] | undefined
      if (g && typeof g === 'object' && 'type' in g) controller?.fitTo(g, 17)
    },
    [controller],
  )

  const identify = useIdentify((records) => {
    const first = records[0]
    if (first) appStore.getState().select(first.svc_uuid, true)
    else appStore.getState().setDrawNotice({ level: 'info', message: 'No parcel at that point.' })
  })

  // --- drawing -------------------------------------------------------------------------------
  const draw = useDraw(controller, s.tool, s.areas, {
    onArea: (area, note) => {
      const st = appStore.getState()
      // Stored at the link's precision, so the search run here is exactly the one a shared link runs.
      st.putArea(quantizeArea(area))
      if (note) st.setDrawNotice({ level: 'info', message: note })
    },
    onRemoved: (id) => appStore.getState().removeArea(id),
    onRejected: (reason) => appStore.getState().setDrawNotice({ level: 'warning', message: reason }),
    onGuide: (geometry) =>
      appStore.getState().openDialog({ kind: 'buffer', label: geometry.type === 'Point' ? 'point' : 'line', geometry }),
  })

  useShortcuts({
    onTool: s.setTool,
    onEscape: () => {
      draw?.cancel()
      if (s.tool !== 'pan' && s.tool !== 'identify') return
      if (s.detailsOpen) s.closeDetails()
      else s.select(null)
    },
    onHelp: () => s.openDialog({ kind: 'shortcuts' }),
    onUndo: s.undoAreas,
    onRedo: s.redoAreas,
    disabled: s.ui.kind !== 'none',
  })

  // --- errors: 401/403 open settings with the reason --------------------------------------------
  const authError = [result.error, identify.error].find(
    (e): e is ApiError => !!e && (e.kind === 'auth' || e.kind === 'forbidden'),
  )
  useEffect(() => {
    if (authError) appStore.getState().openDialog({ kind: 'settings', reason: authError.message })
  }, [authError])

  // --- details record: from lookups first, then loaded search rows ------------------------------
  const rows = result.rows ?? EMPTY_ROWS
  const detailsRecord = useMemo(() => {
    if (!s.selectedId) return null
    return (
      identify.lookup?.records.find((r) => r.svc_uuid === s.selectedId) ??
      rows.find((r) => r?.svc_uuid === s.selectedId) ??
      null
    )
  }, [s.selectedId, identify.lookup, rows])

  // A filters-only search has no drawn area on screen: frame its first loaded batch once.
  const framedSpec = useRef<unknown>(null)
  useEffect(() => {
    const spec = s.submitted
    if (spec?.mode !== 'direct' || framedSpec.current === spec || !controller) return
    if (!rows.some(Boolean)) return
    framedSpec.current = spec
    controller.fitToRecords(rows)
  }, [s.submitted, rows, controller])

  const onRowSelect = (id: string | null) => {
    s.select(id)
    if (id) zoomToRecord(rows.find((r) => r?.svc_uuid === id))
  }

  const serverSort = s.loadPolicy === 'on-demand' || s.submitted?.mode === 'direct'
  const areaMode = s.mode === 'area'
  const canSearch = filtersValid && (areaMode ? s.areas.length > 0 : s.filters.length > 0)
  const searchHint = canSearch
    ? null
    : !filtersValid
      ? 'Fix the highlighted filters first.'
      : areaMode
        ? 'Draw at least one area first.'
        : 'Add at least one filter (with a state or county) first.'
  // Only a rejected query (400/422) belongs next to the filters; quota, auth and network errors are
  // shown by the progress banner and the settings dialog.
  const queryRejected = result.error && (result.error.kind === 'invalid' || result.error.kind === 'validation')
  const filterError =
    queryRejected && result.error
      ? result.error.filterIndex !== undefined
        ? { filterIndex: result.error.filterIndex, message: result.error.message }
        : { message: result.error.message }
      : null

  const summary = describeSearch({
    mode: s.submitted?.mode ?? s.mode,
    areaCount: (s.submitted ?? s).areas.length,
    filters: (s.submitted ?? s).filters,
  })

  // Imported or buffered shapes join the drawn areas (validated and stored like drawn ones).
  const addPolygons = (polygons: Polygon[], notices: string[], source: string) => {
    const st = appStore.getState()
    const { areas, problems, notices: done } = polygonsToAreas(polygons, 100 - st.areas.length)
    for (const a of areas) st.putArea(a)
    if (st.mode !== 'area') st.setMode('area')
    if (areas.length) controller?.fitTo({ type: 'GeometryCollection', geometries: areas.map((a) => a.geometry) }, 15)
    const parts = [
      `Added ${areas.length} area${areas.length === 1 ? '' : 's'} from ${source}.`,
      ...new Set([...notices, ...done, ...problems]),
    ]
    st.setDrawNotice({ level: problems.length || areas.length === 0 ? 'warning' : 'info', message: parts.join(' ') })
  }

  // A saved search is a link: open it the way Back/Forward would.
  const openQuery = (query: string) => {
    window.history.pushState(null, '', `${window.location.pathname}?${query}`)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }

  return (
    <div className="app">
      <header className="app-header">
        <h1 className="brand">
          <span aria-hidden="true" className="brand-mark" />
          Plat
        </h1>
        <AddressBox
          onChoose={(r) => {
            identify.showAddress(r)
            s.select(r.svc_uuid, true)
            zoomToRecord(r)
          }}
        />
        <div className="header-actions">
          <CopyLinkButton />
          <button type="button" className="ghost-button" onClick={() => s.openDialog({ kind: 'saved' })}>
            Saved searches
          </button>
          <button type="button" className="ghost-button" onClick={() => s.openDialog({ kind: 'shortcuts' })}>
            Shortcuts
          </button>
          <button type="button" className="ghost-button" onClick={() => s.openDialog({ kind: 'settings' })}>
            Settings
          </button>
        </div>
      </header>

      <aside className="left-panel" aria-label="Search controls">
        <LinkProblems problems={linkProblems} onDismiss={() => setLinkProblems([])} />
        <SearchPanel
          mode={s.mode}
          onMode={s.setMode}
          tool={s.tool}
          onTool={s.setTool}
          areas={s.areas}
          onRemoveArea={s.removeArea}
          onClearAreas={s.clearAreas}
          onUndo={s.undoAreas}
          onRedo={s.redoAreas}
          canUndo={s.areaHistory.past.length > 0}
          canRedo={s.areaHistory.future.length > 0}
          onZoomArea={(a) => controller?.fitTo(a.geometry, 15)}
          onBufferArea={(a) =>
            s.openDialog({
              kind: 'buffer',
              label: `area ${s.areas.findIndex((x) => x.id === a.id) + 1}`,
              geometry: a.geometry,
            })
          }
          onImportAreas={() => s.openDialog({ kind: 'import' })}
          notice={s.drawNotice}
          onDismissNotice={() => s.setDrawNotice(null)}
          includeBuildings={s.includeBuildings}
          onIncludeBuildings={s.setIncludeBuildings}
          canSearch={canSearch}
          searchHint={searchHint}
          onSearch={s.submit}
          filters={
            <>
              <CropFilter filters={s.filters} onChange={s.setFilters} reservedSlots={areaMode ? 1 : 0} />
              <FilterBuilder
                filters={s.filters}
                onChange={s.setFilters}
                errors={filterError}
                reservedSlots={areaMode ? 1 : 0}
                onValidityChange={setFiltersValid}
              />
            </>
          }
          progress={<SearchProgressView result={result} />}
        />
      </aside>

      <main className="workspace">
        <div className="map-pane">
          <Suspense
            fallback={
              // biome-ignore lint/a11y/noRedundantRoles: same explicit region as the loaded map view
              <section className="map-view map-loading" role="region" aria-label="Map" aria-busy="true">
                <p className="muted">Loading map…</p>
              </section>
            }
          >
            <MapView
              initialView={restoredView}
              parcels={rows}
              buildings={s.submitted?.includeBuildings ? rows : null}
              lookup={identify.lookup?.records ?? null}
              selectedId={s.selectedId}
              basemap={s.basemap}
              clickMode={s.tool === 'identify' ? 'identify' : s.tool === 'pan' ? 'select' : 'none'}
              onBasemapChange={s.setBasemap}
              onParcelClick={(id) => s.select(id, id !== null)}
              onIdentify={identify.identify}
              onViewChange={s.setView}
              onController={setController}
            >
              {identify.isPending && (
                <div className="map-busy" role="status">
                  Looking up parcel…
                </div>
              )}
            </MapView>
          </Suspense>
          {s.detailsOpen && detailsRecord && (
            <aside className="details-pane" aria-label="Parcel details">
              <Suspense fallback={<p className="muted">Loading…</p>}>
                <ParcelDetails record={detailsRecord} onClose={s.closeDetails} />
              </Suspense>
            </aside>
          )}
        </div>
        <section className="results-pane" aria-label="Results">
          <div className="results-head">
            <SummaryBar result={result} />
            <ExportMenu records={rows} visibleColumns={s.visibleColumns} searchSummary={summary} />
          </div>
          <Suspense fallback={<p className="muted">Loading table…</p>}>
            <ResultsTable
              result={result}
              columns={s.visibleColumns}
              onColumnsChange={s.setVisibleColumns}
              sort={s.order}
              onSortChange={(order) => {
                s.setOrder(order)
                if (serverSort && s.submitted) s.submit()
              }}
              serverSort={serverSort}
              selectedId={s.selectedId}
              onSelect={onRowSelect}
            />
          </Suspense>
        </section>
      </main>

      <Suspense fallback={null}>
        <AppDialogs
          s={s}
          currentQuery={s.ui.kind === 'saved' && (s.areas.length > 0 || s.filters.length > 0) ? shareQuery() : ''}
          summary={summary}
          onOpenQuery={openQuery}
          onPolygons={addPolygons}
        />
      </Suspense>
    </div>
  )
}
