/**
 * What the tile routes need from the database: tiles within the size cap, the data version, and
 * the coverage; the renderer is chosen by the backend (ST_AsMVT on PostgreSQL, SQL + Node encoding
 * on the embedded database). Tiles of the stored zooms (z10–z12) are read from the tile store when
 * kept for the current version, else made and kept; a new version is warmed in the background.
 */
import type { CoverageResponse } from '../../contract/tiles'
import type { Database } from '../db/database'
import { coverageCache } from './coverage'
import { dataVersionCache } from './data-version'
import { embeddedTiles } from './embedded-tiles'
import { postgresTiles } from './postgres-tiles'
import type { TileCoord } from './tile-coords'
import { type MadeTile, makeTile } from './tile-maker'
import { isStoredZoom, tileStore } from './tile-store'
import { type TileWarmer, tileWarmer } from './tile-warmer'

export interface ServedTile extends MadeTile {
  /** 'hit': read from the tile store; 'miss': made now and kept; undefined: a zoom that is not kept */
  store?: 'hit' | 'miss'
}

export interface TileService {
  tile(tile: TileCoord, signal?: AbortSignal): Promise<ServedTile>
  version(): Promise<string>
  coverage(): Promise<CoverageResponse>
  readonly warmer: TileWarmer
}

export interface TileServiceOptions {
  /** STATEMENT_TIMEOUT_MS: each statement of a tile has it */
  timeoutMs: number
  /** TILE_MAX_KB in bytes */
  capBytes: number
  /** TILE_STORE: keep and warm the z10–z12 tiles (default on) */
  store?: boolean
  log?: (line: string) => void
  /** Where tiles are made and the version and coverage read (a read replica); the tile store is written on `db`. */
  reads?: Database
}

/** A load shows in coverage and in tile ETags within this long. */
const FRESH_MS = 1000

export function tileService(
  db: Database,
  { timeoutMs, capBytes, store: keep = true, log, reads = db }: TileServiceOptions,
): TileService {
  const renderer = reads.kind === 'postgres' ? postgresTiles(reads) : embeddedTiles(reads)
  const readVersion = dataVersionCache(reads, { ttlMs: FRESH_MS, timeoutMs })
  const coverage = coverageCache(reads, { ttlMs: FRESH_MS, timeoutMs })
  const store = tileStore(db)
  const warmer = tileWarmer(reads, store, (t) => makeTile(reads, renderer, t, capBytes, { timeoutMs }), log)
  // Every look at the version (each tile, each coverage) notices a load and starts its warm.
  const version = async () => {
    const v = await readVersion()
    if (keep) warmer.poke(v)
    return v
  }
  void version().catch(() => {})
  return {
    async tile(tile, signal) {
      const opts = { signal, timeoutMs }
      if (!keep || !isStoredZoom(tile.z)) return makeTile(reads, renderer, tile, capBytes, opts)
      const current = await version()
      const kept = await store.get(current, tile, opts)
      if (kept) return { ...kept, store: 'hit' }
      const made = await makeTile(reads, renderer, tile, capBytes, opts)
      if (made.version === current) await store.put(tile, made, opts)
      return { ...made, store: 'miss' }
    },
    version,
    coverage: async () => {
      const c = await coverage()
      if (keep) warmer.poke(c.version)
      return c
    },
    warmer,
  }
}
