import { describe, expect, it } from 'vitest'
import { mixedSales, soldRecord, subjectRecord, MIXED_SALES_TODAY as TODAY } from './comps.test-support'
import { analyzeComps, estimateSoil, estimateTrend, NEGATIVE_FLAG } from './comps-analysis'
import { settingsFor } from './comps-settings'
import { parcelSubject } from './comps-subject'
import { nonMarketReason } from './sale-quality'

const subject = parcelSubject(subjectRecord())!
const settings = settingsFor(subject, null) // 10 mi, 5 years, ±50 % acres
const records = mixedSales()

describe('analyzeComps', () => {
  const r = analyzeComps(subject, records, settings, TODAY)
  const byId = new Map(r.comps.map((c) => [c.id, c]))

  it('keeps what lies in the radius and the date window, never the subject', () => {
    expect([...byId.keys()].sort()).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(r.outsideRadius).toBe(1)
    expect(r.outsideWindow).toBe(1)
    expect(r.windowStart).toBe('2019-07-01')
    for (const c of r.comps) expect(c.miles).toBeLessThanOrEqual(10)
  })

  it('flags the $1 transfer and the IQR outlier and leaves them out', () => {
    // Market $/acre 10k, 11k, 12k, 50k: Q1 = 10,750, Q3 = 21,500, IQR = 10,750 → upper fence 37,625.
    expect(byId.get('d')!.flags).toEqual(['outlier: $/acre above the IQR fence ($37,625)'])
    expect(byId.get('d')!.included).toBe(false)
    expect(byId.get('e')!.flags).toEqual(["non-arm's-length: nominal price $1"])
    expect(byId.get('e')!.included).toBe(false)
    expect(['a', 'b', 'c'].map((id) => byId.get(id)!.included)).toEqual([true, true, true])
  })

  it('indicates the weighted median of the closest comps, the market median and IQR beside it', () => {
    expect(r.trend.rate).toBeNull() // one sale date: no trend
    // Scores a > b > c (1, 2, 3 mi); 10k, 11k, 12k: neither end holds half the weight → 11,000.
    expect(r.indicated).toMatchObject({ perAcre: 11_000, value: 880_000, low: 800_000, high: 960_000, n: 3, k: 6 })
    expect(r.indicated!.weights.map((w) => w.id)).toEqual(['a', 'b', 'c'])
    expect(r.indicated!.market).toMatchObject({
      perAcre: 11_000,
      perAcreLow: 10_500,
      perAcreHigh: 11_500,
      value: 880_000,
      low: 840_000,
      high: 920_000,
      n: 3,
      firstYear: 2024,
      lastYear: 2024,
    })
  })

  it('ranks the included comps first by score, then the market sales left out, then the non-market ones', () => {
    expect(r.comps.map((c) => c.rank)).toEqual([1, 2, 3, 4, 5])
    // a (1 mi) outscores b (2 mi) and c (3 mi); d (outlier) and e ($1 quit-claim, 1 mi) follow.
    expect(r.comps.map((c) => c.id)).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(byId.get('a')!.grade).toBe('A')
  })

  it('never grades or adjusts a non-market sale, and a pin can not put it back', () => {
    const e = byId.get('e')!
    expect([e.grade, e.timeAdjusted, e.adjusted]).toEqual([null, null, null])
    const pinned = analyzeComps(subject, records, settings, TODAY, { e: 'pin' })
    const pe = pinned.comps.find((c) => c.id === 'e')!
    expect(pe.included).toBe(false)
    expect(pe.excludedBecause).toBe("non-arm's-length: nominal price $1")
    expect(pinned.indicated!.n).toBe(3)
  })

  it('puts a pinned outlier back and leaves a dropped comp out', () => {
    const pinned = analyzeComps(subject, records, settings, TODAY, { d: 'pin', a: 'drop' })
    const by = new Map(pinned.comps.map((c) => [c.id, c]))
    expect(by.get('d')!.included).toBe(true)
    expect(by.get('a')!.excludedBecause).toBe('dropped by you')
    // Included: b 11k, c 12k, d 50k → market median 12,000.
    expect(pinned.indicated!.market.perAcre).toBe(12_000)
    expect(pinned.indicated!.n).toBe(3)
  })
})

describe('time and soil adjustments', () => {
  it('estimates +10 %/yr from prices growing 10 % a year and states what it rests on', () => {
    const t = estimateTrend([2020, 2021, 2022, 2023, 2024], [10_000, 11_000, 12_100, 13_310, 14_641])
    expect(t.rate).toBeCloseTo(0.1, 12)
    expect(t).toMatchObject({ n: 5, firstYear: 2020, lastYear: 2024 })
    expect(t.note).toBe('+10.0 %/yr from 5 sales, 2020–2024 (Theil–Sen)')
    expect(estimateTrend([2020, 2021, 2022, 2023], [1, 2, 3, 4]).rate).toBeNull()
  })

  it('brings each comp to the valuation date along the trend', () => {
    const sales = [2019.5, 2020.5, 2021.5, 2022.5, 2023.5].map((y, i) =>
      soldRecord(`t${i}`, 1 + i * 0.1, Math.round(800_000 * 1.1 ** (y - 2019.5)), `${y - 0.5}-07-02`),
    )
    const r = analyzeComps(subject, sales, { ...settings, years: 6 }, '2024-07-02')
    expect(r.trend.rate).toBeCloseTo(0.1, 3)
    // Every sale, brought forward at +10 %/yr, is worth ≈ 10,000 · 1.1^5 per acre on 2024-07-02.
    for (const c of r.comps) expect((c.timeAdjusted as number) / (10_000 * 1.1 ** 5)).toBeCloseTo(1, 3)
  })

  it('values as of the latest sale unless asked, and says how far a later date is projected', () => {
    const sales = [2019.5, 2020.5, 2021.5, 2022.5, 2023.5].map((y, i) =>
      soldRecord(`t${i}`, 1 + i * 0.1, Math.round(800_000 * 1.1 ** (y - 2019.5)), `${y - 0.5}-07-02`),
    )
    const s6 = { ...settings, years: 6 }
    const data = analyzeComps(subject, sales, s6, '2024-07-02', {}, null)
    expect(data.valuation).toEqual({ date: '2023-07-02', fromData: true, lastSale: '2023-07-02', extrapolatedYears: 0 })
    expect(data.trend.note).toBe('+10.0 %/yr from 5 sales, 2019–2023 (Theil–Sen)')
    // Brought to the last sale: ≈ 10,000 · 1.1^4 per acre, nothing projected.
    for (const c of data.comps) expect((c.timeAdjusted as number) / (10_000 * 1.1 ** 4)).toBeCloseTo(1, 3)
    // Asked for 2025-07-02: 2.0 years past the last sale, 1.1² − 1 = +21.0 % projected, and said so.
    const later = analyzeComps(subject, sales, { ...settings, years: 7 }, '2025-07-02', {}, '2025-07-02')
    expect(later.valuation).toEqual({
      date: '2025-07-02',
      fromData: false,
      lastSale: '2023-07-02',
      extrapolatedYears: 2,
    })
    expect(later.trend.note).toBe(
      '+10.0 %/yr from 5 sales, 2019–2023 (Theil–Sen); extrapolated 2.0 yr beyond the last sale (2023-07-02) to 2025-07-02: +21.0 % projected, not observed',
    )
    for (const c of later.comps) expect((c.timeAdjusted as number) / (10_000 * 1.1 ** 6)).toBeCloseTo(1, 3)
  })

  it('estimates $/acre per CSR2 point and adjusts comps to the subject’s soil', () => {
    const pairs: [number, number][] = [
      [60, 9_000],
      [70, 10_000],
      [80, 11_000],
      [90, 12_000],
      [65, 9_500],
    ]
    expect(estimateSoil(80, pairs)).toMatchObject({ perPoint: 100, n: 5 })
    expect(estimateSoil(null, pairs).perPoint).toBeNull()
    expect(estimateSoil(80, pairs.slice(0, 4)).perPoint).toBeNull()
    const subj = parcelSubject(subjectRecord({ csr2: 80 }))!
    const sales = pairs.map(([csr2, perAcre], i) =>
      soldRecord(`s${i}`, 1 + i * 0.1, perAcre * 80, '2024-01-01', { csr2 }),
    )
    const r = analyzeComps(subj, sales, settings, TODAY)
    expect(r.soil.perPoint).toBe(100)
    // A CSR2-60 sale at $9,000 + 100 · (80 − 60) = $11,000.
    expect(r.comps.find((c) => c.csr2 === 60)!.adjusted).toBe(11_000)
    expect(r.indicated!.perAcre).toBe(11_000)
  })

  it('never gives a negative adjusted value: a sale the soil adjustment would take below $0 is left out', () => {
    const subj = parcelSubject(subjectRecord({ csr2: 80 }))!
    const pairs: [number, number][] = [
      [60, 9_000],
      [70, 10_000],
      [80, 11_000],
      [90, 12_000],
      [65, 9_500],
      [100, 1_500],
    ]
    const sales = pairs.map(([csr2, perAcre], i) =>
      soldRecord(`n${i}`, 1 + i * 0.1, perAcre * 80, '2024-01-01', { csr2 }),
    )
    // $/acre 1,500 is below the IQR fence (Q1 9,125 − 1.5 · 1,625 = 6,687.5), so the soil estimate
    // rests on the other five: $100/point; 1,500 + 100 · (80 − 100) = −500 → no adjusted value.
    for (const overrides of [{}, { n5: 'pin' }] as Record<string, 'pin'>[]) {
      const r = analyzeComps(subj, sales, settings, TODAY, overrides)
      expect(r.soil.perPoint).toBe(100)
      const low = r.comps.find((c) => c.id === 'n5')!
      expect(low.adjusted).toBeNull()
      expect(low.included).toBe(false)
      expect(low.flags).toContain(NEGATIVE_FLAG)
      for (const c of r.comps) if (c.adjusted !== null) expect(c.adjusted).toBeGreaterThan(0)
    }
  })

  it('names nominal prices and non-market deeds', () => {
    expect(nonMarketReason(10, null)).toBe("non-arm's-length: nominal price $10")
    expect(nonMarketReason(500_000, 'INTERSPOUSAL TRANSFER DEED')).toBe("non-arm's-length: interspousal transfer deed")
    expect(nonMarketReason(500_000, 'WARRANTY DEED')).toBeNull()
  })
})
