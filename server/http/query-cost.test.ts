import { describe, expect, it } from 'vitest'
import { MAX_IN_VALUES, MAX_IN_VALUES_NON_ID } from '../../contract/limits'
import { checkQueryRequest } from '../../contract/query-rules'
import { HEAVY_LIST_VALUES, isHeavyQuery, overCapList } from './query-cost'

const list = (n: number) => Array.from({ length: n }, (_, i) => `v${i}`)

describe('isHeavyQuery', () => {
  it('a page with a list longer than the threshold is heavy, whatever else it holds', () => {
    expect(isHeavyQuery([{ op: 'nin', value: list(HEAVY_LIST_VALUES + 1) }])).toBe(true)
    expect(
      isHeavyQuery([
        { op: 'eq', value: 'IA' },
        { op: 'in', value: list(50_000) },
      ]),
    ).toBe(true)
  })
  it("the app's own pages (100 ids), lists at the threshold and other operators are cheap", () => {
    expect(isHeavyQuery([{ op: 'in', value: list(100) }])).toBe(false)
    expect(isHeavyQuery([{ op: 'in', value: list(HEAVY_LIST_VALUES) }])).toBe(false)
    expect(
      isHeavyQuery([
        { op: 'ilike', value: 'x'.repeat(5_000) },
        { op: 'between', value: [1, 2] },
      ]),
    ).toBe(false)
    expect(isHeavyQuery([])).toBe(false)
  })
})

describe('overCapList', () => {
  const IOWA = { field: 'state', op: 'eq', value: 'IA' }
  const over = { field: 'owner', op: 'nin', value: list(50_000) }

  it('answers a list over its cap as the full check does: a 422 at its value', () => {
    for (const body of [
      { filters: [IOWA, over] },
      { filters: [{ field: 'sale_date', op: 'in', value: list(MAX_IN_VALUES_NON_ID + 1) }] },
      { filters: [{ field: 'svc_uuid', op: 'in', value: list(MAX_IN_VALUES + 1) }], limit: 5 },
    ]) {
      const full = checkQueryRequest(body)
      expect(full.ok).toBe(false)
      expect([overCapList(body)]).toEqual(full.ok ? null : full.detail)
    }
  })

  it('leaves the answer to the full check when an earlier filter is wrong, or no list is over', () => {
    expect(overCapList({ filters: [{ field: 'nope', op: 'eq', value: 1 }, IOWA, over] })).toBeNull()
    expect(overCapList({ filters: [{ field: 'acres', op: 'gt', value: 'x' }, IOWA, over] })).toBeNull()
    expect(overCapList({ filters: [IOWA, { ...over, value: list(MAX_IN_VALUES_NON_ID) }] })).toBeNull()
    expect(
      overCapList({ filters: [{ field: 'svc_uuid', op: 'in', value: list(MAX_IN_VALUES_NON_ID + 1) }] }),
    ).toBeNull()
    expect(overCapList({ filters: 'x' })).toBeNull()
    expect(overCapList(null)).toBeNull()
    expect(overCapList({ filters: [null, over] })).toBeNull()
  })
})
