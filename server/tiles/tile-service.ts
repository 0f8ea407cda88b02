/**
 * What the tile routes need from the database: tiles within the size cap, the data version, and
 * the coverage; the renderer is chosen by the backend (ST_AsMVT on PostgreSQL, SQL + Node encoding
 * on the embedded database).
 */
import type { CoverageResponse } from '../../contract/tiles'
import type { Database } from '../db/database'
import { coverageCache } from './coverage'
import { dataVersionCache } from './data-version'
import { embeddedTiles } from './embedded-tiles'
import { postgresTiles } from './postgres-tiles'
import type { TileCoord } from './tile-coords'
import { type MadeTile, makeTile } from './tile-maker'

export interface TileService {
  tile(tile: TileCoord, signal?: AbortSignal): Promise<MadeTile>
  version(): Promise<string>
  coverage(): Promise<CoverageResponse>
}

export interface TileServiceOptions {
  /** STATEMENT_TIMEOUT_MS: each statement of a tile has it */
  timeoutMs: number
  /** TILE_MAX_KB in bytes */
  capBytes: number
}

/** A load shows in coverage and in tile ETags within this long. */
const FRESH_MS = 1000

export function tileService(db: Database, { timeoutMs, capBytes }: TileServiceOptions): TileService {
  const renderer = db.kind === 'postgres' ? postgresTiles(db) : embeddedTiles(db)
  const version = dataVersionCache(db, { ttlMs: FRESH_MS, timeoutMs })
  const coverage = coverageCache(db, { ttlMs: FRESH_MS, timeoutMs })
  return {
    tile: (tile, signal) => makeTile(db, renderer, tile, capBytes, { signal, timeoutMs }),
    version,
    coverage,
  }
}
