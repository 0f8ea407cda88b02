import { describe, expect, it } from 'vitest'
import type { ParcelRecord } from '../../../contract/schemas'
import { createAppStore } from '../../state/store'
import { ParcelOpener } from './parcel-opener'

/** An opener over a "server" whose owner of P1 is `owner.now`, behind a cache kept until forgotten. */
function setup(frameOnFetch: string | null = null, map = { exists: true }) {
  const owner = { now: 'OWNER 1' }
  const kept = new Map<string, ParcelRecord>()
  const asked: string[] = []
  let forgotten = 0
  const store = createAppStore()
  const staleRow = { svc_uuid: 'P1', owner: 'OWNER 1' } as ParcelRecord
  const framed: unknown[] = []
  const opener = new ParcelOpener({
    store,
    lookupPoint: async () => [],
    fetchParcel: async (id) => {
      const hit = kept.get(id)
      if (hit) return hit
      asked.push(id)
      const record = {
        svc_uuid: id,
        owner: owner.now,
        geom: { type: 'Point', coordinates: [-93.6, 42] },
      } as ParcelRecord
      kept.set(id, record)
      return record
    },
    rows: () => [staleRow],
    // Frames only once a map exists, as the workspace's map does.
    frame: (g) => map.exists && framed.push(g) > 0,
    reportError: () => {},
    busy: () => {},
    frameOnFetch,
    forgetAnswers: async () => {
      forgotten++
      kept.clear()
    },
  })
  const settle = () => new Promise((r) => setTimeout(r, 0))
  return { owner, opener, store, asked, forgotten: () => forgotten, settle, kept, framed }
}

describe('a parcel opened from a watch’s change', () => {
  it('shows the record after the change, not the one the rows and the cache kept from before', async () => {
    const t = setup()
    await t.opener.fetch('P1')
    await t.settle()
    expect(t.kept.get('P1')?.owner).toBe('OWNER 1')
    t.owner.now = 'BUYER P01' // the county was reloaded
    t.opener.openChanged('P1', 'v2')
    await t.settle()
    await t.settle()
    expect(t.store.getState().selectedId).toBe('P1')
    expect(t.opener.recordById('P1')?.owner).toBe('BUYER P01')
    expect(t.forgotten()).toBe(1)
  })

  it('forgets once per data version: a second change of the same reload is answered from the cache', async () => {
    const t = setup()
    t.opener.openChanged('P1', 'v2')
    await t.settle()
    await t.settle()
    t.opener.openChanged('P2', 'v2')
    await t.settle()
    t.opener.openChanged('P1', 'v2')
    await t.settle()
    expect(t.forgotten()).toBe(1)
    expect(t.asked).toEqual(['P1', 'P2'])
    t.opener.openChanged('P1', 'v3')
    await t.settle()
    await t.settle()
    expect(t.forgotten()).toBe(2)
    expect(t.asked).toEqual(['P1', 'P2', 'P1'])
  })
})

describe('a link’s parcel with no view in the link', () => {
  it('is framed once fetched; a later fetch (a tile click) keeps the map where it is', async () => {
    const t = setup('P9')
    t.opener.fetch('P9')
    await t.settle()
    expect(t.store.getState().selectedId).toBe('P9')
    expect(t.framed).toEqual([{ type: 'Point', coordinates: [-93.6, 42] }])
    t.opener.fetch('P8')
    await t.settle()
    t.opener.fetch('P9')
    await t.settle()
    expect(t.framed).toHaveLength(1)
  })

  it('is not framed when none was named (a link with its own view, or no parcel)', async () => {
    const t = setup()
    t.opener.fetch('P9')
    await t.settle()
    expect(t.store.getState().selectedId).toBe('P9')
    expect(t.framed).toEqual([])
  })

  it('fetched before the map exists (its code still loading), is framed once the map comes, and only once', async () => {
    const map = { exists: false }
    const t = setup('P9', map)
    t.opener.fetch('P9')
    await t.settle()
    expect(t.store.getState().selectedId).toBe('P9')
    expect(t.framed).toEqual([])
    map.exists = true
    const outlines: unknown[] = []
    t.opener.pushTo({ setLookupParcels: (records) => outlines.push(records) })
    expect(t.framed).toEqual([{ type: 'Point', coordinates: [-93.6, 42] }])
    expect(outlines).toEqual([null])
    t.opener.pushTo({ setLookupParcels: () => {} }) // a remount: nothing waits any more
    expect(t.framed).toHaveLength(1)
  })

  it('a frame that waited for the map is dropped when another parcel opens first', async () => {
    const map = { exists: false }
    const t = setup('P9', map)
    t.opener.fetch('P9')
    await t.settle()
    t.opener.open({ svc_uuid: 'P7' } as ParcelRecord, { zoom: false })
    map.exists = true
    t.opener.pushTo({ setLookupParcels: () => {} })
    expect(t.framed).toEqual([])
  })
})
