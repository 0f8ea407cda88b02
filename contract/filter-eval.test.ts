import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { orderRecords, recordMatches } from './filter-eval'
import { matchesAll } from './filter-match'
import type { FilterItem } from './schemas'

const rec = (o: Record<string, unknown>) => ({ svc_uuid: 'u', ...o })
const filterMatches = (r: Record<string, unknown>, f: Pick<FilterItem, 'field' | 'op' | 'value'>) =>
  recordMatches(r, [f])

describe('filterMatches (our server rules, in the browser)', () => {
  it('compares numbers, ranges and nulls like SQL', () => {
    const r = rec({ acres: 40, owner: 'SMITH FARMS LLC', zoning: null })
    expect(filterMatches(r, { field: 'acres', op: 'between', value: [40, 80] })).toBe(true)
    expect(filterMatches(r, { field: 'acres', op: 'gt', value: 40 })).toBe(false)
    expect(filterMatches(r, { field: 'acres', op: 'gte', value: 40 })).toBe(true)
    // ne / nin never match a null (plain SQL <>)
    expect(filterMatches(r, { field: 'zoning', op: 'ne', value: 'A1' })).toBe(false)
    expect(filterMatches(r, { field: 'zoning', op: 'nin', value: ['A1'] })).toBe(false)
    expect(filterMatches(r, { field: 'zoning', op: 'isnull', value: true })).toBe(true)
    expect(filterMatches(r, { field: 'owner', op: 'isnull', value: false })).toBe(true)
  })

  it('ilike is a case-insensitive substring with % and _ literal', () => {
    const r = rec({ owner: 'Smith_100% Farms' })
    expect(filterMatches(r, { field: 'owner', op: 'ilike', value: 'smith' })).toBe(true)
    expect(filterMatches(r, { field: 'owner', op: 'ilike', value: 'h_100%' })).toBe(true)
    expect(filterMatches(r, { field: 'owner', op: 'ilike', value: 'smith%farms' })).toBe(false)
  })

  it('compares a number given for a text field as its decimal text', () => {
    const r = rec({ postal: '50010', county_fp: '169' })
    expect(filterMatches(r, { field: 'postal', op: 'eq', value: 50010 })).toBe(true)
    expect(filterMatches(r, { field: 'county_fp', op: 'in', value: [169, 170] })).toBe(true)
  })

  it('derives rotation and corn years from the crop history when the record lacks them', () => {
    const history = Object.fromEntries(
      [2020, 2021, 2022, 2023, 2024].map((y, i) => [
        String(y),
        { code: i % 2 ? 5 : 1, name: i % 2 ? 'Soybeans' : 'Corn', percent: 90 },
      ]),
    )
    const r = rec({ cdl_history: history })
    expect(filterMatches(r, { field: 'rotation', op: 'eq', value: 'corn-soybean' })).toBe(true)
    expect(filterMatches(r, { field: 'corn_years_5', op: 'gte', value: 3 })).toBe(true)
    expect(filterMatches(r, { field: 'corn_years_5', op: 'gte', value: 4 })).toBe(false)
  })

  it('agrees with the API tests’ oracle on random records and filters', () => {
    const value = fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 5 }))
    const record = fc.record({ acres: value, parcel_value: value, owner: fc.constantFrom(null, 'A', 'b', 'AB') })
    const numericFilter = fc.record({
      field: fc.constantFrom('acres', 'parcel_value'),
      op: fc.constantFrom('eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'isnull'),
      value: fc.integer({ min: 0, max: 5 }),
    })
    const textFilter = fc.record({
      field: fc.constant('owner'),
      op: fc.constantFrom('eq', 'ne', 'ilike'),
      value: fc.constantFrom('a', 'A', 'B'),
    })
    fc.assert(
      fc.property(record, fc.array(fc.oneof(numericFilter, textFilter), { maxLength: 3 }), (r, filters) => {
        const fs = filters.map((f) => (f.op === 'isnull' ? { ...f, value: f.value > 2 } : f))
        expect(recordMatches(rec(r), fs)).toBe(matchesAll(rec(r), fs, 'sql'))
      }),
    )
  })
})

describe('orderRecords', () => {
  const rows = [
    rec({ svc_uuid: 'c', acres: 5 }),
    rec({ svc_uuid: 'a', acres: null }),
    rec({ svc_uuid: 'b', acres: 5 }),
    rec({ svc_uuid: 'd', acres: 1 }),
  ]
  it('puts nulls last both ways and breaks ties by svc_uuid', () => {
    expect(orderRecords(rows, { field: 'acres', direction: 'asc' }).map((r) => r.svc_uuid)).toEqual([
      'd',
      'b',
      'c',
      'a',
    ])
    expect(orderRecords(rows, { field: 'acres', direction: 'desc' }).map((r) => r.svc_uuid)).toEqual([
      'b',
      'c',
      'd',
      'a',
    ])
  })
  it('without an order sorts by svc_uuid', () => {
    expect(orderRecords(rows, null).map((r) => r.svc_uuid)).toEqual(['a', 'b', 'c', 'd'])
  })
})
