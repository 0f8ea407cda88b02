import { describe, expect, it } from 'vitest'
import type { ParcelRecord } from '../../../contract/schemas'
import type { CoverageCounty } from '../../../contract/tiles'
import { Runner } from '../../calls/runner'
import { planBatch, plannedCalls, resolveCounty } from './batch-plan'
import { answersTable, batchCalls, runBatch } from './batch-run'
import { guessColumns, parseTable } from './batch-table'
import { FakeParcels, parcel, square } from './holdings-fixtures.test-support'

const county = (
  state: string,
  state_fp: string,
  county_fp: string,
  name: string,
  bbox: [number, number, number, number],
): CoverageCounty => ({
  state,
  state_fp,
  county_fp,
  county: name,
  parcels: 1000,
  bbox,
  loaded_at: '2026-01-01T00:00:00Z',
})
const STORY = county('IA', '19', '169', 'Story', [-94, 41.9, -93, 42.9])
const FINNEY = county('KS', '20', '055', 'Finney', [-101, 37.8, -100, 38.4])
const COVERAGE = [STORY, FINNEY]

/** 600 Story parcels on a 30 × 20 grid of 0.01° squares, numbered 01-05-100-001…; 50 in Finney. */
function world(): ParcelRecord[] {
  const out: ParcelRecord[] = []
  for (let i = 0; i < 600; i++)
    out.push(
      parcel({
        parcel_id: `01-05-100-${String(i + 1).padStart(3, '0')}`,
        geom: square(-93.9 + (i % 30) * 0.01, 42 + Math.floor(i / 30) * 0.01),
        owner: `OWNER ${i}`,
      }),
    )
  for (let i = 0; i < 50; i++)
    out.push(parcel({ parcel_id: `028-100-${i}`, state: 'KS', state_fp: '20', county: 'Finney', county_fp: '055' }))
  return out
}

describe('resolveCounty', () => {
  it('reads names, "name, ST", FIPS and county codes against coverage', () => {
    expect(resolveCounty('story county', '', COVERAGE)).toEqual({ county: STORY })
    expect(resolveCounty('Finney, KS', '', COVERAGE)).toEqual({ county: FINNEY })
    expect(resolveCounty('19169', '', COVERAGE)).toEqual({ county: STORY })
    expect(resolveCounty('55', 'Kansas', COVERAGE)).toEqual({ county: FINNEY })
    expect(resolveCounty('Polk', '', COVERAGE)).toEqual({ problem: 'Polk is not a covered county' })
  })
})

describe('a list of 500 parcel numbers and 100 points', () => {
  it('answers 500 numbers in Σ_counties max(1, ⌈m_c/100⌉) calls, keeping order, cells and leading zeros', async () => {
    const lines = ['APN,County,My note']
    for (let i = 0; i < 480; i++) lines.push(`01-05-100-${String(i + 1).padStart(3, '0')},Story,row ${i}`)
    for (let i = 0; i < 10; i++) lines.push(`028-100-${i},"Finney, KS",ks ${i}`)
    lines.push('99-99-999-999,Story,typo', '01-05-100-001,Polk,wrong county', ',Story,blank')
    for (let i = 0; i < 7; i++) lines.push(`01-05-100-${String(i + 1).padStart(3, '0')},story,repeat ${i}`)
    const table = parseTable(lines.join('\n'))
    expect(table.rows).toHaveLength(500)
    const plan = planBatch(table, guessColumns(table), COVERAGE, null)
    expect(plan.numberQueries.map((q) => [q.county.county, q.numbers.length])).toEqual([
      ['Story', 481],
      ['Finney', 10],
    ])
    expect(plannedCalls(plan)).toBe(2)
    const server = new FakeParcels(world())
    const runner = new Runner({ signal: new AbortController().signal })
    const progress: [number, number][] = []
    const r = await runBatch(runner, server.sources(), plan, { onProgress: (d, p) => progress.push([d, p]) })
    // Story: 480 numbers found → ⌈480/100⌉ = 5 calls; Finney: 10 → 1 call.
    expect(r.counts).toEqual([480, 10])
    expect(server.queries).toHaveLength(6)
    expect(batchCalls(r)).toBe(6)
    expect(runner.tally.calls).toBe(6)
    expect(progress.at(-1)).toEqual([6, 6])
    expect(server.queries[0]?.filters.map((f) => f.field)).toEqual(['parcel_id', 'state', 'county_fp'])
    const notFound = r.answers.filter((a) => a.reason)
    expect(notFound.map((a) => [a.index, a.reason])).toEqual([
      [490, 'unknown number'],
      [491, 'outside coverage'],
      [492, 'unreadable row'],
    ])
    expect(r.records).toHaveLength(490)
    const out = answersTable(table.header, table.rows, r.answers)
    expect(out.header.slice(0, 4)).toEqual(['APN', 'County', 'My note', 'plat_match'])
    expect(out.rows).toHaveLength(500)
    expect(out.rows[0]?.slice(0, 4)).toEqual(['01-05-100-001', 'Story', 'row 0', 'found'])
    expect(out.rows[490]?.slice(0, 5)).toEqual([
      '99-99-999-999',
      'Story',
      'typo',
      'not found',
      'unknown number: no parcel 99-99-999-999 in Story, IA',
    ])
    expect(answersTable(table.header, table.rows, r.answers, true).rows).toHaveLength(3)

    // The same list again: every answer from the cache.
    const again = new Runner({ signal: new AbortController().signal })
    await runBatch(again, server.sources(), plan)
    expect(again.tally.calls).toBe(6)
    const sources = server.sources()
    await runBatch(new Runner({ signal: new AbortController().signal }), sources, plan)
    const cached = new Runner({ signal: new AbortController().signal })
    await runBatch(cached, sources, plan)
    expect(cached.tally.calls).toBe(0)
  })

  it('answers 100 points with one call per distinct point in coverage and none outside', async () => {
    const lines = ['id,lat,lon']
    for (let i = 0; i < 90; i++)
      lines.push(`p${i},${42 + Math.floor(i / 30) * 0.01 + 0.005},${-93.9 + (i % 30) * 0.01 + 0.005}`)
    lines.push('dup,42.005,-93.895')
    lines.push('gap,42.5,-93.5')
    for (let i = 0; i < 6; i++) lines.push(`far${i},40.0,-80.${i}`)
    lines.push('bad,95,-93', 'blank,,')
    const table = parseTable(lines.join('\n'))
    expect(table.rows).toHaveLength(100)
    const plan = planBatch(table, guessColumns(table), COVERAGE, null)
    expect(plan.points).toHaveLength(91)
    const server = new FakeParcels(world())
    const runner = new Runner({ signal: new AbortController().signal })
    const r = await runBatch(runner, server.sources(), plan)
    expect(server.points).toHaveLength(91)
    expect(batchCalls(r)).toBe(91)
    expect(r.answers[0]?.records[0]?.parcel_id).toBe('01-05-100-001')
    expect(r.answers[90]?.records[0]?.svc_uuid).toBe(r.answers[0]?.records[0]?.svc_uuid)
    const reasons = r.answers.filter((a) => a.reason).map((a) => a.reason)
    expect(reasons).toEqual([
      'point in no parcel',
      ...Array(6).fill('outside coverage'),
      'unreadable row',
      'unreadable row',
    ])
  })

  it('needs a county for a list without one, and takes the one picked', () => {
    const table = parseTable('01-05-100-001\n01-05-100-002\n')
    const cols = guessColumns(table)
    expect(planBatch(table, cols, COVERAGE, null).lookups[0]).toMatchObject({
      kind: 'skip',
      reason: 'outside coverage',
    })
    expect(planBatch(table, cols, COVERAGE, STORY).numberQueries).toEqual([
      { county: STORY, numbers: ['01-05-100-001', '01-05-100-002'] },
    ])
  })
})
