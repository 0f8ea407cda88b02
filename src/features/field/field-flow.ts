/**
 * The field (issue 24), for the workspace: taking a search, the map view or any outline with records
 * (a holding) offline as a pack — plan with its size first, then download with progress and Cancel
 * — listing, updating, deleting and exporting packs, the storage budget, the packs' outlines on the
 * map, whether the app is answering from packs, and "where am I" (the parcel under the position).
 * Plain TypeScript like the rest of the workspace; the pack logic lives in src/features/field.
 */
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson'
import { boxOf } from '../../../contract/bbox'
import type { ParcelRecord } from '../../../contract/schemas'
import { type CoverageResponse, PARCEL_TILE_MAX_ZOOM } from '../../../contract/tiles'
import { describeSearch } from '../../format/search-summary'
import { viewRectangle } from '../../geo/view-area'
import type { LngLat, MapPort, PositionFixEvent, Rows } from '../../ports/workspace-ports'
import type { AppStore } from '../../state/store'
import { ValueStore } from '../../state/value-store'
import { FIELD_EXPORTS, type FieldExportKind, recordsOutline } from './export-kinds'
import type { ExportInput } from './field-exports'
import { recordContains } from './pack-answers'
import type { DownloadProgress } from './pack-download'
import type { PackLibrary } from './pack-library'
import { makePack, type PackPlan, planPack } from './pack-maker'
import type { PackKind, PackMeta } from './pack-types'
import { type PlaceState, type PositionFix, WhereAmI } from './where-am-i'

export type PackJob =
  | { stage: 'plan'; plan: PackPlan; updating: string | null }
  | { stage: 'refused'; reason: string }
  | { stage: 'downloading'; plan: PackPlan; progress: DownloadProgress; startedAt: number }
  | { stage: 'done'; meta: PackMeta; seconds: number }
  | { stage: 'failed'; message: string }

export interface StorageState {
  usage: number | null
  quota: number | null
  persisted: boolean | null
}

export interface FieldDeps {
  library: PackLibrary
  /** A URL on the API's server with the key added (tiles for a pack). */
  fetchUrl(url: string, signal: AbortSignal): Promise<Response>
  /** GET /parcels/point through the response cache (online). */
  lookupPoint(at: LngLat): Promise<ParcelRecord[]>
  /** Absolute URL of a path on the API's server (unwrapped: the real tile template). */
  apiUrl(path: string): string
  online(): boolean
  storage: StorageManager | null
  save(blob: Blob, fileName: string): void
  /** The address bar's query now (the search's link), for reopening a pack's search. */
  linkQuery(): string | null
  now?(): number
}

export interface FieldContext {
  store: AppStore
  map(): MapPort | null
  rows(): Rows
  /** The loaded search is complete (every match). */
  complete(): boolean
  coverage(): CoverageResponse | null
  openSearch(query: string): void
}

/** For a workspace without storage (Node tests): no packs, no network. */
export function noFieldDeps(library: PackLibrary): FieldDeps {
  return {
    library,
    fetchUrl: () => Promise.reject(new Error('no network')),
    lookupPoint: async () => [],
    apiUrl: (path) => path,
    online: () => false,
    storage: null,
    save: () => {},
    linkQuery: () => null,
  }
}

const newId = () => `pack-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
const today = () => new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

export class FieldFlow {
  readonly packs = new ValueStore<readonly PackMeta[]>([])
  readonly job = new ValueStore<PackJob | null>(null)
  readonly place = new ValueStore<PlaceState>({ status: 'off' })
  readonly storage = new ValueStore<StorageState | null>(null)
  /** Answers came from packs (names) because the server could not be reached; null when online answers flow. */
  readonly answeredOffline = new ValueStore<readonly string[] | null>(null)
  readonly panelOpen = new ValueStore<boolean>(false)
  private abort: AbortController | null = null
  private bannerRoom = { top: 0, bottom: 0 }
  private readonly whereAmI: WhereAmI
  private readonly now: () => number

  constructor(
    private readonly deps: FieldDeps,
    private readonly ctx: FieldContext,
  ) {
    this.now = deps.now ?? (() => Date.now())
    this.whereAmI = new WhereAmI({
      localAt: (lng, lat) => this.localAt(lng, lat),
      lookup: (lng, lat) => deps.lookupPoint({ lng, lat }),
      online: () => deps.online(),
      now: this.now,
      onChange: (s) => this.place.set(s),
      later: (run, ms) => {
        const t = setTimeout(run, ms)
        return () => clearTimeout(t)
      },
    })
    deps.library.subscribe(() => {
      this.packs.set(deps.library.list())
      this.pushOutlines()
    })
    void deps.library.refresh().catch((e: unknown) => console.warn('Plat: field packs could not be read', e))
  }

  get available(): boolean {
    return this.deps.library.available
  }

  // --- map ---------------------------------------------------------------------------------------

  pushOutlines(map: MapPort | null = this.ctx.map()): void {
    const features = this.packs.get().map((p) => ({
      type: 'Feature' as const,
      properties: { id: p.id, name: p.name },
      geometry: p.outline,
    }))
    map?.setPackOutlines?.({ type: 'FeatureCollection', features } satisfies FeatureCollection)
  }

  goTo(id: string): void {
    const p = this.packs.get().find((x) => x.id === id)
    if (p) this.ctx.map()?.fitTo(p.outline, 16)
    this.panelOpen.set(false)
  }

  // --- planning ----------------------------------------------------------------------------------

  private tileUrl(coverage: CoverageResponse | null): string | null {
    if (!coverage?.tiles) return null
    return `${this.deps.apiUrl(coverage.tiles.path)}?v=${encodeURIComponent(coverage.version)}`
  }

  private plan(
    kind: PackKind,
    name: string,
    outline: Polygon | MultiPolygon | null,
    records: readonly ParcelRecord[],
    updating: string | null = null,
  ): void {
    const refusal = !this.available
      ? 'This browser cannot store offline packs.'
      : !outline
        ? 'There is no area to take offline.'
        : null
    if (refusal || !outline) {
      this.job.set({ stage: 'refused', reason: refusal ?? '' })
      return
    }
    const coverage = this.ctx.coverage()
    const searchQuery = kind === 'search' ? this.deps.linkQuery() : null
    const result = planPack({ name, kind, outline, records, coverage, tileUrl: this.tileUrl(coverage), searchQuery })
    this.job.set(
      result.ok ? { stage: 'plan', plan: result.plan, updating } : { stage: 'refused', reason: result.reason },
    )
    void this.refreshStorage()
  }

  private loadedRecords(): ParcelRecord[] {
    return this.ctx.rows().filter((r): r is ParcelRecord => r !== undefined)
  }

  /** "Take this search offline": its areas (or, filters-only, the box of its results) and its loaded records. */
  planSearch(): void {
    const spec = this.ctx.store.getState().submitted
    const records = this.loadedRecords()
    if (!spec || records.length === 0) {
      this.job.set({ stage: 'refused', reason: 'Run a search first: its results go into the pack.' })
      return
    }
    const outline: Polygon | MultiPolygon | null =
      spec.mode === 'area' && spec.areas.length > 0
        ? { type: 'MultiPolygon', coordinates: spec.areas.map((a) => a.geometry.coordinates) }
        : recordsOutline(records)
    this.plan('search', describeSearch(spec), outline, records)
  }

  /** "Take this map view offline": the visible rectangle and the loaded results inside it (no call). */
  planView(): void {
    const bounds = this.ctx.map()?.bounds()
    if (!bounds) return
    const [w, s, e, n] = bounds
    const inView = this.loadedRecords().filter((r) => {
      const g = r.geom as Polygon | MultiPolygon | undefined
      if (!g || (g.type !== 'Polygon' && g.type !== 'MultiPolygon')) return false
      const [a, b, c, d] = boxOf(g)
      return a <= e && c >= w && b <= n && d >= s
    })
    this.plan('view', `Map view, ${today()}`, viewRectangle(bounds), inView)
  }

  /** Any outline with its records (a holding, an assemblage: src/features/holdings). */
  planArea(outline: Polygon | MultiPolygon, records: readonly ParcelRecord[], name: string): void {
    this.plan('area', name, outline, records)
  }

  /** Update: the pack's area again at the server's current data version; records refreshed when its search is loaded. */
  async planUpdate(id: string): Promise<void> {
    const p = this.packs.get().find((x) => x.id === id)
    if (!p) return
    const sameSearch = p.searchQuery !== null && p.searchQuery === this.deps.linkQuery() && this.ctx.complete()
    const records = sameSearch ? this.loadedRecords() : await this.deps.library.recordsOf(id)
    this.plan(p.kind, p.name, p.outline, records, id)
  }

  closeJob(): void {
    if (this.job.get()?.stage === 'downloading') return
    this.job.set(null)
  }

  // --- download ----------------------------------------------------------------------------------

  async download(keepBuildings: boolean): Promise<void> {
    const job = this.job.get()
    const store = this.deps.library.store
    if (job?.stage !== 'plan' || !store) return
    const { plan, updating } = job
    const id = updating ?? newId()
    const startedAt = this.now()
    this.abort = new AbortController()
    const progress = { done: 0, total: plan.tiles.length, bytes: 0, failed: 0 }
    this.job.set({ stage: 'downloading', plan, progress, startedAt })
    void this.requestPersistence()
    try {
      if (updating) this.deps.library.forget(updating)
      const meta = await makePack(plan, id, keepBuildings, {
        store,
        fetchUrl: this.deps.fetchUrl,
        signal: this.abort.signal,
        onProgress: (p) => this.job.set({ stage: 'downloading', plan, progress: p, startedAt }),
      })
      this.deps.library.forget(id)
      await this.deps.library.refresh()
      this.job.set({ stage: 'done', meta, seconds: (this.now() - startedAt) / 1000 })
    } catch (e) {
      await this.deps.library.refresh().catch(() => {})
      if (this.abort?.signal.aborted) this.job.set(null)
      else this.job.set({ stage: 'failed', message: `The pack could not be stored: ${(e as Error).message}` })
    } finally {
      this.abort = null
      void this.refreshStorage()
    }
  }

  cancel(): void {
    this.abort?.abort(new DOMException('Cancelled', 'AbortError'))
  }

  async remove(id: string): Promise<void> {
    await this.deps.library.store?.remove(id)
    this.deps.library.forget(id)
    await this.deps.library.refresh()
    void this.refreshStorage()
  }

  openPackSearch(id: string): void {
    const q = this.packs.get().find((p) => p.id === id)?.searchQuery
    if (q) this.ctx.openSearch(q)
    this.panelOpen.set(false)
  }

  // --- storage budget ----------------------------------------------------------------------------

  async refreshStorage(): Promise<void> {
    const s = this.deps.storage
    if (!s) return this.storage.set({ usage: null, quota: null, persisted: null })
    const [estimate, persisted] = await Promise.all([
      s.estimate?.().catch(() => null) ?? null,
      s.persisted?.().catch(() => null) ?? null,
    ])
    this.storage.set({ usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted })
  }

  /** Asks the browser not to evict the packs under storage pressure (it may say no). */
  async requestPersistence(): Promise<void> {
    if (this.storage.get()?.persisted) return
    await this.deps.storage?.persist?.().catch(() => false)
  }

  // --- exports -----------------------------------------------------------------------------------

  async exportPack(id: string, kind: FieldExportKind): Promise<void> {
    const p = this.packs.get().find((x) => x.id === id)
    const store = this.deps.library.store
    if (!p || !store) return
    const records = await this.deps.library.recordsOf(id)
    const packTile = async (t: { z: number; x: number; y: number }) => (await store.tile(t))?.data ?? null
    const blob = await buildFieldExport(kind, { title: p.name, records, outline: p.outline, packTile })
    this.deps.save(blob, fileName(p.name, kind))
  }

  async exportSearch(kind: FieldExportKind): Promise<void> {
    const spec = this.ctx.store.getState().submitted
    const records = this.loadedRecords()
    if (!spec || records.length === 0) return
    const outline =
      spec.mode === 'area' && spec.areas.length > 0
        ? ({ type: 'MultiPolygon', coordinates: spec.areas.map((a) => a.geometry.coordinates) } as MultiPolygon)
        : null
    const title = describeSearch(spec)
    this.deps.save(await buildFieldExport(kind, { title, records, outline }), fileName(title, kind))
  }

  // --- where am I --------------------------------------------------------------------------------

  locate(): void {
    this.whereAmI.start()
    this.pushPositionFit()
    this.ctx.map()?.followPosition?.(true)
  }

  /**
   * The map's edges the field banners cover (px), measured by the panel: the position is framed
   * clear of them, so neither the offline notice nor the position banner sits over the dot.
   */
  setBannerRoom(room: { top: number; bottom: number }): void {
    this.bannerRoom = room
    this.pushPositionFit()
  }

  /**
   * How close the camera goes on the position: offline, no closer than the parcel tiles' own deepest
   * zoom (the pack holds no deeper ones; past it the walk found a flat fill), else street level.
   */
  private pushPositionFit(): void {
    const tilesMax = this.ctx.coverage()?.tiles?.max_zoom ?? PARCEL_TILE_MAX_ZOOM
    const maxZoom = this.deps.online() ? 17 : Math.min(17, tilesMax)
    const pad = 24
    this.ctx.map()?.positionFit?.({
      maxZoom,
      padding: { top: pad + this.bannerRoom.top, bottom: pad + this.bannerRoom.bottom, left: pad, right: pad },
    })
  }

  stopLocating(): void {
    this.ctx.map()?.followPosition?.(false)
    this.whereAmI.stop()
  }

  onPosition(e: PositionFixEvent): void {
    // The network may have come or gone since the last fix: the zoom cap follows it.
    this.pushPositionFit()
    if (e.kind === 'start') this.whereAmI.start()
    else if (e.kind === 'stop') this.whereAmI.stop()
    else if (e.kind === 'error') this.whereAmI.fail(e.message)
    else
      void this.whereAmI.onFix({
        lng: e.lng,
        lat: e.lat,
        accuracy: e.accuracy,
        heading: e.heading,
      } satisfies PositionFix)
  }

  /** The parcel at a point among what this device holds: packs, then the loaded results. */
  private async localAt(lng: number, lat: number) {
    const packed = await this.deps.library.recordsAt(lng, lat)
    const first = packed?.value[0]
    if (first) return { record: first, source: 'pack' as const }
    const loaded = this.loadedRecords().find((r) => recordContains(r, lng, lat))
    return loaded ? { record: loaded, source: 'results' as const } : null
  }
}

/** The writers load on first use (geojson-vt, the PMTiles and GeoPackage writers, sql.js). */
async function buildFieldExport(kind: FieldExportKind, input: ExportInput): Promise<Blob> {
  const { buildFieldExport: build } = await import('./field-exports')
  return build(kind, input)
}

function fileName(title: string, kind: FieldExportKind): string {
  const ext = FIELD_EXPORTS.find((e) => e.kind === kind)?.ext ?? kind
  const base =
    title
      .replace(/[^\p{L}\p{N} ._-]+/gu, ' ')
      .trim()
      .replace(/\s+/g, '-')
      .slice(0, 80) || 'plat'
  return `${base}.${ext}`
}
