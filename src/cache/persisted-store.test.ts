import { IDBDatabase, IDBFactory } from 'fake-indexeddb'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { openIdbStore, type StoreOptions } from './persisted-store'

const LIMITS = { maxBytes: 10_000_000, maxAgeMs: 60_000 }
let names = 0

/** One browser profile: a fresh in-memory IndexedDB; each `open` is a page (a tab, or after a reload). */
function profile(limits = LIMITS, options: StoreOptions = {}) {
  const idb = new IDBFactory()
  const name = `plat-cache-test-${++names}`
  return () => {
    const store = openIdbStore(limits, { idb, name, quietMs: 20, ...options })
    if (!store) throw new Error('no store')
    return store
  }
}

const page = (n: number) => ({ results: [{ svc_uuid: `p${n}`, acres: n }], count: 1, limit: 100, offset: n })
const settle = (ms = 80) => new Promise((r) => setTimeout(r, ms))
const transactions = () => vi.spyOn(IDBDatabase.prototype, 'transaction')

afterEach(() => vi.restoreAllMocks())

describe('persisted store (IndexedDB)', () => {
  it('answers from the pending batch at once, and from disk after a reload', async () => {
    const open = profile()
    const first = open()
    first.set('k1', page(1))
    expect(await first.get('k1')).toEqual(page(1))
    await settle()
    const reloaded = open()
    expect(await reloaded.get('k1')).toEqual(page(1))
    expect(await reloaded.get('k2')).toBeUndefined()
  })

  it('writes a burst of responses in one transaction, after the burst', async () => {
    const open = profile()
    const store = open()
    expect(await store.get('warm-up')).toBeUndefined() // the index is loaded
    const tx = transactions()
    for (let i = 0; i < 30; i++) {
      store.set(`k${i}`, page(i))
      await settle(2) // responses arriving one after another, inside the quiet time
    }
    expect(tx.mock.calls.filter((c) => c[1] === 'readwrite')).toHaveLength(0)
    await settle()
    expect(tx.mock.calls.filter((c) => c[1] === 'readwrite')).toHaveLength(1)
    const reloaded = open()
    for (let i = 0; i < 30; i++) expect(await reloaded.get(`k${i}`)).toEqual(page(i))
  })

  it('a miss costs no IndexedDB read once the index is loaded', async () => {
    const open = profile()
    const store = open()
    store.set('there', page(1))
    await settle()
    const reloaded = open()
    expect(await reloaded.get('there')).toEqual(page(1))
    const tx = transactions()
    for (let i = 0; i < 200; i++) expect(await reloaded.get(`missing-${i}`)).toBeUndefined()
    expect(tx).not.toHaveBeenCalled()
    expect(await reloaded.get('there')).toEqual(page(1))
    expect(tx).toHaveBeenCalledTimes(1)
  })

  it('an entry older than the age limit is a miss', async () => {
    let t = 1_000_000
    const open = profile(LIMITS, { now: () => t })
    open().set('k', page(1))
    await settle()
    t += LIMITS.maxAgeMs + 1
    expect(await open().get('k')).toBeUndefined()
  })

  it('over the size cap, the oldest written go first, down to 80% of it', async () => {
    let t = 0
    const text = JSON.stringify(page(0)).length
    const open = profile({ maxBytes: text * 10, maxAgeMs: 60_000 }, { now: () => ++t })
    const store = open()
    for (let i = 0; i < 12; i++) {
      store.set(`k${i}`, page(i))
      await settle() // one write each: twelve ages
    }
    const reloaded = open()
    const kept = []
    for (let i = 0; i < 12; i++) kept.push((await reloaded.get(`k${i}`)) !== undefined)
    // The 11th write passed the cap (k10 is a few bytes longer than k0): the oldest went until the
    // rest fit in 80% of it (k0–k3), then the 12th fitted.
    expect(kept).toEqual([false, false, false, false, true, true, true, true, true, true, true, true])
  })

  it('another tab sees what this one wrote without reloading', async () => {
    const open = profile()
    const a = open()
    const b = open()
    expect(await b.get('k')).toBeUndefined() // b's index is loaded, without k
    a.set('k', page(7))
    await settle()
    expect(await b.get('k')).toEqual(page(7))
    await a.clear()
    await settle()
    expect(await b.get('k')).toBeUndefined()
  })

  it('does nothing where there is no IndexedDB or no room', () => {
    expect(openIdbStore({ ...LIMITS, maxBytes: 0 }, { idb: new IDBFactory() })).toBeNull()
  })
})
