/**
 * Makes the stored zooms' tiles (tile-store.ts) of a new data version ahead of the first person who
 * looks: after a load (or at start, after the demo load) every tile from z10 to z12 that covers a
 * loaded county is made once and kept, coarsest zoom first (a county view needs few of them), and
 * the tiles of older versions are deleted once the new ones are in. One tile at a time, so on the
 * embedded database (one connection) requests still get their turn between a warm's statements.
 * A new version seen mid-warm stops the old warm; the next look at the version starts the new one.
 */
import { type Box, tilesInBox } from '../../contract/tile-math'
import { PARCEL_TILE_MIN_ZOOM } from '../../contract/tiles'
import type { Queryable } from '../db/database'
import type { TileCoord } from './tile-coords'
import type { MadeTile } from './tile-maker'
import { STORED_MAX_ZOOM, type TileStore, tileKey } from './tile-store'

/** Every stored-zoom tile over these boxes, once each, coarsest zoom first. */
export function warmList(boxes: readonly Box[]): TileCoord[] {
  const seen = new Set<string>()
  const out: TileCoord[] = []
  for (let z = PARCEL_TILE_MIN_ZOOM; z <= STORED_MAX_ZOOM; z++)
    for (const box of boxes)
      for (const t of tilesInBox(box, z)) {
        const k = tileKey(t)
        if (seen.has(k)) continue
        seen.add(k)
        out.push(t)
      }
  return out
}

export interface WarmResult {
  version: string
  made: number
  kept: number
  pruned: number
  ms: number
  /** false when a newer version turned up mid-warm (or the database went away) */
  complete: boolean
}

export interface TileWarmer {
  /** Starts warming `version` unless it is warm or being warmed. */
  poke(version: string): void
  /** The warm under way (or the last one), for tests and benchmarks. */
  idle(): Promise<WarmResult | null>
}

export function tileWarmer(
  db: Queryable,
  store: TileStore,
  make: (tile: TileCoord) => Promise<MadeTile>,
  log: (line: string) => void = () => {},
): TileWarmer {
  let target: string | null = null
  let running: Promise<WarmResult | null> = Promise.resolve(null)

  async function warm(version: string): Promise<WarmResult> {
    const t0 = performance.now()
    const result: WarmResult = { version, made: 0, kept: 0, pruned: 0, ms: 0, complete: false }
    const boxes = (
      await db.query<{ west: number; south: number; east: number; north: number }>(
        'SELECT west, south, east, north FROM counties WHERE parcels > 0 AND west IS NOT NULL',
      )
    ).map((r): Box => [r.west, r.south, r.east, r.north])
    const list = warmList(boxes)
    const kept = new Set<string>()
    for (let z = PARCEL_TILE_MIN_ZOOM; z <= STORED_MAX_ZOOM; z++)
      for (const k of await store.kept(version, z)) kept.add(k)
    for (const tile of list) {
      if (kept.has(tileKey(tile))) {
        result.kept++
        continue
      }
      if (target !== version) return { ...result, ms: performance.now() - t0 }
      const made = await make(tile)
      // Read at another version: a load landed meanwhile, and its own warm will follow.
      if (made.version !== version) return { ...result, ms: performance.now() - t0 }
      await store.put(tile, made)
      result.made++
    }
    result.pruned = await store.prune(version)
    result.complete = true
    result.ms = performance.now() - t0
    log(
      `Tiles: z${PARCEL_TILE_MIN_ZOOM}–z${STORED_MAX_ZOOM} of data version ${version} kept (${result.made} tiles made, ${result.kept} kept before, ${(result.ms / 1000).toFixed(1)} s).`,
    )
    return result
  }

  return {
    poke(version) {
      if (version === target || version === 'empty') return
      target = version
      const before = running
      // A failed warm (the database closing under it, a statement timeout) leaves tiles to be made on demand.
      running = before.then(() => warm(version).catch(() => null))
    },
    idle: () => running,
  }
}
