/**
 * The packs on this device, in memory: their descriptions (kept in step with the store), their
 * records (read from IndexedDB the first time a pack is needed, then kept), and the offline answers
 * drawn from them — a tile, the parcels at a point, an area's ids, a query page, the coverage as it
 * was. The app asks here only when the network has failed (or for tiles, first: a tile of the same
 * data version is the same bytes), so online use is unchanged.
 */
import type { FeatureCollection } from 'geojson'
import type { ParcelRecord, QueryRequest, QueryResponse } from '../../../contract/schemas'
import type { TileXYZ } from '../../../contract/tile-math'
import type { CoverageResponse } from '../../../contract/tiles'
import { areaIds, queryPage, recordsAt } from './pack-answers'
import type { PackStore } from './pack-store'
import type { PackMeta } from './pack-types'

/** An answer and the pack(s) it came from (the app says "offline: from pack …"). */
export interface PackAnswer<T> {
  value: T
  packs: string[]
}

export class PackLibrary {
  private packs: PackMeta[] = []
  private readonly records = new Map<string, Promise<ParcelRecord[]>>()
  private readonly listeners = new Set<() => void>()
  private loaded: Promise<void> | null = null

  constructor(readonly store: PackStore | null) {}

  get available(): boolean {
    return this.store !== null
  }

  list = (): readonly PackMeta[] => this.packs

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Reads the pack list (once at start, and after every change). */
  async refresh(): Promise<void> {
    if (!this.store) return
    this.packs = await this.store.list()
    for (const l of this.listeners) l()
  }

  private ready(): Promise<void> {
    this.loaded ??= this.refresh().catch((e: unknown) => console.warn('Plat: field packs could not be read', e))
    return this.loaded
  }

  /** A pack's records (forget with `forget` after it changes). */
  recordsOf(id: string): Promise<ParcelRecord[]> {
    let r = this.records.get(id)
    if (!r) {
      r = this.store ? this.store.records(id) : Promise.resolve([])
      this.records.set(id, r)
      r.catch(() => this.records.delete(id))
    }
    return r
  }

  forget(id: string): void {
    this.records.delete(id)
  }

  private async complete(): Promise<PackMeta[]> {
    await this.ready()
    return this.packs.filter((p) => p.status !== 'downloading')
  }

  /** Every record of every pack, each id once (the newest pack's copy wins). */
  private async allRecords(): Promise<{ records: ParcelRecord[]; packs: PackMeta[] }> {
    const packs = await this.complete()
    const seen = new Map<string, ParcelRecord>()
    for (const p of [...packs].reverse()) for (const r of await this.recordsOf(p.id)) seen.set(r.svc_uuid, r)
    return { records: [...seen.values()], packs }
  }

  async packTile(t: TileXYZ): Promise<{ data: ArrayBuffer; version: string } | null> {
    if (!this.store) return null
    const row = await this.store.tile(t)
    if (!row) return null
    await this.ready()
    const pack = this.packs.find((p) => p.id === row.pack)
    return { data: row.data, version: pack?.dataVersion ?? '' }
  }

  async recordsAt(lng: number, lat: number): Promise<PackAnswer<ParcelRecord[]> | null> {
    const packs = await this.complete()
    for (const p of packs) {
      const [w, s, e, n] = p.bbox
      if (lng < w || lng > e || lat < s || lat > n) continue
      const found = recordsAt(await this.recordsOf(p.id), lng, lat)
      if (found.length) return { value: found, packs: [p.name] }
    }
    return null
  }

  async answerArea(area: FeatureCollection): Promise<PackAnswer<{ svc_uuids: string[] }> | null> {
    const { records, packs } = await this.allRecords()
    if (packs.length === 0) return null
    return { value: { svc_uuids: areaIds(records, area) }, packs: packs.map((p) => p.name) }
  }

  async answerQuery(req: QueryRequest): Promise<PackAnswer<QueryResponse> | null> {
    const { records, packs } = await this.allRecords()
    if (packs.length === 0) return null
    return { value: queryPage(records, req), packs: packs.map((p) => p.name) }
  }

  /** GET /coverage as the newest pack saw it (the map draws the packs' tiles with it). */
  async coverage(): Promise<CoverageResponse | null> {
    const packs = await this.complete()
    return packs.find((p) => p.coverage.tiles !== null)?.coverage ?? packs[0]?.coverage ?? null
  }
}
