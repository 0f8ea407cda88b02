import { describe, expect, it } from 'vitest'
import type { FilterItem } from '../../../contract/schemas'
import { lowerBound } from './call-bounds.test-support'
import { areaSpec, harness } from './search-harness.test-support'

const pct = (below: number): FilterItem => ({ field: 'cdl_majority_percent', op: 'lt', value: below })

describe('load-all call counts against the lower bound (1 area call + ceil(matches / 100))', () => {
  it.each([1, 99, 100, 101, 10_000, 12_345, 100_000])('no filters, %i ids: exactly the lower bound', async (n) => {
    const h = harness(n)
    const r = await h.run(areaSpec())
    expect(r.status).toBe('done')
    expect(r.rowCount).toBe(n)
    expect(r.calls).toEqual({ area: 1, query: lowerBound(n) })
    // Each call carries at most 100 ids: the bound is met with ~4 KB bodies.
    expect(
      Math.max(...h.server.queries.map((q) => (q.filters.at(-1)?.value as string[] | undefined)?.length ?? 0)),
    ).toBeLessThanOrEqual(100)
    expect(new Set(r.rows.map((x) => x?.svc_uuid)).size).toBe(n)
  }, 60_000)

  // One regime each of the chunk sizer (a few matches per chunk, ~1 %, ~10 %, most): the 100,000-id
  // cases cost ~2 s each of the fake server's filtering, so the matrix keeps one per regime.
  const cases: [number, number][] = [
    [10_000, 10],
    [10_000, 60],
    [30_000, 2],
    [30_000, 40],
    [100_000, 0.1],
    [100_000, 1],
    [100_000, 10],
    [100_000, 95],
  ]
  const measured: string[] = []
  it.each(
    cases.map(([n, percent]) => ({ n, percent })),
  )('$n ids, filter matching ~$percent percent: within 10 % + 2 of the bound', async ({ n, percent }) => {
    const h = harness(n)
    const r = await h.run(areaSpec([pct(percent)]))
    const matches = h.server.records.filter((x) => (x.cdl_majority_percent as number) < percent).length
    const bound = 1 + lowerBound(matches)
    const calls = r.calls.area + r.calls.query
    measured.push(`${n} ids, ${percent}% → ${matches} matches: ${calls} calls, bound ${bound}`)
    expect(r.status).toBe('done')
    expect(r.rowCount).toBe(matches)
    expect(new Set(r.rows.map((x) => x?.svc_uuid)).size).toBe(matches)
    expect(calls).toBeLessThanOrEqual(Math.floor(bound * 1.1) + 2)
    if (n <= 10_100) expect(calls).toBe(bound) // one chunk: exactly the bound
  }, 60_000)
  it('prints the measurements', () => {
    console.log(`call counts:\n${measured.join('\n')}`)
  })

  it('rows arrive in id order, chunk by chunk', async () => {
    const h = harness(5_000)
    const r = await h.run(areaSpec([pct(50)]))
    const ids = r.rows.map((x) => x?.svc_uuid as string)
    expect(ids).toEqual([...ids].sort())
  })

  it('an empty area costs the area call only', async () => {
    const h = harness(0)
    const r = await h.run(areaSpec([pct(5)]))
    expect(r).toMatchObject({ status: 'done', rowCount: 0, calls: { area: 1, query: 0 } })
  })
})

describe('cache', () => {
  it('a repeated search costs zero calls', async () => {
    const h = harness(20_000)
    await h.run(areaSpec([pct(20)]))
    const before = h.server.queries.length
    h.session.start(null, 'all')
    const again = await h.run(areaSpec([pct(20)]))
    expect(again.calls).toEqual({ area: 0, query: 0 })
    expect(h.server.queries.length).toBe(before)
    expect(again.rowCount).toBeGreaterThan(0)
    expect(again.progress.callsCached).toBe(again.progress.callsDone + 1)
  })

  it('filter order, `in` value order and equal areas share the cache', async () => {
    const h = harness(3_000)
    const a: FilterItem = { field: 'cdl_majority_category', op: 'in', value: ['Corn', 'Soybeans'] }
    await h.run(areaSpec([a, pct(50)]))
    h.session.start(null, 'all')
    const b: FilterItem = { ...a, value: ['Soybeans', 'Corn'] }
    const shifted = { ...areaSpec().areas[0]!, geometry: { ...areaSpec().areas[0]!.geometry } }
    const again = await h.run(areaSpec([pct(50), b], { areas: [shifted] }))
    expect(again.calls).toEqual({ area: 0, query: 0 })
  })

  it('pressing Search again on a running, unchanged search does not restart it', async () => {
    const h = harness(2_000)
    h.session.start(areaSpec(), 'all')
    h.session.start(areaSpec(), 'all')
    await h.session.settled()
    expect(h.session.getSnapshot().calls).toEqual({ area: 1, query: 20 })
    expect(h.server.queries.length).toBe(20)
  })
})
