import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { type DownloadProgress, downloadTiles } from './pack-download'
import { openPackStore } from './pack-store'

const tiles = Array.from({ length: 10 }, (_, i) => ({ z: 16, x: i, y: 0 }))

describe('downloadTiles', () => {
  it('stores every tile, reports progress per tile, and never runs more than `concurrency` at once', async () => {
    const store = openPackStore(new IDBFactory())
    if (!store) throw new Error('no store')
    let running = 0
    let most = 0
    const seen: DownloadProgress[] = []
    const result = await downloadTiles(
      tiles,
      async (t) => {
        running++
        most = Math.max(most, running)
        await new Promise((r) => setTimeout(r, 2))
        running--
        return t.x === 3 ? null : Uint8Array.of(t.x).buffer
      },
      store,
      'p',
      { signal: new AbortController().signal, onProgress: (p) => seen.push(p), concurrency: 3, batch: 4 },
    )
    expect(result).toEqual({ done: 10, total: 10, bytes: 9, failed: 0 })
    expect(most).toBe(3)
    expect(seen.map((p) => p.done)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect((await store.tileKeys('p')).sort()).toHaveLength(9)
  })

  it('retries a failing tile, then counts it as missing', async () => {
    const store = openPackStore(new IDBFactory())
    if (!store) throw new Error('no store')
    const attempts = new Map<number, number>()
    const result = await downloadTiles(
      tiles.slice(0, 3),
      async (t) => {
        attempts.set(t.x, (attempts.get(t.x) ?? 0) + 1)
        if (t.x === 1) throw new TypeError('Failed to fetch')
        if (t.x === 2 && attempts.get(2) === 1) throw new TypeError('flaky')
        return new ArrayBuffer(1)
      },
      store,
      'p',
      { signal: new AbortController().signal, onProgress: () => {}, retries: 1 },
    )
    expect(result.failed).toBe(1)
    expect(attempts.get(1)).toBe(2)
    expect(attempts.get(2)).toBe(2)
  })

  it('stops on Cancel', async () => {
    const store = openPackStore(new IDBFactory())
    if (!store) throw new Error('no store')
    const abort = new AbortController()
    const run = downloadTiles(
      tiles,
      async (t) => {
        if (t.x === 2) abort.abort(new DOMException('Cancelled', 'AbortError'))
        return new ArrayBuffer(1)
      },
      store,
      'p',
      { signal: abort.signal, onProgress: () => {}, concurrency: 1 },
    )
    await expect(run).rejects.toThrow('Cancelled')
  })
})
