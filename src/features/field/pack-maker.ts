/**
 * Making a pack: the plan a person sees before anything is downloaded (the outline, its tiles at
 * z10–z16, the records already loaded, the size estimate) and the download that carries it out —
 * records first (they are in memory: no call is spent), then the tiles (free), then the description
 * with the real sizes. Cancel removes whatever was written.
 */
import type { MultiPolygon, Polygon } from 'geojson'
import { boxOf, isEmptyBox } from '../../../contract/bbox'
import type { ParcelRecord } from '../../../contract/schemas'
import type { TileXYZ } from '../../../contract/tile-math'
import type { CoverageResponse } from '../../../contract/tiles'
import { type DownloadProgress, downloadTiles } from './pack-download'
import { estimatePack, type PackEstimate, recordBytes } from './pack-estimate'
import type { PackStore } from './pack-store'
import type { PackKind, PackMeta } from './pack-types'
import { tilesCovering } from './tile-cover'

export interface PackRequest {
  name: string
  kind: PackKind
  outline: Polygon | MultiPolygon
  records: readonly ParcelRecord[]
  /** GET /coverage now (null: the server says nothing of tiles). */
  coverage: CoverageResponse | null
  /** Absolute tile URL template with `?v=` (null: no parcel tiles on this server). */
  tileUrl: string | null
  searchQuery: string | null
}

export interface PackPlan extends PackRequest {
  bbox: [number, number, number, number]
  tiles: TileXYZ[]
  estimate: PackEstimate
  hasBuildings: boolean
  dataDate: string | null
}

export type PlanResult = { ok: true; plan: PackPlan } | { ok: false; reason: string }

/** When the newest county under the box was loaded: the date of the data a pack carries. */
function dataDateOf(coverage: CoverageResponse | null, box: [number, number, number, number]): string | null {
  const [w, s, e, n] = box
  const under = (coverage?.counties ?? []).filter(
    (c) => c.bbox[0] <= e && c.bbox[2] >= w && c.bbox[1] <= n && c.bbox[3] >= s,
  )
  return (
    under
      .map((c) => c.loaded_at)
      .sort()
      .at(-1) ?? null
  )
}

export function planPack(req: PackRequest): PlanResult {
  const bbox = boxOf(req.outline)
  if (isEmptyBox(bbox)) return { ok: false, reason: 'There is no area to take offline.' }
  let tiles: TileXYZ[] = []
  if (req.tileUrl && req.coverage?.tiles) {
    const cover = tilesCovering(req.outline, {
      minZoom: req.coverage.tiles.min_zoom,
      maxZoom: req.coverage.tiles.max_zoom,
    })
    if (!cover.ok) return { ok: false, reason: cover.reason }
    tiles = cover.tiles
  }
  if (tiles.length === 0 && req.records.length === 0)
    return { ok: false, reason: 'Nothing to take offline here: no parcel tiles and no loaded results.' }
  return {
    ok: true,
    plan: {
      ...req,
      bbox,
      tiles,
      estimate: estimatePack(tiles, req.records),
      hasBuildings: req.records.some((r) => Array.isArray(r.buildings)),
      dataDate: dataDateOf(req.coverage, bbox),
    },
  }
}

export interface MakeDeps {
  store: PackStore
  /** A tile URL's answer from the server (the key added). */
  fetchUrl(url: string, signal: AbortSignal): Promise<Response>
  signal: AbortSignal
  onProgress(p: DownloadProgress): void
  now?: () => Date
  concurrency?: number
}

function tileUrlFor(template: string, t: TileXYZ): string {
  return template.replace('{z}', String(t.z)).replace('{x}', String(t.x)).replace('{y}', String(t.y))
}

async function fetchTileBytes(deps: MakeDeps, template: string, t: TileXYZ, signal: AbortSignal) {
  const res = await deps.fetchUrl(tileUrlFor(template, t), signal)
  if (res.status === 404) return null
  if (!res.ok) throw new Error(`HTTP ${res.status}`)
  return res.arrayBuffer()
}

/**
 * Downloads a plan into the store as pack `id` (a new id, or an existing pack's to update it);
 * `keepBuildings` false strips the buildings from the records to save space.
 */
export async function makePack(plan: PackPlan, id: string, keepBuildings: boolean, deps: MakeDeps): Promise<PackMeta> {
  const now = (deps.now ?? (() => new Date()))().toISOString()
  const records = keepBuildings ? [...plan.records] : plan.records.map(stripBuildings)
  const base: PackMeta = {
    id,
    name: plan.name,
    kind: plan.kind,
    outline: plan.outline,
    bbox: plan.bbox,
    createdAt: now,
    updatedAt: now,
    dataVersion: plan.coverage?.version ?? '',
    dataDate: plan.dataDate,
    coverage: plan.coverage ?? { version: '', tiles: null, counties: [] },
    tileUrl: plan.tileUrl ?? '',
    status: 'downloading',
    tiles: plan.tiles.length,
    missingTiles: 0,
    tileBytes: 0,
    records: records.length,
    recordBytes: recordBytes(records),
    buildings: keepBuildings && plan.hasBuildings,
    searchQuery: plan.searchQuery,
  }
  const { store } = deps
  try {
    await store.putMeta(base)
    await store.clearRecords(id)
    await store.putRecords(id, records)
    const template = plan.tileUrl
    const result = template
      ? await downloadTiles(plan.tiles, (t, signal) => fetchTileBytes(deps, template, t, signal), store, id, {
          signal: deps.signal,
          onProgress: deps.onProgress,
          concurrency: deps.concurrency ?? 4,
        })
      : { done: 0, total: 0, bytes: 0, failed: 0 }
    const meta: PackMeta = {
      ...base,
      status: result.failed > 0 ? 'partial' : 'complete',
      missingTiles: result.failed,
      tileBytes: result.bytes,
    }
    await store.putMeta(meta)
    return meta
  } catch (e) {
    await store.remove(id).catch(() => {})
    throw e
  }
}

function stripBuildings(r: ParcelRecord): ParcelRecord {
  if (!('buildings' in r)) return r
  const { buildings: _, ...rest } = r
  return rest as ParcelRecord
}
