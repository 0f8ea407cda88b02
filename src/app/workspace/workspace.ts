/**
 * The workspace: one plain-TypeScript coordinator, created once per page, and the only place where
 * the map, the drawing layer, the search session, lookups and the URL meet. Panels read the store
 * through selectors and call the intent methods here; nothing else moves the camera, starts a
 * search or opens a parcel. React never holds the map controller: `mountMap` is given a container.
 * Opening a parcel has one home, `parcels` (parcel-opener.ts): panels call it directly.
 *
 * Flows it owns:
 * - store → map/draw: selection, basemap, theme, tool, areas (each setter no-ops when unchanged);
 * - store.submitted → search session; search snapshot → map layers, auth errors → Settings, the
 *   first batch of a filters-only search → framed on the map;
 * - coverage (GET /coverage) → map (county shading, parcel tiles) and panels (coverage-flow.ts);
 * - map/draw events → store (a click on any parcel opens it, fetched by id when it is not a loaded
 *   result; a drawn shape becomes an area and the map returns to Pan unless the tool is kept).
 */
import type { Polygon } from 'geojson'
import type { ParcelRecord } from '../../../contract/schemas'
import { type CoverageCounty, PARCEL_TILE_MIN_ZOOM } from '../../../contract/tiles'
import type { ApiError } from '../../api/api-error'
import type { CachedSources } from '../../cache/cached-sources'
import { ChangesFlow } from '../../features/changes/changes-flow'
import { KeyboardDrawFlow } from '../../features/draw/keyboard-draw-flow'
import { type Measurement, measure } from '../../features/draw/measure'
import { FieldFlow, noFieldDeps } from '../../features/field/field-flow'
import { PackLibrary } from '../../features/field/pack-library'
import { HoldingsFlows } from '../../features/holdings/holdings-flows'
import { ReportDesk } from '../../features/reports/report-desk'
import { reportSettingsStore } from '../../features/reports/report-settings'
import type { SearchSession } from '../../features/search/search-session'
import type { SearchResult } from '../../features/search/search-types'
import { serverSorted } from '../../features/search/spec-key'
import { decodeShareState } from '../../features/share/url-codec'
import { siteForArea } from '../../features/value/comps-wiring'
import { checkDrawnArea } from '../../geo/validate-area'
import { viewRectangle } from '../../geo/view-area'
import type {
  CompsOverlay,
  DrawEvents,
  DrawPort,
  HoldingsLayerPort,
  MapPort,
  MeasureKind,
} from '../../ports/workspace-ports'
import type { CompsSubjectRef } from '../../state/comps-slice'
import type { SortOrder } from '../../state/search-slice'
import type { SearchSpec } from '../../state/search-spec'
import { isBusy } from '../../state/search-status'
import type { AppState, AppStore } from '../../state/store'
import { ValueStore } from '../../state/value-store'
import { addPolygons } from './add-polygons'
import { CoverageFlow } from './coverage-flow'
import { drawEvents } from './draw-events'
import { ParcelOpener } from './parcel-opener'
import { RecordFinders } from './record-finders'
import { ReportIntents } from './report-intents'
import { type SortDecision, sortDecision } from './sort-decision'
import { startUrlSync, type UrlSync } from './url-sync'
import type { MapStatus, WorkspaceDeps } from './workspace-deps'

export class Workspace {
  readonly store: AppStore
  readonly search: SearchSession
  readonly mapStatus = new ValueStore<MapStatus>({
    pointer: null,
    basemap: { displayed: 'offline', unavailable: [], notice: null },
    tiles: { state: 'off' },
    identifying: false,
  })
  readonly linkProblems = new ValueStore<readonly string[]>([])
  readonly coverage: CoverageFlow
  /** What changed since a link's data (GET /changes), for the notice over the results. */
  readonly changes: ChangesFlow
  /** Opening parcels: lookups, identify, and parcels fetched by id (a click on the tiles). */
  readonly parcels: ParcelOpener
  /** Owner portfolios and their holdings, the assemblage, list lookups (holdings-flows.ts). */
  readonly holdings: HoldingsFlows
  /** "Print report": parcel, search and comps reports, and the open one (report-intents.ts). */
  readonly reports: ReportIntents
  /** The one response cache (memory + IndexedDB): the search's sources, shared with comps. */
  readonly sources: CachedSources | null
  /** Field packs, offline answers and "where am I" (issue 24). */
  readonly field: FieldFlow
  /** The Measure tool's figures for the line or shape being measured (null: nothing measured). */
  readonly measurement = new ValueStore<Measurement | null>(null)
  readonly measureKind = new ValueStore<MeasureKind>('distance')
  /** Drawing a polygon with the keyboard: its points so far and what the live region says. */
  readonly keyboardDraw: KeyboardDrawFlow
  /** Records features hold beside the search (holdings), for the parcel opener. */
  private readonly records = new RecordFinders()
  private readonly drawHandlers: DrawEvents
  private map: MapPort | null = null
  /** "Search this map view" was pressed before the map existed (searchMapView). */
  private mapViewSearchPending = false
  private draw: DrawPort | null = null
  private holdingsLayer: HoldingsLayerPort | null = null
  private urlSync: UrlSync | null = null
  private readonly stops: (() => void)[] = []
  private framedSpec: SearchSpec | null = null
  private reportedError: ApiError | null = null
  private mounted = false

  constructor(private readonly deps: WorkspaceDeps) {
    this.store = deps.store
    this.search = deps.search
    this.sources = deps.sources ?? null
    this.coverage = new CoverageFlow(deps.loadCoverage, deps.apiUrl, deps.pageCoverage ?? null)
    this.changes = new ChangesFlow({
      store: this.store,
      search: this.search,
      coverage: this.coverage.state,
      load: deps.loadChanges ?? (async () => null),
      today: localDay,
    })
    this.parcels = new ParcelOpener({
      store: this.store,
      lookupPoint: deps.lookupPoint,
      fetchParcel: deps.fetchParcel,
      rows: () => this.search.getSnapshot().rows,
      frame: (g) => this.map?.fitTo(g, 17),
      reportError: (e) => this.reportError(e),
      busy: (identifying) => this.mapStatus.set({ ...this.mapStatus.get(), identifying }),
      extra: this.records.find,
    })
    this.holdings = new HoldingsFlows({
      store: this.store,
      sources: deps.holdingSources ?? null,
      counties: () => this.coverage.counties(),
      confirmThreshold: deps.confirmThreshold ?? (() => 50),
      reportError: (e) => this.reportError(e),
      frame: (g) => this.map?.fitTo(g, 16),
      known: (id) => this.parcels.recordById(id),
    })
    this.records.add((id) => this.holdings.recordById(id))
    this.reports = new ReportIntents(
      new ReportDesk({
        renderMap: deps.renderReportMap ?? (() => Promise.reject(new Error('Maps cannot be drawn here.'))),
        paper: {
          get: () => reportSettingsStore.getState().paper,
          set: (paper) => reportSettingsStore.getState().set({ paper }),
        },
      }),
      {
        state: () => this.store.getState(),
        search: () => this.search.getSnapshot(),
        counties: () => this.coverage.counties(),
        basemap: () => this.mapStatus.get().basemap.displayed,
        appUrl: () => (deps.win ? `${deps.win.location.origin}${deps.win.location.pathname}` : ''),
        server: () => `Plat API at ${new URL(deps.apiUrl('/'), 'http://localhost/').host}`,
        now: () => new Date(),
      },
    )
    this.field = new FieldFlow(deps.field ?? noFieldDeps(new PackLibrary(null)), {
      store: this.store,
      map: () => this.map,
      rows: () => this.search.getSnapshot().rows,
      complete: () => this.search.getSnapshot().complete,
      coverage: () => {
        const c = this.coverage.state.get()
        return c.status === 'ready' ? c.coverage : null
      },
      openSearch: (query) => this.openSearch(query),
    })
    this.drawHandlers = drawEvents(
      this.store,
      (geometry) => {
        const label = geometry.type === 'Point' ? 'point' : 'line'
        this.store.getState().openDialog({ kind: 'buffer', label, geometry })
      },
      (geometry) => this.measurement.set(geometry ? measure(geometry) : null),
    )
    this.keyboardDraw = new KeyboardDrawFlow({
      view: () => this.map?.view?.() ?? this.store.getState().view,
      draw: () => this.draw,
      events: this.drawHandlers,
      newId: () => crypto.randomUUID(),
    })
    this.stops.push(this.coverage.state.subscribe(() => this.map && this.coverage.pushTo(this.map)))
    this.stops.push(this.store.subscribe((s, prev) => this.onStore(s, prev)))
    this.stops.push(this.search.subscribe(() => this.onResult(this.search.getSnapshot())))
    if (deps.win) {
      this.urlSync = startUrlSync(
        this.store,
        { onProblems: (p) => this.linkProblems.set(p), onView: (v) => this.map?.flyTo(v.center, v.zoom) },
        deps.win,
      )
    }
    const s = this.store.getState()
    const linkStamp = s.submitted ? s.dataStamp?.stamp : undefined
    if (linkStamp && deps.forgetAnswers) {
      // A link made against data that has changed since: answers this browser kept may be of that
      // data, so they go before its search runs (issue 23). The coverage says the version now.
      const forget = deps.forgetAnswers
      void this.coverage.refresh().then(async () => {
        const c = this.coverage.state.get()
        if (c.status === 'ready' && c.coverage.version !== linkStamp.version) await forget().catch(() => {})
        const now = this.store.getState()
        this.search.start(now.submitted, now.loadPolicy)
      })
    } else {
      this.search.start(s.submitted, s.loadPolicy)
      void this.coverage.refresh()
    }
    // A link's selected parcel without a search to bring it: fetch it for its details.
    if (s.selectedId && s.detailsOpen && !s.submitted) this.parcels.fetch(s.selectedId)
  }

  // --- lifecycle ---------------------------------------------------------------------------------

  /** Creates the map (and then the drawing layer) in `container`; returns the unmount. */
  mountMap(container: HTMLElement): () => void {
    let gone = false
    // A remount (StrictMode, hot reload) opens where the map last was.
    const view = this.mounted ? this.store.getState().view : (this.deps.initialView ?? null)
    // A link cut short before its view still restores its areas: frame them, not the whole US (issue 18).
    const frameRestored = !this.mounted && view === null
    this.mounted = true
    void this.deps.maps.createMap(container, view).then(async (mounted) => {
      const { map } = mounted
      if (gone) return map.destroy()
      this.map = map
      map.handlers = {
        onParcelClick: (id) => {
          if (!this.holdings.click(id)) this.parcels.click(id)
        },
        onIdentify: (at) => void this.parcels.identify(at),
        onViewChange: (v) => this.store.getState().setView(v),
        onPointer: (pointer) => this.mapStatus.set({ ...this.mapStatus.get(), pointer }),
        onBasemapStatus: (basemap) => this.mapStatus.set({ ...this.mapStatus.get(), basemap }),
        onTilesStatus: (tiles) => this.mapStatus.set({ ...this.mapStatus.get(), tiles }),
        onPosition: (e) => this.field.onPosition(e),
      }
      this.pushAll()
      if (frameRestored) this.frameAreas()
      if (this.mapViewSearchPending) {
        this.mapViewSearchPending = false
        this.searchMapView()
      }
      void mounted.createHoldingsLayer?.().then((layer) => {
        if (gone || this.map !== map) return layer.destroy()
        this.holdingsLayer = layer
        this.holdings.attach(layer)
      })
      const draw = await mounted.createDraw(this.drawHandlers)
      if (gone || this.map !== map) return draw.destroy()
      this.draw = draw
      draw.setMeasureKind(this.measureKind.get())
      draw.setTool(this.store.getState().tool)
      draw.syncAreas(this.store.getState().areas)
    })
    return () => {
      gone = true
      this.holdings.attach(null)
      this.holdingsLayer?.destroy()
      this.holdingsLayer = null
      this.draw?.destroy()
      this.map?.destroy()
      this.draw = null
      this.map = null
    }
  }

  dispose(): void {
    for (const stop of this.stops.splice(0)) stop()
    this.changes.dispose()
    this.urlSync?.stop()
    this.search.dispose()
  }

  // --- intents: parcels (opening one: `parcels`, the ParcelOpener) ------------------------------

  /** "Jump to" a covered county: frames its parcels, close enough for their outlines to show. */
  jumpTo(county: CoverageCounty): void {
    this.map?.fitBounds(county.bbox, PARCEL_TILE_MIN_ZOOM)
  }

  /** Comparable sales on the map (the comps panel's result); null clears them. */
  showComps(overlay: CompsOverlay | null): void {
    this.map?.setComps(overlay)
    // Frame the comps and the subject (the same set frames the same way, so pin/drop does not jump).
    const points = overlay?.comps.map((c) => [c.point[0], c.point[1]]) ?? []
    if (points.length > 0) this.map?.fitTo({ type: 'MultiPoint', coordinates: points }, 14)
  }

  /**
   * Comparable sales for a subject: a parcel (its card's button), a drawn area (`compsForArea`), or
   * any site another panel describes by its facts — a holding, an assemblage: centre, acres, land
   * use, crop, CSR2 and an outline (`CompsSite`, src/state/comps-slice.ts). The comps take the
   * details pane, valued as of today; the shared link carries them.
   */
  compsForSubject(subject: CompsSubjectRef): void {
    const s = this.store.getState()
    if (subject.kind === 'parcel') s.select(subject.id, true)
    else s.select(null)
    this.store.getState().openComps(subject)
  }

  /** Comps for a drawn area, its land use, cover and CSR2 taken from the parcels loaded inside it. */
  compsForArea(areaId: string): void {
    const areas = this.store.getState().areas
    const area = areas.find((a) => a.id === areaId)
    if (area) this.compsForSubject(siteForArea(areas, area, this.search.getSnapshot().rows))
  }

  /** "All parcels of this owner": a filters-only search on the owner, scoped to the parcel's state. */
  searchOwner(record: ParcelRecord): void {
    const owner = typeof record.owner === 'string' ? record.owner : null
    const state = typeof record.state === 'string' ? record.state : null
    if (!owner || !state) return
    const st = this.store.getState()
    st.setMode('direct')
    st.setFilters([
      { field: 'owner', op: 'eq', value: owner },
      { field: 'state', op: 'eq', value: state },
    ])
    st.submit()
  }

  /**
   * "Owner's holdings" on a parcel card: the portfolio panel opens with the owner's name and mailing
   * address, its cost shown, nothing spent until the user says go.
   */
  ownerHoldings(record: ParcelRecord): void {
    const owner = typeof record.owner === 'string' ? record.owner : ''
    const mail = typeof record.mail_addr === 'string' ? [record.mail_addr] : []
    const s = this.store.getState()
    s.openHoldings('owner')
    s.setSearchSheetOpen(true)
    this.holdings.owner.ask(owner, mail)
  }

  /** The assemblage's outline as search areas (named after it). */
  searchAssemblage(): number {
    const a = this.holdings.assemblage.state.get()
    if (a.status !== 'ready' || !a.summary) return 0
    const g = a.summary.geometry
    const polygons: Polygon[] =
      g.type === 'Polygon' ? [g] : g.coordinates.map((coordinates) => ({ type: 'Polygon', coordinates }))
    this.store.getState().setMode('area')
    return this.addAreas(polygons, [], 'the assemblage', a.ref.name)
  }

  // --- intents: areas ----------------------------------------------------------------------------

  frameAreas(areas: readonly { geometry: Polygon }[] = this.store.getState().areas): void {
    if (areas.length === 0) return
    this.map?.fitTo({ type: 'GeometryCollection', geometries: areas.map((a) => a.geometry) }, 15)
  }

  /** Imported, buffered or picked shapes join the areas (checked like drawn ones); says what happened. */
  addAreas(
    polygons: readonly Polygon[],
    notices: readonly string[],
    source: string,
    label?: string,
    names?: ReadonlyMap<Polygon, string>,
  ): number {
    const areas = addPolygons(this.store, polygons, notices, source, label, names)
    this.frameAreas(areas)
    return areas.length
  }

  /**
   * "Search this map view": the visible rectangle becomes an area and the search runs. Pressed while
   * the map is still being created, it runs once the map is there (it did nothing before; a CI run
   * pressed it in the first moments after opening a link).
   */
  searchMapView(): void {
    const bounds = this.map?.bounds()
    if (!bounds) {
      this.mapViewSearchPending = true
      return
    }
    const rect = viewRectangle(bounds)
    if (!checkDrawnArea(rect).valid) {
      this.store.getState().setDrawNotice({ level: 'warning', message: 'Zoom in further to search the map view.' })
      return
    }
    if (this.addAreas([rect], [], 'the map view') > 0) this.submit()
  }

  /** "Search a county": its Census boundary becomes the area(s), named after it, and the search runs. */
  searchPolygons(polygons: readonly Polygon[], name: string): void {
    if (this.addAreas(polygons, [], name, name) > 0) this.submit()
  }

  /**
   * A tool picked in the toolbar. Every tool but Pan works on the map, so on a phone the controls
   * sheet (which covers the map) closes to let the person draw, edit or identify there.
   */
  pickTool(tool: AppState['tool']): void {
    const s = this.store.getState()
    s.setTool(tool)
    if (tool !== 'pan') s.setSearchSheetOpen(false)
  }

  /** The Measure tool measures a line's length or a shape's area; a switch starts afresh. */
  setMeasureKind(kind: MeasureKind): void {
    this.measureKind.set(kind)
    this.draw?.setMeasureKind(kind)
  }

  // --- intents: searches -------------------------------------------------------------------------

  /** Runs the search set up now; on a phone the controls sheet closes so the results show. */
  submit(): void {
    const s = this.store.getState()
    s.submit()
    s.setSearchSheetOpen(false)
  }

  /** Opens a saved search (a link query) as a new history entry. */
  openSearch(query: string): void {
    const sync = this.urlSync
    if (!sync) return
    // Saved against data that has changed since: the answers kept for it go first (issue 23).
    const stamp = decodeShareState(query).state.dataStamp
    const c = this.coverage.state.get()
    if (stamp && this.deps.forgetAnswers && c.status === 'ready' && c.coverage.version !== stamp.version) {
      void this.deps.forgetAnswers().finally(() => sync.open(query))
    } else sync.open(query)
  }

  /**
   * A click on a column header. Sorting loaded rows is free; where the server sorts (filters-only,
   * page-as-you-scroll) and not every match is loaded, a new order costs calls, so it asks first.
   */
  sortBy(order: SortOrder): SortDecision {
    const s = this.store.getState()
    const decision = sortDecision(s.submitted, s.loadPolicy, this.search.getSnapshot())
    if (decision.kind === 'ask') s.openDialog({ kind: 'sort', order, calls: decision.calls })
    else this.applySort(order)
    return decision
  }

  /** Sort as asked: free, or `costAccepted` when the user confirmed "Sort on the server". */
  applySort(order: SortOrder, opts: { costAccepted?: boolean } = {}): void {
    const s = this.store.getState()
    s.setOrder(order)
    if (!s.submitted || !serverSorted(s.submitted, s.loadPolicy)) return
    // The re-sorted run starts here, told whether the cost was accepted; the store's own change
    // that follows finds that run live under the same key and leaves it be.
    this.search.start({ ...s.submitted, order: order ? { ...order } : null }, s.loadPolicy, {
      costAccepted: opts.costAccepted === true,
    })
    s.sortSubmitted(order)
  }

  // --- keyboard ----------------------------------------------------------------------------------

  escape(): void {
    this.draw?.cancel()
    this.keyboardDraw.cancel()
    const s = this.store.getState()
    if (s.tool !== 'pan' && s.tool !== 'identify') return
    if (s.comps) s.closeComps()
    else if (s.detailsOpen) s.closeDetails()
    else s.select(null)
  }

  flyTo(center: [number, number], zoom?: number): void {
    this.map?.flyTo(center, zoom)
  }

  // --- flows -------------------------------------------------------------------------------------

  private onStore(s: AppState, prev: AppState): void {
    if (s.submitted !== prev.submitted || s.loadPolicy !== prev.loadPolicy) this.search.start(s.submitted, s.loadPolicy)
    if (s.selectedId !== prev.selectedId) this.map?.setSelected(s.selectedId)
    if (s.basemap !== prev.basemap) this.map?.setBasemap(s.basemap)
    if (s.theme !== prev.theme) this.map?.setTheme(s.theme)
    if (s.tool !== prev.tool) {
      this.map?.setClickMode(clickModeFor(s.tool))
      this.draw?.setTool(s.tool)
      if (prev.tool === 'polygon') this.keyboardDraw.cancel()
      if (s.tool !== 'pan') this.keyboardDraw.reset()
      if (prev.tool === 'measure') this.measurement.set(null)
    }
    if (s.areas !== prev.areas) this.draw?.syncAreas(s.areas)
    if (s.comps && s.comps === prev.comps && (s.selectedId !== prev.selectedId || s.detailsOpen !== prev.detailsOpen)) {
      // Another parcel opened, or the details closed: the comps were for the subject before.
      const subject = s.comps.subject
      const orphaned = subject.kind === 'parcel' ? s.selectedId !== subject.id || !s.detailsOpen : s.selectedId !== null
      if (orphaned) s.closeComps()
    }
    if (!s.comps && prev.comps) this.map?.setComps(null)
  }

  private onResult(r: SearchResult): void {
    const s = this.store.getState()
    this.map?.setParcels(r.rows, isBusy(r.status))
    this.map?.setBuildings(s.submitted?.includeBuildings ? r.rows : null)
    if (r.error) this.reportError(r.error)
    // A link's selected parcel that its search did not bring (or no longer does): fetch it.
    const id = s.selectedId
    if (r.status === 'done' && id && s.detailsOpen && !this.parcels.pick.get() && !this.parcels.recordById(id))
      this.parcels.fetch(id)
    // A filters-only search has no drawn area on screen: frame its first loaded batch once.
    const spec = s.submitted
    if (spec?.mode === 'direct' && this.framedSpec !== spec && this.map && r.rows.some(Boolean)) {
      if (this.framedSpec?.filters !== spec.filters) this.map.fitToRecords(r.rows)
      this.framedSpec = spec
    }
  }

  /** 401/403 open Settings with the reason (once per error). */
  private reportError(e: ApiError | null): void {
    if (!e || e === this.reportedError || (e.kind !== 'auth' && e.kind !== 'forbidden')) return
    this.reportedError = e
    this.store.getState().openDialog({ kind: 'settings', reason: e.message })
  }

  private pushAll(): void {
    const map = this.map
    if (!map) return
    const s = this.store.getState()
    const r = this.search.getSnapshot()
    map.setBasemap(s.basemap)
    map.setTheme(s.theme)
    this.coverage.pushTo(map)
    map.setClickMode(clickModeFor(s.tool))
    map.setParcels(r.rows, isBusy(r.status))
    map.setBuildings(s.submitted?.includeBuildings ? r.rows : null)
    map.setSelected(s.selectedId)
    const outlined = () => {
      const l = this.parcels.lookup.get()
      return l && l.source !== 'map' ? l.records : null
    }
    map.setLookupParcels(outlined())
    this.field.pushOutlines(map)
    this.stops.push(this.parcels.lookup.subscribe(() => this.map?.setLookupParcels(outlined())))
  }
}

/** Today in the person's own time zone, YYYY-MM-DD (the day a link says its search was run). */
function localDay(): string {
  const d = new Date()
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

function clickModeFor(tool: AppState['tool']): 'select' | 'identify' | 'none' {
  return tool === 'identify' ? 'identify' : tool === 'pan' ? 'select' : 'none'
}
