/**
 * Fetching a pack's parcel tiles: a few at a time (tiles are free, but the server is shared and a
 * phone's link is narrow), each retried twice, written to the pack store in small batches, with
 * progress after every tile and Cancel through the signal. A tile that still fails is counted, not
 * fatal: the pack is stored as partial and Update fetches what is missing.
 */

import type { TileXYZ } from '../../../contract/tile-math'
import type { PackStore } from './pack-store'

/** A tile's bytes; null when the server has none there (an empty tile is an empty buffer). */
export type TileFetcher = (tile: TileXYZ, signal: AbortSignal) => Promise<ArrayBuffer | null>

export interface DownloadProgress {
  done: number
  total: number
  bytes: number
  failed: number
}

export interface DownloadOptions {
  signal: AbortSignal
  onProgress(p: DownloadProgress): void
  concurrency?: number
  retries?: number
  /** Tiles written per IndexedDB transaction. */
  batch?: number
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms)
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(t)
        reject(signal.reason)
      },
      { once: true },
    )
  })

export async function downloadTiles(
  tiles: readonly TileXYZ[],
  fetchTile: TileFetcher,
  store: PackStore,
  pack: string,
  o: DownloadOptions,
): Promise<DownloadProgress> {
  const progress: DownloadProgress = { done: 0, total: tiles.length, bytes: 0, failed: 0 }
  let pending: { tile: TileXYZ; data: ArrayBuffer }[] = []
  let writing: Promise<void> = Promise.resolve()
  const flush = () => {
    const batch = pending
    pending = []
    if (batch.length) writing = writing.then(() => store.putTiles(pack, batch))
    return writing
  }
  let next = 0
  const worker = async () => {
    while (next < tiles.length) {
      o.signal.throwIfAborted()
      const tile = tiles[next++] as TileXYZ
      let data: ArrayBuffer | null | undefined
      for (let attempt = 0; data === undefined && attempt <= (o.retries ?? 2); attempt++) {
        try {
          data = await fetchTile(tile, o.signal)
        } catch (e) {
          if (o.signal.aborted) throw o.signal.reason
          if (attempt < (o.retries ?? 2)) await wait(300 * 2 ** attempt, o.signal)
          else console.warn('Plat field pack: a tile failed', tile, e)
        }
      }
      if (data === undefined) progress.failed++
      else if (data !== null) {
        pending.push({ tile, data })
        progress.bytes += data.byteLength
        if (pending.length >= (o.batch ?? 16)) void flush()
      }
      progress.done++
      o.onProgress({ ...progress })
    }
  }
  await Promise.all(Array.from({ length: Math.min(o.concurrency ?? 4, tiles.length) }, worker))
  await flush()
  return progress
}
