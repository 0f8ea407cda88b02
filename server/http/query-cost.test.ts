import { describe, expect, it } from 'vitest'
import { HEAVY_LIST_VALUES, isHeavyQuery } from './query-cost'

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
