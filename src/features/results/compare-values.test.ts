import { describe, expect, it } from 'vitest'
import { compareValues, sortIndex } from './compare-values'

describe('compareValues', () => {
  it('compares numbers numerically', () => {
    expect([10, 9, 100].sort((a, b) => compareValues(a, b))).toEqual([9, 10, 100])
    expect([10, 9, 100].sort((a, b) => compareValues(a, b, 'desc'))).toEqual([100, 10, 9])
  })
  it('compares strings by locale, numeric-aware', () => {
    expect(['b', 'A', 'a10', 'a9'].sort((a, b) => compareValues(a, b))).toEqual(['A', 'a9', 'a10', 'b'])
  })
  it('puts null, undefined and blanks last in both directions', () => {
    const vals = [null, 2, undefined, '', 1, Number.NaN]
    expect(
      vals
        .slice()
        .sort((a, b) => compareValues(a, b))
        .slice(0, 2),
    ).toEqual([1, 2])
    expect(
      vals
        .slice()
        .sort((a, b) => compareValues(a, b, 'desc'))
        .slice(0, 2),
    ).toEqual([2, 1])
  })
  it('orders mixed types deterministically', () => {
    expect(compareValues(5, 'x')).toBeLessThan(0)
    expect(compareValues('x', 5)).toBeGreaterThan(0)
  })
})

describe('sortIndex', () => {
  const rows = [{ v: 3 }, undefined, { v: 1 }, { v: null }, { v: 1 }, { v: 2 }]
  it('sorts stably with missing values and unloaded rows last', () => {
    expect(sortIndex(rows, (r) => r.v, 'asc')).toEqual([2, 4, 5, 0, 3, 1])
    expect(sortIndex(rows, (r) => r.v, 'desc')).toEqual([0, 5, 2, 4, 3, 1])
  })
  it('handles empty input', () => {
    expect(sortIndex([], (r: { v: number }) => r.v, 'asc')).toEqual([])
  })
})
