/**
 * The workspace: one plain-TypeScript coordinator, created once per page. It keeps the lifecycle
 * (the map and drawing layer, mounted in a container React gives it), the map binding (store and
 * search snapshot → map, auth errors → Settings, map events → store), the parcel opener (`parcels`)
 * and a list of features. Each feature is made by its module's `create…Feature(ctx)` over a
 * `FeatureContext` (src/ports/feature-context.ts) and gives back its API, which panels call
 * (`workspace.holdings`, `workspace.comps`, …), and hooks called at the registration points: records
 * for the parcel opener, map clicks, a new map or drawing layer (its overlay), store changes,
 * Escape, dispose. React never holds the map controller.
 */
import type { ParcelRecord } from '../../../contract/schemas'
import { type CoverageCounty, PARCEL_TILE_MIN_ZOOM } from '../../../contract/tiles'
import type { ApiError } from '../../api/api-error'
import type { CachedSources } from '../../cache/cached-sources'
import { createChangesFeature } from '../../features/changes/changes-feature'
import type { ChangesFlow } from '../../features/changes/changes-flow'
import { createDrawFeature, type DrawIntents } from '../../features/draw/draw-feature'
import { createFieldFeature } from '../../features/field/field-feature'
import type { FieldFlow } from '../../features/field/field-flow'
import { createHoldingsFeature } from '../../features/holdings/holdings-feature'
import type { HoldingsFlows } from '../../features/holdings/holdings-flows'
import { createSearchFeature, type SearchIntents } from '../../features/search/search-intents'
import type { SearchSession } from '../../features/search/search-session'
import type { SearchResult } from '../../features/search/search-types'
import { type CompsIntents, createCompsFeature } from '../../features/value/comps-feature'
import { createWatchesFeature } from '../../features/watches/watches-feature'
import type { WatchesFlow } from '../../features/watches/watches-flow'
import { createWordsFeature } from '../../features/words/words-feature'
import type { WordsFlow } from '../../features/words/words-flow'
import type { Feature, FeatureContext, FeatureHooks } from '../../ports/feature-context'
import type { DrawPort, MapPort } from '../../ports/workspace-ports'
import type { SearchSpec } from '../../state/search-spec'
import type { AppState, AppStore } from '../../state/store'
import { ValueStore } from '../../state/value-store'
import { CoverageFlow } from './coverage-flow'
import { pushResultTo, pushStateTo, pushStoreChange, ResultMarks } from './map-sync'
import { ParcelOpener } from './parcel-opener'
import { ReportIntents } from './report-intents'
import { openSavedSearch, startOpeningSearch } from './stale-answers'
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
  /** The link's search lost an area or a filter and was not run; the person may run what is left. */
  readonly linkHeld = new ValueStore<boolean>(false)
  readonly coverage: CoverageFlow
  /** Opening parcels: lookups, identify, and parcels fetched by id (a click on the tiles). */
  readonly parcels: ParcelOpener
  /** The one response cache (memory + IndexedDB): the search's sources, shared with comps. */
  readonly sources: CachedSources | null
  /** What changed since a link's data (GET /changes), for the notice over the results. */
  readonly changes: ChangesFlow
  /** Owner portfolios and their holdings, the assemblage, list lookups (features/holdings). */
  readonly holdings: HoldingsFlows
  /** Comparable sales: opened for a subject, shown on the map (features/value). */
  readonly comps: CompsIntents
  /** Field packs, offline answers and "where am I" (features/field). */
  readonly field: FieldFlow
  /** Measuring, and drawing with the keyboard (features/draw). */
  readonly draw: DrawIntents
  /** "Print report": parcel, search, comps and holding reports, and the open one (report-intents.ts). */
  readonly reports: ReportIntents
  /** Searches started from the panels (set-up, map view, county, owner), and sorting. */
  readonly searches: SearchIntents
  /** "Ask in words": a sentence set up as the search (features/words). */
  readonly words: WordsFlow
  /** Parcel Watch: the key's watches, their events and the inbox (features/watches). */
  readonly watches: WatchesFlow
  /** Every feature's hooks, in the order they were created; each is called at its registration point. */
  private readonly features: FeatureHooks[] = []
  private map: MapPort | null = null
  private drawLayer: DrawPort | null = null
  private urlSync: UrlSync | null = null
  private readonly stops: (() => void)[] = []
  private framedSpec: SearchSpec | null = null
  private reportedError: ApiError | null = null
  /** Results onto the map; a short search's once it is done (map-sync.ts). */
  private readonly marks = new ResultMarks(
    () => this.map && pushResultTo(this.map, this.store.getState(), this.search.getSnapshot()),
  )
  private mounted = false

  constructor(private readonly deps: WorkspaceDeps) {
    this.store = deps.store
    this.search = deps.search
    this.sources = deps.sources ?? null
    this.coverage = new CoverageFlow(deps.loadCoverage, deps.apiUrl, deps.pageCoverage ?? null)
    const ctx = this.context()
    this.parcels = new ParcelOpener({
      store: this.store,
      lookupPoint: deps.lookupPoint,
      fetchParcel: deps.fetchParcel,
      rows: () => this.search.getSnapshot().rows,
      frame: (g) => this.map?.fitTo(g, 17) ?? false,
      reportError: (e) => this.reportError(e),
      busy: (identifying) => this.mapStatus.set({ ...this.mapStatus.get(), identifying }),
      // The first feature that holds the record (holdings, lists…); `??` asks no further once found.
      extra: (id) =>
        this.features.reduce<ParcelRecord | undefined>((found, f) => found ?? f.recordById?.(id), undefined),
      forgetAnswers: deps.forgetAnswers,
      frameOnFetch: deps.initialView ? null : (deps.store.getState().selectedId ?? null),
    })
    this.searches = this.add(createSearchFeature(ctx, this.search))
    this.changes = this.add(createChangesFeature(ctx, deps.loadChanges))
    this.holdings = this.add(
      createHoldingsFeature(ctx, {
        sources: deps.holdingSources ?? null,
        confirmThreshold: deps.confirmThreshold ?? (() => 50),
      }),
    )
    this.comps = this.add(createCompsFeature(ctx))
    this.field = this.add(createFieldFeature(ctx, deps.field))
    this.draw = this.add(createDrawFeature(ctx))
    this.words = this.add(createWordsFeature(ctx))
    this.watches = this.add(createWatchesFeature(ctx, deps.watches))
    this.reports = new ReportIntents(ctx, {
      renderMap: deps.renderReportMap,
      search: () => this.search.getSnapshot(),
      basemap: () => this.mapStatus.get().basemap.displayed,
      win: deps.win ?? null,
      apiUrl: deps.apiUrl,
    })
    this.stops.push(this.coverage.state.subscribe(() => this.map && this.coverage.pushTo(this.map)))
    this.stops.push(this.store.subscribe((s, prev) => this.onStore(s, prev)))
    this.stops.push(this.search.subscribe(() => this.onResult(this.search.getSnapshot())))
    if (deps.win) {
      this.urlSync = startUrlSync(
        this.store,
        {
          onProblems: (p, held) => {
            this.linkProblems.set(p)
            this.linkHeld.set(held)
          },
          onView: (v) => this.map?.flyTo(v.center, v.zoom),
        },
        deps.win,
      )
    }
    startOpeningSearch(this.store, this.search, this.coverage, deps.forgetAnswers)
    const s = this.store.getState()
    // A link's selected parcel without a search to bring it: fetch it for its details.
    if (s.selectedId && s.detailsOpen && !s.submitted) this.parcels.fetch(s.selectedId)
  }

  /** What every feature is given: lazy lookups, so no feature depends on the order of creation. */
  private context(): FeatureContext {
    return {
      store: this.store,
      search: this.search,
      coverageState: this.coverage.state,
      coverage: () => this.coverage.ready(),
      counties: () => this.coverage.counties(),
      map: () => this.map,
      draw: () => this.drawLayer,
      recordById: (id) => this.parcels.recordById(id),
      reportError: (e) => this.reportError(e),
      openSearch: (query) => this.openSearch(query),
      addAreas: (polygons, source, label) => this.draw.addAreas(polygons, [], source, label),
    }
  }

  private add<Api>(feature: Feature<Api>): Api {
    this.features.push(feature.hooks)
    return feature.api
  }

  // --- lifecycle ---------------------------------------------------------------------------------

  /** Creates the map (and then the drawing layer) in `container`; returns the unmount. */
  mountMap(container: HTMLElement): () => void {
    let gone = false
    const unmounts: (() => void)[] = []
    // A remount (StrictMode, hot reload) opens where the map last was.
    const view = this.mounted ? this.store.getState().view : (this.deps.initialView ?? null)
    // A link cut short before its view still restores its areas: frame them, not the whole US (issue 18).
    const frameRestored = !this.mounted && view === null
    this.mounted = true
    void this.deps.maps.createMap(container, view).then(async (mounted) => {
      const { map } = mounted
      if (gone) return map.destroy()
      this.map = map
      const current = () => !gone && this.map === map
      map.handlers = {
        onParcelClick: (id, tile) => {
          if (!this.features.some((f) => f.takeParcelClick?.(id))) this.parcels.click(id, tile)
        },
        onIdentify: (at) => void this.parcels.identify(at),
        onViewChange: (v) => this.store.getState().setView(v),
        onPointer: (pointer) => this.mapStatus.set({ ...this.mapStatus.get(), pointer }),
        onBasemapStatus: (basemap) => this.mapStatus.set({ ...this.mapStatus.get(), basemap }),
        onTilesStatus: (tiles) => this.mapStatus.set({ ...this.mapStatus.get(), tiles }),
      }
      this.pushAll()
      if (frameRestored) this.draw.frameAreas()
      for (const f of this.features) {
        const unmount = f.mapMounted?.(mounted, current)
        if (unmount) unmounts.push(unmount)
      }
      const draw = await mounted.createDraw(this.draw.events)
      if (!current()) return draw.destroy()
      this.drawLayer = draw
      for (const f of this.features) f.drawMounted?.(draw)
      draw.setTool(this.store.getState().tool)
      draw.syncAreas(this.store.getState().areas)
    })
    return () => {
      gone = true
      for (const unmount of unmounts.splice(0)) unmount()
      this.drawLayer?.destroy()
      this.map?.destroy()
      this.drawLayer = null
      this.map = null
    }
  }

  dispose(): void {
    for (const stop of this.stops.splice(0)) stop()
    for (const f of this.features) f.dispose?.()
    this.urlSync?.stop()
    this.marks.cancel()
    this.search.dispose()
  }

  // --- intents ----------------------------------------------------------------------------------

  /** "Jump to" a covered county: frames its parcels, close enough for their outlines to show. */
  jumpTo(county: CoverageCounty): void {
    this.map?.fitBounds(county.bbox, PARCEL_TILE_MIN_ZOOM)
  }

  /** Opens a saved search (a link query) as a new history entry. */
  openSearch(query: string): void {
    if (this.urlSync) openSavedSearch(query, this.urlSync, this.coverage, this.deps.forgetAnswers)
  }

  /** Escape: cancels a drawing, else closes the comps, the details or the selection. */
  escape(): void {
    this.drawLayer?.cancel()
    for (const f of this.features) f.escape?.()
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
    pushStoreChange(this.map, this.drawLayer, s, prev)
    for (const f of this.features) f.onStore?.(s, prev)
  }

  private onResult(r: SearchResult): void {
    const s = this.store.getState()
    this.marks.update(r, s.submitted)
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
    pushStateTo(map, this.store.getState(), this.search.getSnapshot())
    this.coverage.pushTo(map)
    this.parcels.pushTo(map)
    for (const f of this.features) f.pushTo?.(map)
    this.stops.push(this.parcels.lookup.subscribe(() => this.map?.setLookupParcels(this.parcels.outlined())))
  }
}
