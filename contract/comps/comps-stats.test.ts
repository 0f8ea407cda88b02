import { describe, expect, it } from 'vitest'
import { iqrFences, median, quantile, theilSen } from './comps-stats'

describe('quantile (type 7, as a spreadsheet’s QUARTILE.INC)', () => {
  it('interpolates between order statistics', () => {
    expect(quantile([4, 1, 3, 2], 0.25)).toBe(1.75) // h = 0.75 → 1 + 0.75 · (2 − 1)
    expect(quantile([4, 1, 3, 2], 0.75)).toBe(3.25)
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(median([5, 1, 3])).toBe(3)
    expect(quantile([7], 0.25)).toBe(7)
    expect(Number.isNaN(median([]))).toBe(true)
  })
})

describe('iqrFences', () => {
  it('puts Tukey’s fences 1.5 IQR beyond the quartiles', () => {
    // Q1 = 2, Q3 = 4, IQR = 2 → fences −1 and 7: 100 is an outlier, 1…4 are not.
    expect(iqrFences([1, 2, 3, 4, 100])).toEqual({ q1: 2, q3: 4, low: -1, high: 7 })
  })
})

describe('theilSen', () => {
  it('takes the median pairwise slope, so one wild point does not tilt it', () => {
    // Pairs among 0…3 have slope 1 (six of them); the four with (4, 100) have 25, 33, 49, 97.
    expect(theilSen([0, 1, 2, 3, 4], [0, 1, 2, 3, 100])).toBe(1)
    // [1, 1, 1, 10, 14.5, 28] → (1 + 10) / 2.
    expect(theilSen([0, 1, 2, 3], [0, 1, 2, 30])).toBe(5.5)
  })

  it('skips pairs with equal x and gives null without two distinct x', () => {
    // (1, 0)–(2, 2): 2; (1, 10)–(2, 2): −8; the pair at x = 1 has no slope → median −3.
    expect(theilSen([1, 1, 2], [0, 10, 2])).toBe(-3)
    expect(theilSen([3, 3], [1, 2])).toBeNull()
    expect(theilSen([], [])).toBeNull()
  })

  it('equals the sorted median of every pairwise slope (selection, not a sort), ties and odd/even counts included', () => {
    // A seeded generator so a failure can be replayed; coarse values make ties and equal x common.
    let seed = 7
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed / 2 ** 31
    }
    for (let round = 0; round < 200; round++) {
      const n = 2 + Math.floor(next() * 40)
      const xs = Array.from({ length: n }, () => Math.floor(next() * 12))
      const ys = Array.from({ length: n }, () => Math.floor(next() * 9) - 4)
      const slopes: number[] = []
      for (let i = 0; i < n; i++)
        for (let j = i + 1; j < n; j++) if (xs[j] !== xs[i]) slopes.push((ys[j]! - ys[i]!) / (xs[j]! - xs[i]!))
      slopes.sort((a, b) => a - b)
      const h = (slopes.length - 1) / 2
      const expected = slopes.length
        ? slopes[Math.floor(h)]! + (h - Math.floor(h)) * (slopes[Math.ceil(h)]! - slopes[Math.floor(h)]!)
        : null
      // + 0 turns a −0 into 0: the two are the same number, whichever order a method meets them in.
      const plus = (v: number | null) => (v === null ? null : v + 0)
      expect(plus(theilSen(xs, ys))).toBe(plus(expected ?? null))
    }
  })

  it('leaves out a pair whose slope is undefined (∞ − ∞ from two sales at log $0)', () => {
    // (0,−∞)–(1,−∞) has none; the four pairs of a −∞ with 4 or 5 are +∞; (2,4)–(3,5) is 1 →
    // [1, ∞, ∞, ∞, ∞], median +∞, where a NaN among them would leave the median to the sort's whim.
    expect(theilSen([0, 1, 2, 3], [-Infinity, -Infinity, 4, 5])).toBe(Number.POSITIVE_INFINITY)
  })
})
