/**
 * The comps value (issue 38): what the closest comps say, not the market's average. The k best
 * included comps by similarity score (the ranking's order) give the value as the weighted median of
 * their adjusted $/acre, each weighted by its score, so a close match counts more than a weak one;
 * the median of every included sale stays beside it as the wider market's level. Both say what they
 * rest on (n and the years of the sales), and the CSV carries each top-k comp's weight so anyone can
 * recompute the value in a spreadsheet.
 */
import { median, quantile } from './comps-stats'

/** What the value reads of a ranked comp (comps-analysis.ts's Comp has these). */
export interface Valued {
  id: string
  saleDate: string
  score: number
  included: boolean
  adjusted: number | null
}

/** Comps an appraiser weighs: 3–8 closest sales; 6 by default. */
export const DEFAULT_K = 6
export const MIN_K = 1
export const MAX_K = 20

export interface CompsValue {
  perAcre: number
  /** The lowest and highest adjusted $/acre among the comps it rests on. */
  perAcreLow: number
  perAcreHigh: number
  value: number
  low: number
  high: number
  n: number
  /** First and last year of the sales it rests on. */
  firstYear: number
  lastYear: number
}

export interface WeightedComp {
  id: string
  weight: number
}

/**
 * Weighted median: sort by value; the first value where the running weight passes half the total.
 * Where it lands exactly on half, the mean of that value and the next (so equal weights give the
 * ordinary median). NaN when there is nothing to weigh.
 */
export function weightedMedian(values: readonly number[], weights: readonly number[]): number {
  const pairs = values.map((v, i) => [v, weights[i] as number] as const).filter(([, w]) => w > 0)
  if (pairs.length === 0) return Number.NaN
  pairs.sort((a, b) => a[0] - b[0])
  const total = pairs.reduce((sum, [, w]) => sum + w, 0)
  let run = 0
  for (let i = 0; i < pairs.length; i++) {
    run += (pairs[i] as readonly [number, number])[1]
    // Relative tolerance: weights such as 87.5 summed in another order must still tie at half.
    if (Math.abs(run - total / 2) <= total * 1e-12)
      return ((pairs[i] as readonly [number, number])[0] + (pairs[i + 1] ?? pairs[i])![0]) / 2
    if (run > total / 2) return (pairs[i] as readonly [number, number])[0]
  }
  return (pairs.at(-1) as readonly [number, number])[0]
}

const yearOf = (c: Valued) => Number(c.saleDate.slice(0, 4))

function basis(comps: readonly Valued[], perAcre: number, low: number, high: number, acres: number): CompsValue {
  const years = comps.map(yearOf)
  return {
    perAcre,
    perAcreLow: low,
    perAcreHigh: high,
    value: perAcre * acres,
    low: low * acres,
    high: high * acres,
    n: comps.length,
    firstYear: Math.min(...years),
    lastYear: Math.max(...years),
  }
}

/**
 * The top-k included comps (they come ranked, included first) and their weights: the scores, with a
 * floor so a pinned comp scoring 0 still counts a little rather than vanishing.
 */
function topK(comps: readonly Valued[], k: number): WeightedComp[] {
  return comps
    .filter((c) => c.included && c.adjusted !== null)
    .slice(0, k)
    .map((c) => ({ id: c.id, weight: Math.max(c.score, 0.1) }))
}

export interface Indicated extends CompsValue {
  /** How many closest comps it was asked to rest on; `n` is fewer when fewer are included. */
  k: number
  /** Those comps and their weights (their scores), best first: the CSV carries them. */
  weights: WeightedComp[]
  /** The median of every included comp: the wider market, shown beside the value as context. */
  market: CompsValue
}

/**
 * The indicated value from the top k (range: their lowest to highest adjusted $/acre) with the
 * market beside it; null when no comp is included or the subject has no acres.
 */
export function indicate(comps: readonly Valued[], k: number, acres: number): Indicated | null {
  const market = marketValue(comps, acres)
  const weights = topK(comps, k)
  if (!market || weights.length === 0) return null
  const byId = new Map(comps.map((c) => [c.id, c]))
  const used = weights.map((w) => byId.get(w.id) as Valued)
  const values = used.map((c) => c.adjusted as number)
  const perAcre = weightedMedian(
    values,
    weights.map((w) => w.weight),
  )
  return { ...basis(used, perAcre, Math.min(...values), Math.max(...values), acres), k, weights, market }
}

/** The wider market: the median (and interquartile range) of every included comp. */
function marketValue(comps: readonly Valued[], acres: number): CompsValue | null {
  const used = comps.filter((c) => c.included && c.adjusted !== null)
  if (used.length === 0 || !(acres > 0)) return null
  const values = used.map((c) => c.adjusted as number)
  return basis(used, median(values), quantile(values, 0.25), quantile(values, 0.75), acres)
}
