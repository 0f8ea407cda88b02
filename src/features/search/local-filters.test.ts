import { describe, expect, it } from 'vitest'
import type { FilterItem, ParcelRecord } from '../../../contract/schemas'
import { FakeServer, makeRecords } from './fake-server.test-support'
import { LocalFilter, splitFilters } from './local-filters'
import { directSpec, harness } from './search-harness.test-support'
import { SearchSession } from './search-session'

const rotation: FilterItem = { field: 'rotation', op: 'eq', value: 'corn-soybean' }
const cornYears: FilterItem = { field: 'corn_years_5', op: 'gte', value: 3 }
const acres: FilterItem = { field: 'acres', op: 'gt', value: 80 }
const state: FilterItem = { field: 'state', op: 'eq', value: 'IA' }

/** `cdl_history` as our server sends it (year → class): 1 = corn, 5 = soybeans in CDL codes. */
const history = (codes: number[]) =>
  Object.fromEntries(codes.map((code, i) => [String(2020 + i), { code, percent: 90 }]))

describe('splitFilters', () => {
  it('keeps the server what it evaluates and remembers the user rows of what it sends', () => {
    const split = splitFilters([rotation, acres, cornYears, state], new Set(['corn_years_5']))
    expect(split.server).toEqual([acres, cornYears, state])
    expect(split.local).toEqual([rotation])
    expect(split.serverIndex).toEqual([1, 2, 3])
  })

  it('sends everything to a server that evaluates every extension field', () => {
    const split = splitFilters([rotation, acres], new Set(['rotation', 'corn_years_5']))
    expect(split.local).toEqual([])
    expect(split.server).toEqual([rotation, acres])
  })
})

describe('LocalFilter', () => {
  it('derives the rotation from the crop history when the server sent none, and counts what it kept', () => {
    const records: ParcelRecord[] = [
      { svc_uuid: 'a', cdl_history: history([1, 5, 1, 5, 1]) }, // corn–soybean
      { svc_uuid: 'b', cdl_history: history([1, 1, 1, 1, 1]) }, // continuous corn
      { svc_uuid: 'c', rotation: 'corn-soybean' }, // stored by the server
      { svc_uuid: 'd' }, // no history: no rotation
    ]
    const local = new LocalFilter([rotation])
    expect(local.keep(records).map((r) => r.svc_uuid)).toEqual(['a', 'c'])
    expect(local.tally).toEqual({ fields: ['rotation'], loaded: 4, kept: 2 })
    const corn = new LocalFilter([cornYears])
    expect(corn.keep(records).map((r) => r.svc_uuid)).toEqual(['a', 'b'])
  })
})

describe('a search with a filter the server cannot evaluate', () => {
  function withHistories(n: number): ParcelRecord[] {
    return makeRecords(n).map((r, i) => ({
      ...r,
      cdl_history: i % 3 === 0 ? history([1, 5, 1, 5, 1]) : history([1, 1, 1, 1, 1]),
    }))
  }

  it('sends the other filters, loads all their matches and keeps the ones that match here', async () => {
    const server = new FakeServer(withHistories(600))
    const session = new SearchSession(server.sources(), {
      confirmThreshold: () => Number.POSITIVE_INFINITY,
      concurrency: 4,
      publishMs: 0,
      serverExtensions: async () => new Set(),
    })
    session.start(directSpec([rotation, acres, state]), 'on-demand')
    await session.settled()
    const r = session.getSnapshot()
    expect(r.status).toBe('done')
    // The server never saw the rotation filter.
    expect(server.queries.length).toBeGreaterThan(1)
    for (const q of server.queries) expect(q.filters.map((f) => f.field)).toEqual(['acres', 'state'])
    const over80 = server.records.filter((x) => (x.acres as number) > 80)
    const expected = over80.filter((x) => server.records.indexOf(x) % 3 === 0)
    expect(r.rowCount).toBe(expected.length)
    expect(r.rows.every((x) => x?.cdl_history && (x.acres as number) > 80)).toBe(true)
    expect(r.localFilter).toEqual({ fields: ['rotation'], loaded: over80.length, kept: expected.length })
    // Every match of the other filters was loaded (on-demand paging cannot count local matches).
    expect(r.complete).toBe(true)
  })

  it('asks the server nothing about its extensions when the search has none', async () => {
    let asked = 0
    const h = harness(300, {
      serverExtensions: async () => {
        asked++
        return new Set()
      },
    })
    const r = await h.run(directSpec([acres, state]))
    expect(asked).toBe(0)
    expect(r.localFilter).toBeNull()
  })

  it("points a server error at the user's own row", async () => {
    const h = harness(100, { serverExtensions: async () => new Set() })
    // Row 2 (0-based) is a bad operator for the field; the server sees it as its row 1.
    const bad: FilterItem = { field: 'acres', op: 'ilike', value: 'x' }
    const r = await h.run(directSpec([rotation, state, bad]))
    expect(r.status).toBe('failed')
    expect(r.error?.filterIndex).toBe(2)
  })
})
