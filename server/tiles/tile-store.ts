/**
 * Low-zoom tiles kept in the database (table `tile_store`, migration 23), one row per tile and data
 * version. A z10 tile over a town reads every parcel of the town (hundreds of milliseconds on the
 * embedded database); its stored copy is one primary-key read, so the county view answers as fast
 * as a street tile (issue 18). Rows of other data versions are never served: the version is part of
 * the key, and the warmer (tile-warmer.ts) deletes them once a new version is warm.
 */
import { PARCEL_TILE_MIN_ZOOM } from '../../contract/tiles'
import type { Queryable, QueryOptions } from '../db/database'
import { DETAIL_STEPS } from './tile-budget'
import type { TileCoord } from './tile-coords'
import type { MadeTile } from './tile-maker'

/** Tiles from z10 to this zoom are kept: below z13 a tile spans a town; deeper ones are cheap to make. */
export const STORED_MAX_ZOOM = 12

export const isStoredZoom = (z: number): boolean => z >= PARCEL_TILE_MIN_ZOOM && z <= STORED_MAX_ZOOM

interface Row extends Record<string, unknown> {
  bytes: Uint8Array
  step: number
  parcels: number
  omitted: number
}

export interface TileStore {
  get(version: string, tile: TileCoord, opts?: QueryOptions): Promise<MadeTile | null>
  /** Keeps a made tile under the version it was read at (a second writer of the same tile is ignored). */
  put(tile: TileCoord, made: MadeTile, opts?: QueryOptions): Promise<void>
  /** Which of these tiles are kept for `version` ("z/x/y" keys). */
  kept(version: string, z: number, opts?: QueryOptions): Promise<Set<string>>
  /** Deletes the tiles of every version but this one; returns how many went. */
  prune(version: string, opts?: QueryOptions): Promise<number>
}

export const tileKey = ({ z, x, y }: TileCoord): string => `${z}/${x}/${y}`

export function tileStore(db: Queryable): TileStore {
  return {
    async get(version, { z, x, y }, opts) {
      const rows = await db.query<Row>(
        'SELECT bytes, step, parcels, omitted FROM tile_store WHERE version = $1 AND z = $2 AND x = $3 AND y = $4',
        [version, z, x, y],
        opts,
      )
      const row = rows[0]
      const detail = row && DETAIL_STEPS[row.step]
      if (!row || !detail) return null
      return { bytes: new Uint8Array(row.bytes), parcels: row.parcels, omitted: row.omitted, detail, version }
    },
    async put({ z, x, y }, made, opts) {
      await db.query(
        `INSERT INTO tile_store (version, z, x, y, bytes, step, parcels, omitted) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT DO NOTHING`,
        [made.version, z, x, y, made.bytes, made.detail.step, made.parcels, made.omitted],
        opts,
      )
    },
    async kept(version, z, opts) {
      const rows = await db.query<{ x: number; y: number }>(
        'SELECT x, y FROM tile_store WHERE version = $1 AND z = $2',
        [version, z],
        opts,
      )
      return new Set(rows.map((r) => tileKey({ z, x: r.x, y: r.y })))
    },
    async prune(version, opts) {
      const rows = await db.query<{ n: number }>(
        'WITH d AS (DELETE FROM tile_store WHERE version <> $1 RETURNING 1) SELECT count(*)::int AS n FROM d',
        [version],
        opts,
      )
      return rows[0]?.n ?? 0
    },
  }
}
