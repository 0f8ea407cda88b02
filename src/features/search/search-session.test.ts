import { describe, expect, it } from 'vitest'
import type { FilterItem } from '../../../contract/schemas'
import { ApiError } from '../../api/api-error'
import { lowerBound } from './call-bounds.test-support'
import { REACHABLE } from './chunk-plan'
import { ChunkSizer } from './chunk-sizer'
import { areaSpec, directSpec, flush, harness, until } from './search-harness.test-support'
import { publishDelay } from './search-session'

const pct = (below: number): FilterItem => ({ field: 'cdl_majority_percent', op: 'lt', value: below })
const err =
  (status: number, kind: ApiError['kind'], detail = 'x') =>
  () =>
    new ApiError({ status, kind, detail })

describe('cancellation', () => {
  it('cancel mid-run: no further calls, records so far kept, nothing delivered afterwards', async () => {
    const h = harness(5_000, { concurrency: 2 })
    let release: () => void = () => {}
    h.server.gate = () => new Promise<void>((r) => (release = r))
    h.session.start(areaSpec(), 'all')
    await until(() => h.server.queries.length === 2)
    h.session.cancel()
    h.server.gate = null
    release()
    await flush()
    expect(h.server.queries.length).toBe(2)
    const s = h.session.getSnapshot()
    expect(s.status).toBe('stopped')
    expect(s.rowCount).toBe(0) // the two aborted answers never land
  })

  it('a new spec aborts the old run; the old responses never overwrite the new rows', async () => {
    const h = harness(3_000)
    const gates: (() => void)[] = []
    h.server.gate = () => new Promise<void>((r) => gates.push(r))
    h.session.start(areaSpec([pct(50)]), 'all')
    await until(() => gates.length === 1)
    const oldQueries = h.server.queries.length
    h.server.gate = null
    h.session.start(areaSpec([pct(10)]), 'all')
    await h.session.settled()
    for (const g of gates) g() // the old run's answer arrives late
    await flush()
    const s = h.session.getSnapshot()
    const expected = h.server.records.filter((r) => (r.cdl_majority_percent as number) < 10).length
    expect(s.status).toBe('done')
    expect(s.rowCount).toBe(expected)
    expect(s.rows.every((r) => (r?.cdl_majority_percent as number) < 10)).toBe(true)
    expect(h.server.queries.length).toBe(oldQueries + 1 + lowerBound(expected) - 1)
  })

  it('cancel while confirming keeps the probe records and resume goes on without asking', async () => {
    const h = harness(30_000, { confirmThreshold: () => 5 })
    h.session.start(areaSpec([pct(30)]), 'all')
    await until(() => h.session.getSnapshot().status === 'asking')
    const asked = h.session.getSnapshot()
    expect(asked.estimate?.calls).toBeGreaterThan(5)
    expect(asked.estimate?.records).toBeGreaterThan(8_000)
    const spent = h.server.queries.length
    h.session.cancel()
    await flush()
    expect(h.session.getSnapshot().status).toBe('stopped')
    expect(h.server.queries.length).toBe(spent)
    h.session.resume()
    await h.session.settled()
    const done = h.session.getSnapshot()
    expect(done.status).toBe('done')
    const matches = h.server.records.filter((r) => (r.cdl_majority_percent as number) < 30).length
    expect(done.rowCount).toBe(matches)
  })

  it('small searches load all without asking; big ones ask and Continue proceeds', async () => {
    const small = harness(4_000, { confirmThreshold: () => 50 })
    expect((await small.run(areaSpec())).status).toBe('done')
    const big = harness(6_000, { confirmThreshold: () => 50 })
    big.session.start(areaSpec(), 'all')
    await until(() => big.session.getSnapshot().status === 'asking')
    expect(big.session.getSnapshot().estimate).toEqual({ calls: 60, records: 6_000 })
    expect(big.server.queries.length).toBe(0) // no filters: the estimate is exact before any query
    big.session.getSnapshot().confirm()
    await big.session.settled()
    expect(big.session.getSnapshot()).toMatchObject({ status: 'done', rowCount: 6_000, calls: { query: 60 } })
  })
})

describe('retry policy', () => {
  it('5xx and network errors are retried with capped exponential backoff and jitter', async () => {
    const h = harness(50, { retry: { retries: 4, baseMs: 100, capMs: 300 }, random: () => 1 })
    h.server.failures.push(err(500, 'server'), err(0, 'network'), err(503, 'server'))
    const r = await h.run(areaSpec())
    expect(r.status).toBe('done')
    expect(r.calls.query).toBe(4) // 3 failed attempts + 1 success
    expect(h.sleeps).toEqual([100, 200, 300]) // min(cap, base·2^n), jitter = random half (here 1 → full)
  })

  it('jitter varies the wait between half and all of the capped delay', async () => {
    const h = harness(10, { retry: { retries: 2, baseMs: 1_000, capMs: 10_000 }, random: () => 0 })
    h.server.failures.push(err(502, 'server'), err(502, 'server'))
    await h.run(areaSpec())
    expect(h.sleeps).toEqual([500, 1_000])
  })

  it('gives up after the retries and reports the server error', async () => {
    const h = harness(10, { retry: { retries: 2, baseMs: 1, capMs: 1 } })
    for (let i = 0; i < 3; i++) h.server.failures.push(err(500, 'server', 'boom'))
    const r = await h.run(areaSpec())
    expect(r.status).toBe('failed')
    expect(r.error?.kind).toBe('server')
    expect(r.calls.query).toBe(3)
  })

  it.each([
    [400, 'invalid'],
    [401, 'auth'],
    [403, 'forbidden'],
    [422, 'validation'],
  ] as const)('%i is not retried', async (status, kind) => {
    const h = harness(10)
    h.server.failures.push(err(status, kind, 'nope'))
    const r = await h.run(areaSpec())
    expect(r.status).toBe('failed')
    expect(r.error?.kind).toBe(kind)
    expect(r.calls.query).toBe(1)
    expect(h.sleeps).toEqual([])
  })

  it('429 stops the run, keeps loaded records, and resume continues without re-fetching', async () => {
    const h = harness(5_000, { concurrency: 1 })
    h.server.failures.push(
      ...Array.from({ length: 30 }, () => () => null),
      () => new ApiError({ status: 429, kind: 'quota', detail: 'Monthly request limit exceeded' }),
    )
    const stopped = await h.run(areaSpec())
    expect(stopped.status).toBe('stopped')
    expect(stopped.error?.kind).toBe('quota')
    expect(stopped.error?.message).toMatch(/allowance/)
    expect(stopped.rowCount).toBe(3_000)
    const before = h.server.queries.length
    expect(before).toBe(31)
    stopped.resume()
    await h.session.settled()
    const resumed = h.session.getSnapshot()
    expect(resumed.status).toBe('done')
    expect(resumed.rowCount).toBe(5_000)
    expect(resumed.calls.query).toBe(20) // only the 20 pages never loaded (+ the one refused)
    expect(h.server.queries.length - before).toBe(20)
  })

  it('401 reports kind auth with the reason (the app opens settings)', async () => {
    const h = harness(10)
    h.server.failures.push(err(401, 'auth', 'Missing API key'))
    const r = await h.run(areaSpec())
    expect(r.error?.kind).toBe('auth')
    expect(r.error?.message).toContain('Missing API key')
  })
})

describe('413 fallback', () => {
  it('halves the chunk until the server takes it and remembers the size', async () => {
    const sizer = new ChunkSizer(50_000)
    const h = harness(40_000, { sizer })
    h.server.maxIn = 7_000
    const r = await h.run(areaSpec([pct(2)]))
    const matches = h.server.records.filter((x) => (x.cdl_majority_percent as number) < 2).length
    expect(r.status).toBe('done')
    expect(r.rowCount).toBe(matches)
    expect(sizer.max).toBeLessThanOrEqual(7_000)
    const refused = h.server.queries.filter(
      (q) => ((q.filters.at(-1)?.value as string[] | undefined)?.length ?? 0) > 7_000,
    ).length
    expect(refused).toBe(3) // 40,000 → 20,000 → 10,000 → 5,000
    // Later chunks were cut to the remembered size from the start.
    expect(r.calls.query - refused).toBeLessThanOrEqual(lowerBound(matches) + Math.ceil(40_000 / 5_000))
  })

  it('a 422 on our own svc_uuid filter counts as too large; one on a user filter does not', async () => {
    const h = harness(1_000)
    h.server.failures.push(() => new ApiError({ status: 422, kind: 'validation', detail: 'too many', filterIndex: 1 }))
    const r = await h.run(areaSpec([pct(50)]))
    expect(r.status).toBe('done')
    expect(r.error).toBeNull()
  })
})

describe('errors point at the user filter', () => {
  it('invalid filters are caught before any call, with filterIndex', async () => {
    const h = harness(100)
    const r = await h.run(areaSpec([pct(10), { field: 'acres', op: 'ilike', value: 'x' }]))
    expect(r.status).toBe('failed')
    expect(r.error?.kind).toBe('invalid')
    expect(r.error?.filterIndex).toBe(1)
    expect(r.calls).toEqual({ area: 0, query: 0 })
  })

  it('a server 400 about our own filter has no filterIndex; a scope 400 gets the scoped row', async () => {
    const h = harness(100)
    h.server.failures.push(
      () => new ApiError({ status: 400, kind: 'invalid', detail: 'filters[1]: bad', filterIndex: 1 }),
    )
    expect((await h.run(areaSpec([pct(10)]))).error?.filterIndex).toBeUndefined()
    const d = harness(100)
    const r = await d.run(directSpec([pct(10), { field: 'owner', op: 'ilike', value: 'smith' }]))
    expect(r.error?.filterIndex).toBe(1)
    expect(r.error?.detail).toMatch(/missing required scope/)
  })
})

describe('direct mode and on-demand', () => {
  it('direct load-all stops at the offset cap and says so', async () => {
    const h = harness(12_000)
    const r = await h.run(
      directSpec([{ field: 'state', op: 'eq', value: 'IA' }], { field: 'acres', direction: 'desc' }),
    )
    expect(r.status).toBe('done')
    expect(r.offsetCapped).toBe(true)
    expect(r.rowCount).toBe(REACHABLE)
    expect(r.calls).toEqual({ area: 0, query: REACHABLE / 100 })
    expect(h.server.queries.every((q) => q.order?.field === 'acres' && (q.offset ?? 0) <= 10_000)).toBe(true)
    const acres = r.rows.map((x) => x?.acres as number)
    expect(acres).toEqual([...acres].sort((a, b) => b - a))
  })

  it('on-demand fetches only the pages the table asks for, each once', async () => {
    const h = harness(3_000)
    const spec = areaSpec([pct(50)], { order: { field: 'acres', direction: 'asc' } })
    const first = await h.run(spec, 'on-demand')
    const matches = h.server.records.filter((x) => (x.cdl_majority_percent as number) < 50).length
    expect(first).toMatchObject({ status: 'done', rowCount: matches, calls: { area: 1, query: 1 } })
    expect(first.rows.filter(Boolean)).toHaveLength(100)
    first.requestRows(150, 420)
    await flush()
    first.requestRows(180, 300)
    await flush()
    const s = h.session.getSnapshot()
    expect(s.calls.query).toBe(5) // pages 0, 100, 200, 300, 400
    expect(s.rows[399]).toBeDefined()
    expect(s.rows[500]).toBeUndefined()
    expect(h.server.queries.every((q) => q.order?.field === 'acres')).toBe(true)
  })

  it('on-demand area whose id list the server refuses falls back to load-all chunks', async () => {
    const sizer = new ChunkSizer(50_000)
    const h = harness(3_000, { sizer })
    h.server.maxIn = 1_000
    const r = await h.run(areaSpec([pct(50)]), 'on-demand')
    const matches = h.server.records.filter((x) => (x.cdl_majority_percent as number) < 50).length
    expect(r).toMatchObject({ status: 'done', rowCount: matches })
    expect(sizer.max).toBeLessThanOrEqual(1_000)
  })

  it('on-demand with more matches than offset paging reaches is capped', async () => {
    const h = harness(11_000)
    const r = await h.run(directSpec([{ field: 'state', op: 'eq', value: 'IA' }]), 'on-demand')
    expect(r).toMatchObject({ offsetCapped: true, rowCount: REACHABLE, calls: { query: 1 } })
    r.requestRows(10_050, 10_500)
    await flush()
    expect(h.session.getSnapshot().calls.query).toBe(2) // only offset 10,000 exists
  })
})

describe('snapshot throttle', () => {
  it('publishes 4 a second, less often as the rows (and each snapshot’s work) grow, at most 1 s apart', () => {
    expect(publishDelay(250, 0)).toBe(250)
    expect(publishDelay(250, 5_000)).toBe(250)
    expect(publishDelay(250, 10_000)).toBe(500)
    expect(publishDelay(250, 20_000)).toBe(1000)
    expect(publishDelay(250, 200_000)).toBe(1000)
    expect(publishDelay(0, 50_000)).toBe(0) // tests publish synchronously
  })
})
