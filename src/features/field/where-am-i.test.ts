import { describe, expect, it } from 'vitest'
import type { ParcelRecord } from '../../../contract/schemas'
import { parcelRow } from './field-fixtures.test-support'
import { MovementLimiter } from './movement-limiter'
import { type PlaceState, WhereAmI } from './where-am-i'

const row = parcelRow(3) // p0 at -93.6…-93.59, p1 at -93.59…-93.58, p2 …
const at = (lng: number, lat = 42.005) => ({ lng, lat, accuracy: 5, heading: null })

/** The test parcels are squares: corner 0 is south-west, corner 2 north-east. */
function inBox(r: ParcelRecord, lng: number, lat: number): boolean {
  const ring = (r.geom as { coordinates: number[][][] }).coordinates[0] ?? []
  const [w0 = 0, s0 = 0] = ring[0] ?? []
  const [e0 = 0, n0 = 0] = ring[2] ?? []
  return lng >= w0 && lng <= e0 && lat >= s0 && lat <= n0
}

function setup(o: { local?: ParcelRecord[]; server?: ParcelRecord[]; online?: boolean } = {}) {
  const states: PlaceState[] = []
  const calls: [number, number][] = []
  let now = 0
  const retries: (() => void)[] = []
  const w = new WhereAmI(
    {
      localAt: async (lng, lat) => {
        const r = (o.local ?? []).find((x) => inBox(x, lng, lat))
        return r ? { record: r, source: 'pack' } : null
      },
      lookup: async (lng, lat) => {
        calls.push([lng, lat])
        return (o.server ?? []).filter((r) => {
          const ring = (r.geom as { coordinates: number[][][] }).coordinates[0] ?? []
          return (
            lng >= (ring[0]?.[0] ?? 0) &&
            lng <= (ring[2]?.[0] ?? 0) &&
            lat >= (ring[0]?.[1] ?? 0) &&
            lat <= (ring[2]?.[1] ?? 0)
          )
        })
      },
      online: () => o.online ?? true,
      now: () => now,
      onChange: (s) => states.push(s),
      later: (run) => {
        retries.push(run)
        return () => {}
      },
    },
    new MovementLimiter({ minMoveM: 25, minIntervalMs: 5_000 }),
  )
  const owner = () => {
    const s = states.at(-1)
    return s?.status === 'here' ? (s.parcel?.owner ?? null) : s?.status
  }
  return { w, calls, owner, tick: (ms: number) => (now += ms), retries, states }
}

describe('WhereAmI', () => {
  it('names the pack parcel under the position and follows it across a boundary, with no call', async () => {
    const t = setup({ local: row })
    t.w.start()
    await t.w.onFix(at(-93.595))
    expect(t.owner()).toBe('OWNER 0')
    await t.w.onFix(at(-93.585))
    expect(t.owner()).toBe('OWNER 1')
    expect(t.calls).toEqual([])
  })

  it('online: one point call, none while inside that parcel, another after leaving it', async () => {
    const t = setup({ server: row })
    await t.w.onFix(at(-93.595))
    expect(t.owner()).toBe('OWNER 0')
    await t.w.onFix(at(-93.593))
    await t.w.onFix(at(-93.5915))
    expect(t.calls).toHaveLength(1)
    t.tick(6_000)
    await t.w.onFix(at(-93.585))
    expect(t.owner()).toBe('OWNER 1')
    expect(t.calls).toHaveLength(2)
  })

  it('back inside the parcel the server named last: named again with no call', async () => {
    // The server names p1; a fix inside a pack's p0 names that; a fix back in p1, a few metres from
    // where the call was made, is inside the last answer: no call (the movement limit would refuse
    // one) and no "crossing a boundary".
    const t = setup({ local: [row[0] as ParcelRecord], server: row })
    await t.w.onFix(at(-93.585))
    expect(t.owner()).toBe('OWNER 1')
    await t.w.onFix(at(-93.595))
    expect(t.owner()).toBe('OWNER 0')
    await t.w.onFix(at(-93.58505))
    expect(t.owner()).toBe('OWNER 1')
    expect(t.calls).toHaveLength(1)
  })

  it('waits out the interval, then asks again by itself', async () => {
    const t = setup({ server: row })
    await t.w.onFix(at(-93.595))
    t.tick(1_000)
    await t.w.onFix(at(-93.585))
    expect(t.calls).toHaveLength(1)
    expect(t.retries).toHaveLength(1)
    t.tick(5_000)
    t.retries[0]?.()
    await new Promise((r) => setTimeout(r, 0))
    expect(t.calls).toHaveLength(2)
    expect(t.owner()).toBe('OWNER 1')
  })

  it('offline outside every pack says so instead of calling', async () => {
    const t = setup({ online: false })
    await t.w.onFix(at(-90))
    const s = t.states.at(-1)
    expect(s?.status === 'here' && s.note).toBe('Offline, and no field pack covers this spot.')
    expect(t.calls).toEqual([])
  })

  it('stop clears the state', async () => {
    const t = setup({ local: row })
    await t.w.onFix(at(-93.595))
    t.w.stop()
    expect(t.owner()).toBe('off')
  })
})
