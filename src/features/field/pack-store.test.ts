import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { packMeta as meta, parcelRow } from './field-fixtures.test-support'
import { openPackStore } from './pack-store'

describe('openPackStore', () => {
  it('keeps packs, tiles and records apart per pack and deletes a pack whole', async () => {
    const store = openPackStore(new IDBFactory())
    if (!store) throw new Error('no store')
    await store.putMeta(meta('a', { createdAt: '2026-01-01T00:00:00Z' }))
    await store.putMeta(meta('b', { createdAt: '2026-02-01T00:00:00Z' }))
    const t = { z: 16, x: 1, y: 2 }
    await store.putTiles('a', [{ tile: t, data: Uint8Array.of(1, 2).buffer }])
    await store.putTiles('b', [{ tile: { z: 16, x: 9, y: 9 }, data: Uint8Array.of(3).buffer }])
    await store.putRecords('a', parcelRow(3))
    expect((await store.list()).map((p) => p.id)).toEqual(['b', 'a'])
    expect([...new Uint8Array((await store.tile(t))?.data ?? new ArrayBuffer(0))]).toEqual([1, 2])
    expect((await store.tile(t))?.pack).toBe('a')
    expect(await store.tileKeys('a')).toEqual(['16/1/2'])
    expect((await store.records('a')).map((r) => r.svc_uuid)).toEqual(['p0', 'p1', 'p2'])
    await store.remove('a')
    expect(await store.tile(t)).toBeNull()
    expect(await store.records('a')).toEqual([])
    expect((await store.list()).map((p) => p.id)).toEqual(['b'])
    expect(await store.tileKeys('b')).toEqual(['16/9/9'])
  })

  it('is null where the browser has no IndexedDB', () => {
    expect(openPackStore(undefined)).toBeNull()
  })
})
