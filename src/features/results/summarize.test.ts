import { describe, expect, it } from 'vitest'
import type { ParcelRecord } from '../../../contract/schemas'
import { summarize } from './summarize'

const rec = (i: number, extra: Record<string, unknown>): ParcelRecord => ({ svc_uuid: `u${i}`, ...extra })

describe('summarize', () => {
  it('returns zeros for no rows', () => {
    const s = summarize([])
    expect(s).toMatchObject({ loaded: 0, expected: 0, totalValue: 0, crops: [], otherShare: 0 })
    expect(s.acres.measured).toEqual({ acres: 0, counted: 0, missing: 0 })
  })

  it('totals acres and value, tolerating strings, nulls and unloaded rows', () => {
    const rows = [
      rec(1, { acres: 10.5, parcel_value: 1000 }),
      undefined,
      rec(2, { acres: '2.5', parcel_value: '2,000' }),
      rec(3, { acres: null, parcel_value: 'n/a' }),
    ]
    const s = summarize(rows, { rowCount: 4 })
    expect(s.loaded).toBe(3)
    expect(s.expected).toBe(4)
    // Recorded acres only where the record has them; none of these has a measured figure.
    expect(s.acres.recorded).toEqual({ acres: 13, counted: 2, missing: 1 })
    expect(s.acres.measured).toEqual({ acres: 0, counted: 0, missing: 3 })
    expect(s.totalValue).toBe(3000)
    expect(s.valueCount).toBe(2)
  })

  it('uses recordsExpected when it is larger', () => {
    expect(summarize([rec(1, {})], { rowCount: 1, recordsExpected: 500 }).expected).toBe(500)
    expect(summarize([rec(1, {})], { rowCount: 1, recordsExpected: 0 }).expected).toBe(1)
  })

  it('computes the top crop shares and the remainder', () => {
    const cats = ['Corn', 'Corn', 'Corn', 'Soybeans', 'Soybeans', 'Wheat', 'Alfalfa', 'Pasture', 'Pasture', null]
    const s = summarize(
      cats.map((c, i) => rec(i, { cdl_majority_category: c })),
      { top: 3 },
    )
    expect(s.crops.map((c) => c.category)).toEqual(['Corn', 'Pasture', 'Soybeans'])
    expect(s.crops[0]?.share).toBeCloseTo(3 / 9)
    expect(s.otherShare).toBeCloseTo(2 / 9)
  })
})
