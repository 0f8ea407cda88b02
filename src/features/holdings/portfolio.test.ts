import { describe, expect, it } from 'vitest'
import type { ParcelRecord } from '../../../contract/schemas'
import { Runner } from '../../calls/runner'
import { FakeParcels, parcel } from './holdings-fixtures.test-support'
import { defaultIncluded, findPortfolio, includedRecords, portfolioCalls } from './portfolio'
import { pagesFor, type ScopeCounty } from './scoped-query'

const COUNTIES: ScopeCounty[] = [
  { state: 'IA', county_fp: '169' },
  { state: 'KS', county_fp: '055' },
]
const BOX = 'PO BOX 412, AMES, IA 50010'
const many = (n: number, f: Partial<ParcelRecord>) => Array.from({ length: n }, () => parcel(f))

function world(): ParcelRecord[] {
  return [
    ...many(3, { owner: 'MILLER FARMS LLC', mail_addr: BOX, state: 'IA', acres_calc: 40 }),
    ...many(2, { owner: 'MILLER FARMS, L.L.C.', mail_addr: BOX, state: 'IA', acres_calc: 20 }),
    ...many(2, { owner: 'MILLER FARM LLC', mail_addr: BOX, state: 'KS', county: 'Finney', county_fp: '055' }),
    ...many(1, { owner: 'PRAIRIE ACRES LLC', mail_addr: BOX, state: 'KS', county: 'Finney', county_fp: '055' }),
    ...many(150, { owner: 'MILLER, JOHN A', mail_addr: '1 MAIN ST, AMES, IA', state: 'IA' }),
    ...many(4, { owner: 'SMITH JOHN', mail_addr: '2 MAIN ST', state: 'IA' }),
    ...many(2, { owner: 'MILLER FARMS LLC', mail_addr: BOX, state: 'TX' }),
  ]
}

describe('findPortfolio', () => {
  it('finds the owner, its spellings and the shared-address company in max(1,⌈m/100⌉) + max(1,⌈a/100⌉) calls', async () => {
    const server = new FakeParcels(world())
    const runner = new Runner({ signal: new AbortController().signal })
    const p = await findPortfolio(runner, server.sources().query, { name: 'MILLER FARMS LLC' }, COUNTIES)
    expect(p.word).toBe('MILLER')
    const kinds = Object.fromEntries(p.groups.map((g) => [g.name, [g.kind, g.ids.length, g.reasons]]))
    expect(kinds).toEqual({
      'MILLER FARMS LLC': ['owner', 3, []],
      'MILLER FARMS, L.L.C.': ['variant', 2, ['same name, other spelling', 'L.L.C. for LLC']],
      'MILLER FARM LLC': ['variant', 2, ['same name, other spelling', 'singular/plural (FARM/FARMS)']],
      'PRAIRIE ACRES LLC': ['address', 1, ['same mailing address, another name']],
      'MILLER, JOHN A': ['other', 150, []],
    })
    // m = 157 parcels whose owner contains MILLER in IA and KS; a = 8 at the box.
    expect(p.counts).toEqual({ word: [157], address: [8] })
    expect(server.queries).toHaveLength(pagesFor(157) + pagesFor(8))
    expect(runner.tally.calls).toBe(portfolioCalls(p.counts))
    expect(server.queries[2]?.filters).toEqual([
      { field: 'mail_addr', op: 'in', value: [BOX] },
      { field: 'state', op: 'in', value: ['IA', 'KS'] },
    ])
  })

  it('never merges a variant by itself: only the name is included until the user adds others', async () => {
    const server = new FakeParcels(world())
    const runner = new Runner({ signal: new AbortController().signal })
    const p = await findPortfolio(runner, server.sources().query, { name: 'Miller Farms LLC' }, COUNTIES)
    const included = new Set(defaultIncluded(p.groups))
    expect([...included]).toEqual(['MILLER FARMS LLC'])
    expect(includedRecords(p, included)).toHaveLength(3)
    included.add('MILLER FARM LLC')
    expect(includedRecords(p, included).map((r) => r.state)).toEqual(['IA', 'IA', 'IA', 'KS', 'KS'])
  })

  it('puts each spelling in its evidence tier: same owner, same address, possibly related', async () => {
    const home = '1820 W LINCOLN WAY, AMES, IA 50014'
    const server = new FakeParcels([
      ...many(2, { owner: 'JOHNSON, ROBERT L & SUSAN K', mail_addr: home, state: 'IA' }),
      ...many(1, { owner: 'JOHNSON ROBERT L ET AL', mail_addr: home, state: 'IA' }),
      ...many(2, { owner: 'ROBERT L JOHNSON AND SUSAN K JOHNSON', mail_addr: '9 ELM ST', state: 'KS' }),
      ...many(1, { owner: 'JOHNSON, LISA R', mail_addr: '195 W OAK ST, NEVADA, IA', state: 'IA' }),
      ...many(1, { owner: 'JOHNSON, KULWANT S', mail_addr: '5 FIG AVE', state: 'KS' }),
    ])
    const runner = new Runner({ signal: new AbortController().signal })
    const p = await findPortfolio(runner, server.sources().query, { name: 'JOHNSON, ROBERT L & SUSAN K' }, COUNTIES)
    expect(p.groups.map((g) => [g.name, g.kind, g.reasons[0]])).toEqual([
      ['JOHNSON, ROBERT L & SUSAN K', 'owner', undefined],
      ['ROBERT L JOHNSON AND SUSAN K JOHNSON', 'variant', 'same names, other order'],
      ['JOHNSON ROBERT L ET AL', 'variant', 'same mailing address'],
      ['JOHNSON, KULWANT S', 'possible', 'similar name only'],
      ['JOHNSON, LISA R', 'possible', 'similar name only'],
    ])
    expect(defaultIncluded(p.groups)).toEqual(['JOHNSON, ROBERT L & SUSAN K'])
  })

  it('skips the address read when asked to, and uses the word the user picked', async () => {
    const server = new FakeParcels(world())
    const runner = new Runner({ signal: new AbortController().signal })
    const p = await findPortfolio(
      runner,
      server.sources().query,
      { name: 'MILLER FARMS LLC', word: 'FARM', byAddress: false },
      COUNTIES,
    )
    expect(p.word).toBe('FARM')
    expect(p.groups.map((g) => g.kind)).toEqual(['owner', 'variant', 'variant'])
    expect(server.queries).toHaveLength(1)
  })
})
