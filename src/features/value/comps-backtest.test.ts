import { describe, expect, it } from 'vitest'
import { soldRecord, subjectRecord } from '../../../contract/comps/comps.test-support'
import { analyzeComps } from '../../../contract/comps/comps-analysis'
import { settingsFor } from '../../../contract/comps/comps-settings'
import { parcelSubject } from '../../../contract/comps/comps-subject'
import { BACKTEST_MIN_N, backtestComps, backtestCsvRows, summarize } from './comps-backtest'
import { backtestCompsMemo, runBacktest } from './comps-backtest-run'

const subject = parcelSubject(subjectRecord())!
const settings = settingsFor(subject, null)

describe('summarize', () => {
  it('gives the median absolute error and the shares within ±10 % and ±20 %, with n', () => {
    // |errors| sorted: 0, .02, .05, .08, .09, .12, .15, .18, .25, .30 → median (.09 + .12) / 2 = .105;
    // within 10 %: 5 of 10; within 20 %: 8 of 10.
    const b = summarize([0.05, -0.08, 0.15, -0.25, 0.02, 0.12, -0.3, 0.09, 0, -0.18], 12, '2021-06-15', '2024-06-15')
    expect(b.medianAbsError).toBeCloseTo(0.105, 12)
    expect([b.within10, b.within20, b.n, b.tested]).toEqual([0.5, 0.8, 10, 12])
    expect(b.note).toBe(
      'Typically off by 10.5 % (median absolute error); 50 % within ±10 %, 80 % within ±20 %; n = 10 open-market sales from 2021-06-15 to 2024-06-15, each valued from the other sales as of its own sale date.',
    )
    expect(backtestCsvRows(b)[0]!.slice(0, 5)).toEqual(['backtest_median_abs_error', 0.105, null, 10, '2021-2024'])
  })

  it(`says "too few sales to say" below ${BACKTEST_MIN_N} valued sales`, () => {
    const b = summarize([0.1, 0.2, 0.3], 4, '2021-06-15', '2024-06-15')
    expect([b.medianAbsError, b.within10, b.within20, b.n]).toEqual([null, null, null, 3])
    expect(b.note).toBe(
      'Too few sales to say: 3 open-market sales from 2021-06-15 to 2024-06-15 could be valued from the others (a figure needs 10).',
    )
  })
})

describe('backtestComps', () => {
  // Twelve sales a month apart, all $10,000/ac but the last at $12,000/ac.
  const sales = Array.from({ length: 12 }, (_, i) =>
    soldRecord(`s${i}`, 1 + i * 0.1, i === 11 ? 960_000 : 800_000, `2023-${String(i + 1).padStart(2, '0')}-15`),
  )
  const result = analyzeComps(subject, sales, settings, '2024-07-01', {}, null)

  it('values each sale from the others sold on or before its day, never itself', () => {
    expect(result.valuation.date).toBe('2023-12-15')
    const b = backtestComps(result, settings)
    // The first sale has nothing before it; the next ten are valued at $10,000 exactly (error 0); the
    // last at $10,000 against $12,000: −1/6. n = 11: median |error| 0, 10 of 11 within ±10 %, all ±20 %.
    expect([b.tested, b.n, b.from, b.to]).toEqual([12, 11, '2020-12-15', '2023-12-15'])
    expect(b.medianAbsError).toBe(0)
    expect(b.within10).toBeCloseTo(10 / 11, 12)
    expect(b.within20).toBe(1)
  })

  it('is memoised per result: computed once, in slices or whole', async () => {
    const sliced = await new Promise<ReturnType<typeof backtestComps>>((done) => runBacktest(result, settings, done))
    expect(sliced).toEqual(backtestComps(result, settings))
    expect(backtestCompsMemo(result, settings)).toBe(sliced)
    expect(await new Promise((done) => runBacktest(result, settings, done))).toBe(sliced)
    // Cancelled before its first slice: never called.
    let called = false
    const other = analyzeComps(subject, sales, settings, '2024-07-01', {}, null)
    runBacktest(other, settings, () => {
      called = true
    })()
    await new Promise((r) => setTimeout(r, 20))
    expect(called).toBe(false)
  })
})
