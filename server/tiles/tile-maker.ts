/**
 * Making one parcel tile within the size cap (tile-budget.ts): estimate, render at the chosen detail,
 * and render again coarser while the bytes are over the cap. Rendering is the backend's: ST_AsMVT on
 * PostgreSQL (postgres-tiles.ts), SQL clipping and Node encoding on the embedded database
 * (embedded-tiles.ts); both select the same parcels with the same SQL (tile-sql.ts).
 */
import type { Queryable, QueryOptions } from '../db/database'
import { chooseDetail, coarser, omittedBy, type SizeClass, type TileDetail } from './tile-budget'
import type { TileCoord } from './tile-coords'
import { ESTIMATE, frameParams } from './tile-sql'

export interface Rendered {
  bytes: Uint8Array
  /** parcels written (those that vanished when snapped to the tile grid are not) */
  parcels: number
  /** the data version the tile was read at (the ETag's stem) */
  version: string
}

export interface TileRenderer {
  render(tile: TileCoord, detail: TileDetail, opts: QueryOptions): Promise<Rendered>
}

export interface MadeTile extends Rendered {
  detail: TileDetail
  /** parcels of the tile left out by the size cap */
  omitted: number
}

async function sizeClasses(db: Queryable, tile: TileCoord, opts: QueryOptions): Promise<SizeClass[]> {
  const rows = await db.query<{ size_class: number; parcels: number; vertices: number }>(
    ESTIMATE,
    frameParams(tile),
    opts,
  )
  return rows.map((r) => ({ sizeClass: r.size_class, parcels: r.parcels, vertices: r.vertices }))
}

export async function makeTile(
  db: Queryable,
  renderer: TileRenderer,
  tile: TileCoord,
  capBytes: number,
  opts: QueryOptions,
): Promise<MadeTile> {
  const classes = await sizeClasses(db, tile, opts)
  let detail = chooseDetail(classes, capBytes)
  for (;;) {
    const rendered = await renderer.render(tile, detail, opts)
    const next = rendered.bytes.byteLength > capBytes ? coarser(detail) : null
    if (!next) return { ...rendered, detail, omitted: omittedBy(classes, detail) }
    detail = next
  }
}
