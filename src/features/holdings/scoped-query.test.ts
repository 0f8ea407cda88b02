import { describe, expect, it } from 'vitest'
import type { ParcelRecord } from '../../../contract/schemas'
import { Cancelled, Runner } from '../../calls/runner'
import { FakeParcels, parcel } from './holdings-fixtures.test-support'
import { loadScoped, pagesFor, REACHABLE, type ScopeCounty } from './scoped-query'

const COUNTIES: ScopeCounty[] = [
  { state: 'IA', county_fp: '169' },
  { state: 'KS', county_fp: '055' },
  { state: 'CA', county_fp: '019' },
  { state: 'CA', county_fp: '099' },
]
const owned = (n: number, owner: string, state: string, county_fp = '169'): ParcelRecord[] =>
  Array.from({ length: n }, () => parcel({ owner, state, county_fp }))
const runner = () => new Runner({ signal: new AbortController().signal })
const filters = [{ field: 'owner', op: 'ilike', value: 'MILLER' }] as const

describe('loadScoped', () => {
  it('reads an owner across every covered state in max(1, ⌈n/100⌉) calls, scoped by one state-in filter', async () => {
    for (const n of [0, 1, 99, 100, 101, 250]) {
      const server = new FakeParcels([
        ...owned(Math.floor(n / 2), 'MILLER FARMS LLC', 'IA'),
        ...owned(n - Math.floor(n / 2), 'MILLER FARM LLC', 'KS'),
        ...owned(30, 'SMITH JOHN', 'IA'),
        ...owned(5, 'MILLER X', 'TX'),
      ])
      const r = runner()
      const res = await loadScoped(r, server.sources().query, [...filters], COUNTIES)
      expect(res.records).toHaveLength(n)
      expect(server.queries).toHaveLength(Math.max(1, Math.ceil(n / 100)))
      expect(r.tally.calls).toBe(pagesFor(n))
      expect(r.tally.planned).toBe(pagesFor(n))
      expect(server.queries[0]?.filters).toContainEqual({ field: 'state', op: 'in', value: ['CA', 'IA', 'KS'] })
    }
  })

  it('asks nothing again: a repeated read is answered by the cache', async () => {
    const server = new FakeParcels(owned(150, 'MILLER FARMS LLC', 'IA'))
    const sources = server.sources()
    await loadScoped(runner(), sources.query, [...filters], COUNTIES)
    const r = runner()
    const again = await loadScoped(r, sources.query, [...filters], COUNTIES)
    expect(again.records).toHaveLength(150)
    expect(r.spent()).toEqual({ calls: 0, cached: 2, planned: 2 })
  })

  it('falls back to one query per state when the server refuses state-in as a scope', async () => {
    const server = new FakeParcels([...owned(120, 'MILLER FARMS LLC', 'IA'), ...owned(3, 'MILLER FARMS LLC', 'CA')])
    server.strictScope = true
    let refused = 0
    const r = runner()
    const res = await loadScoped(r, server.sources().query, [...filters], COUNTIES, { onScopeRefused: () => refused++ })
    expect(refused).toBe(1)
    expect(res.records).toHaveLength(123)
    // The refused call, then Σ_states max(1, ⌈n_s/100⌉) = 1 (CA) + 2 (IA) + 1 (KS).
    expect(server.queries).toHaveLength(1 + 4)
    expect(r.tally.calls).toBe(4)
  })

  it('splits by state, then by county, past the offset cap', async () => {
    const big = [
      ...owned(REACHABLE + 50, 'MILLER', 'CA', '019'),
      ...owned(200, 'MILLER', 'CA', '099'),
      ...owned(10, 'MILLER', 'IA'),
    ]
    const server = new FakeParcels(big)
    const r = runner()
    const res = await loadScoped(r, server.sources().query, [...filters], COUNTIES)
    expect(res.records).toHaveLength(REACHABLE + 10 + 200)
    expect(res.capped).toBe(true)
    // all states (1) → per state (3 first pages) → CA per county (2 first pages), then the rest.
    const pages = pagesFor(REACHABLE + 50) + pagesFor(200) + pagesFor(10) + pagesFor(0)
    expect(server.queries).toHaveLength(1 + 1 + pages)
  })

  it('asks before a large read and stops when declined, spending only the first page', async () => {
    const server = new FakeParcels(owned(900, 'MILLER', 'IA'))
    const asked: number[] = []
    const r = runner()
    const run = loadScoped(r, server.sources().query, [...filters], COUNTIES, {
      confirmAbove: 5,
      confirm: async (calls) => {
        asked.push(calls)
        return false
      },
    })
    await expect(run).rejects.toBeInstanceOf(Cancelled)
    expect(asked).toEqual([8])
    expect(server.queries).toHaveLength(1)
  })

  it('never calls for an empty coverage', async () => {
    const server = new FakeParcels(owned(3, 'MILLER', 'IA'))
    expect((await loadScoped(runner(), server.sources().query, [...filters], [])).records).toEqual([])
    expect(server.queries).toHaveLength(0)
  })
})
