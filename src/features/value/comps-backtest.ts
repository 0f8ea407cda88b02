/**
 * "How good is this here?" (issue 38): a leave-one-out back-test of the comps method around the
 * subject. Each open-market sale of the last BACKTEST_YEARS years before the valuation date, among
 * the sales the comps search found, is valued by the very same method (analyzeComps: the window, the
 * trend, outliers, soil, scores and the weighted median of the k closest) from the other sales, as of
 * its own sale date — so only sales on or before that day, never itself. Its error is the indicated
 * $/acre against what it really sold for. Reported: the median absolute % error, the shares within
 * ±10 % and ±20 %, and n; below BACKTEST_MIN_N valued sales, "too few sales to say".
 *
 * Pure; run once per comps result and settings, after the ranked list is shown and in a worker
 * (comps-backtest-run.ts), so neither the page nor the map waits for it.
 * Cost: one analyzeComps per tested sale (at most BACKTEST_MAX_SALES, the most recent), each
 * dominated by its Theil–Sen trend over the market sales (O(m²) pairs).
 */
import { analyzeComps, type CompsResult } from '../../../contract/comps/comps-analysis'
import type { CompsSettings } from '../../../contract/comps/comps-settings'
import { median } from '../../../contract/comps/comps-stats'
import { parcelSubject } from '../../../contract/comps/comps-subject'

/** Fewest valued sales a back-test figure may rest on; below, "too few sales to say". */
export const BACKTEST_MIN_N = 10
/** How far back before the valuation date sales are tested. */
const BACKTEST_YEARS = 3
/** Most recent sales tested at most: bounds the cost on a dense market. */
const BACKTEST_MAX_SALES = 150

export interface Backtest {
  /** Sales valued (each had at least one comp from the others). */
  n: number
  /** Open-market sales tested, valued or not. */
  tested: number
  /** The tested span: first and last day. */
  from: string
  to: string
  /** Median |indicated / sold − 1|, and the shares with |error| ≤ 10 % and ≤ 20 %; null below BACKTEST_MIN_N. */
  medianAbsError: number | null
  within10: number | null
  within20: number | null
  /** The figures in words, with what they rest on. */
  note: string
}

/** The errors (indicated / sold − 1) summarised; exported for its hand-computed tests. */
export function summarize(errors: readonly number[], tested: number, from: string, to: string): Backtest {
  const n = errors.length
  const span = `${from} to ${to}`
  if (n < BACKTEST_MIN_N)
    return {
      n,
      tested,
      from,
      to,
      medianAbsError: null,
      within10: null,
      within20: null,
      note: `Too few sales to say: ${n} open-market sale${n === 1 ? '' : 's'} from ${span} could be valued from the others (a figure needs ${BACKTEST_MIN_N}).`,
    }
  const abs = errors.map((e) => Math.abs(e))
  const share = (limit: number) => abs.filter((a) => a <= limit + 1e-12).length / n
  const medianAbsError = median(abs)
  const within10 = share(0.1)
  const within20 = share(0.2)
  const pct = (x: number, digits = 0) => `${(x * 100).toFixed(digits)} %`
  return {
    n,
    tested,
    from,
    to,
    medianAbsError,
    within10,
    within20,
    note: `Typically off by ${pct(medianAbsError, 1)} (median absolute error); ${pct(within10)} within ±10 %, ${pct(within20)} within ±20 %; n = ${n} open-market sales from ${span}, each valued from the other sales as of its own sale date.`,
  }
}

const shiftYears = (iso: string, years: number) =>
  `${String(Number(iso.slice(0, 4)) - years).padStart(4, '0')}${iso.slice(4, 10)}`

/**
 * What the back-test reads of a comps result: plain data (records as the API sent them), so it can
 * be posted to the worker (comps-backtest-worker.ts) as it is.
 */
export interface BacktestInput {
  valuationDate: string
  sales: {
    id: string
    record: CompsResult['comps'][number]['record']
    saleDate: string
    perAcre: number
    adjusted: boolean
  }[]
}

export const backtestInput = (result: CompsResult): BacktestInput => ({
  valuationDate: result.valuation.date,
  sales: result.comps.map((c) => ({
    id: c.id,
    record: c.record,
    saleDate: c.saleDate,
    perAcre: c.perAcre,
    adjusted: c.timeAdjusted !== null,
  })),
})

/** The back-test one tested sale per step, so a caller can yield between steps (runBacktest does). */
export function* backtestSteps(input: BacktestInput, s: CompsSettings): Generator<void, Backtest> {
  const to = input.valuationDate
  const from = shiftYears(to, BACKTEST_YEARS)
  const records = input.sales.map((c) => c.record)
  const tested = input.sales
    .filter((c) => c.adjusted && c.saleDate >= from && c.saleDate <= to)
    .sort((a, b) => (a.saleDate < b.saleDate ? 1 : a.saleDate > b.saleDate ? -1 : a.id < b.id ? -1 : 1))
    .slice(0, BACKTEST_MAX_SALES)
  // Each its own subject; the user's pins and drops are about the subject's comps, not these.
  const plain = { ...s, priceBand: null }
  const errors: number[] = []
  for (const sale of tested) {
    const subject = parcelSubject(sale.record)
    if (!subject) continue
    const r = analyzeComps(subject, records, plain, sale.saleDate, {}, sale.saleDate)
    if (r.indicated) errors.push(r.indicated.perAcre / sale.perAcre - 1)
    yield
  }
  return summarize(errors, tested.length, from, to)
}

/** All steps at once. */
export function finishBacktest(input: BacktestInput, s: CompsSettings): Backtest {
  const steps = backtestSteps(input, s)
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}

export const backtestComps = (result: CompsResult, s: CompsSettings): Backtest =>
  finishBacktest(backtestInput(result), s)

/** The back-test as CSV statistics rows (comps-csv.ts's second header). */
export function backtestCsvRows(b: Backtest): (string | number | null)[][] {
  const r4 = (x: number | null) => (x === null ? null : Math.round(x * 10_000) / 10_000)
  const years = `${b.from.slice(0, 4)}-${b.to.slice(0, 4)}`
  return [
    ['backtest_median_abs_error', r4(b.medianAbsError), null, b.n, years, b.note],
    ['backtest_share_within_10pct', r4(b.within10), null, b.n, years, null],
    ['backtest_share_within_20pct', r4(b.within20), null, b.n, years, null],
  ]
}
