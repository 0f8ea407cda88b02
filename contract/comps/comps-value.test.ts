import { describe, expect, it } from 'vitest'
import { indicate, type Valued, weightedMedian } from './comps-value'

const comp = (
  id: string,
  adjusted: number | null,
  score: number,
  saleDate = '2024-01-01',
  included = true,
): Valued => ({
  id,
  adjusted,
  score,
  saleDate,
  included,
})

describe('weightedMedian', () => {
  it('is the first value whose running weight passes half the total', () => {
    // Sorted: 10 (w 1), 20 (w 1), 30 (w 5): total 7, half 3.5; running 1, 2, 7 → 30.
    expect(weightedMedian([30, 10, 20], [5, 1, 1])).toBe(30)
    // 10 (w 4), 20 (w 1), 30 (w 1): running 4 > 3 → 10.
    expect(weightedMedian([10, 20, 30], [4, 1, 1])).toBe(10)
  })

  it('is the ordinary median with equal weights, the mean of the middle two when even', () => {
    expect(weightedMedian([1, 2, 3], [1, 1, 1])).toBe(2)
    // 10, 20, 30, 40 with weight 87.5 each: running weight reaches half exactly at 20 → (20 + 30) / 2.
    expect(weightedMedian([40, 10, 30, 20], [87.5, 87.5, 87.5, 87.5])).toBe(25)
    expect(weightedMedian([], [])).toBeNaN()
  })
})

describe('indicate', () => {
  // Ranked, included first: scores 90, 80, 70, 60, 50; one left out; one never adjusted.
  const comps = [
    comp('a', 12_000, 90, '2023-05-01'),
    comp('b', 10_000, 80, '2024-02-01'),
    comp('c', 11_000, 70, '2022-03-01'),
    comp('d', 20_000, 60, '2021-06-01'),
    comp('e', 9_000, 50, '2024-03-01'),
    comp('out', 50_000, 95, '2024-01-01', false),
    comp('nominal', null, 99, '2024-01-01', false),
  ]

  it('values from the k closest included comps by weighted median, the market median beside it', () => {
    const v = indicate(comps, 3, 80)!
    // Top 3: a 12,000 (90), b 10,000 (80), c 11,000 (70). Sorted 10k (80), 11k (70), 12k (90):
    // total 240, half 120; running 80, 150 → 11,000 $/ac × 80 ac = $880,000; range 10k–12k.
    expect(v).toMatchObject({ perAcre: 11_000, value: 880_000, perAcreLow: 10_000, perAcreHigh: 12_000, n: 3, k: 3 })
    expect([v.firstYear, v.lastYear]).toEqual([2022, 2024])
    expect(v.weights).toEqual([
      { id: 'a', weight: 90 },
      { id: 'b', weight: 80 },
      { id: 'c', weight: 70 },
    ])
    // Market: all five included: 9k, 10k, 11k, 12k, 20k → median 11,000, Q1 10,000, Q3 12,000; 2021–2024.
    expect(v.market).toMatchObject({ perAcre: 11_000, perAcreLow: 10_000, perAcreHigh: 12_000, n: 5 })
    expect([v.market.firstYear, v.market.lastYear]).toEqual([2021, 2024])
  })

  it('weights a close match more than a weak one', () => {
    // k = 2: a 12,000 (90) and b 10,000 (80): total 170, half 85; running 80 (10k), 170 → 12,000.
    expect(indicate(comps, 2, 1)!.perAcre).toBe(12_000)
    // k = 6 takes the five included: 9k (50), 10k (80), 11k (70), 12k (90), 20k (60): total 350,
    // half 175; running 50, 130, 200 → 11,000; n is 5, fewer than asked.
    expect(indicate(comps, 6, 1)).toMatchObject({ perAcre: 11_000, n: 5, k: 6 })
  })

  it('is null when nothing is included or the subject has no acres', () => {
    expect(indicate([], 6, 80)).toBeNull()
    expect(indicate(comps.slice(5), 6, 80)).toBeNull()
    expect(indicate(comps, 6, 0)).toBeNull()
  })
})
