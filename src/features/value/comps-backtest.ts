/**
 * "How good is this here?" (issue 38): a leave-one-out back-test of the comps method around the
 * subject. Each open-market sale of the last BACKTEST_YEARS years before the valuation date, among
 * the sales the comps search found, is valued by the very same method (analyzeComps: the window, the
 * trend, outliers, soil, scores and the weighted median of the k closest) from the other sales, as of
 * its own sale date — so only sales on or before that day, never itself. Its error is the indicated
 * $/acre against what it really sold for. Reported: the median absolute % error, the shares within
 * ±10 % and ±20 %, and n; below BACKTEST_MIN_N valued sales, "too few sales to say".
 *
 * Pure and memoised per comps result: it runs after the ranked list is shown, never in its render,
 * and in slices between the page's tasks (runBacktest) so the page stays responsive while it runs.
 * Cost: one analyzeComps per tested sale (at most BACKTEST_MAX_SALES, the most recent), each
 * dominated by its Theil–Sen trend over the market sales (O(m²) pairs).
 */
import { analyzeComps, type CompsResult } from '../../../contract/comps/comps-analysis'
import type { CompsSettings } from '../../../contract/comps/comps-settings'
import { median } from '../../../contract/comps/comps-stats'
import { parcelSubject } from '../../../contract/comps/comps-subject'
import { runInSlices } from './run-in-slices'

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

/** The back-test one tested sale per step, so a caller can yield between steps (runBacktest does). */
function* backtestSteps(result: CompsResult, s: CompsSettings): Generator<void, Backtest> {
  const to = result.valuation.date
  const from = shiftYears(to, BACKTEST_YEARS)
  const records = result.comps.map((c) => c.record)
  const tested = result.comps
    .filter((c) => c.timeAdjusted !== null && c.saleDate >= from && c.saleDate <= to)
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

export function backtestComps(result: CompsResult, s: CompsSettings): Backtest {
  const steps = backtestSteps(result, s)
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}

const memo = new WeakMap<CompsResult, Map<string, Backtest>>()
const keyOf = (s: CompsSettings) => JSON.stringify(s)

function remember(result: CompsResult, s: CompsSettings, b: Backtest): Backtest {
  let byKey = memo.get(result)
  if (!byKey) {
    byKey = new Map()
    memo.set(result, byKey)
  }
  byKey.set(keyOf(s), b)
  return b
}

/** The back-test of a comps result, computed once per result and settings. */
export function backtestCompsMemo(result: CompsResult, s: CompsSettings): Backtest {
  return memo.get(result)?.get(keyOf(s)) ?? remember(result, s, backtestComps(result, s))
}

/**
 * The back-test in slices between the page's own tasks (run-in-slices.ts), so the page answers
 * input while it runs (a dense market takes a second or more on a slow machine); `done` gets it (on
 * the next turn when it is memoised). Returns a cancel.
 */
export function runBacktest(result: CompsResult, s: CompsSettings, done: (b: Backtest) => void): () => void {
  const hit = memo.get(result)?.get(keyOf(s))
  if (hit) {
    const timer = setTimeout(() => done(hit), 0)
    return () => clearTimeout(timer)
  }
  return runInSlices(backtestSteps(result, s), (b) => done(remember(result, s, b)))
}

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
