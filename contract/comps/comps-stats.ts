/**
 * Robust statistics for comparable sales, pure numbers. Quantiles are the linear-interpolation kind
 * (Hyndman–Fan type 7: R's default, Excel's QUARTILE.INC), so a user can check them in a spreadsheet.
 */

/** The q-quantile (0 ≤ q ≤ 1) of the values; NaN when there are none. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN
  const s = [...values].sort((a, b) => a - b)
  const h = (s.length - 1) * q
  const lo = Math.floor(h)
  const hi = Math.ceil(h)
  return (s[lo] as number) + (h - lo) * ((s[hi] as number) - (s[lo] as number))
}

export const median = (values: readonly number[]): number => quantile(values, 0.5)

export interface Fences {
  q1: number
  q3: number
  low: number
  high: number
}

/** Tukey's fences: outside [Q1 − 1.5·IQR, Q3 + 1.5·IQR] is an outlier. */
export function iqrFences(values: readonly number[], k = 1.5): Fences {
  const q1 = quantile(values, 0.25)
  const q3 = quantile(values, 0.75)
  const iqr = q3 - q1
  return { q1, q3, low: q1 - k * iqr, high: q3 + k * iqr }
}

/**
 * Theil–Sen slope: the median of the slopes between every pair of points with distinct x. Robust to
 * up to ~29 % wild points, unlike least squares. Above `maxPoints` an evenly spaced subset (by x) is
 * used so the O(n²) pairs stay bounded. Null when fewer than two distinct x.
 */
export function theilSen(xs: readonly number[], ys: readonly number[], maxPoints = 1500): number | null {
  let idx = xs.map((_, i) => i)
  if (idx.length > maxPoints) {
    idx.sort((a, b) => (xs[a] as number) - (xs[b] as number))
    const step = idx.length / maxPoints
    idx = Array.from({ length: maxPoints }, (_, k) => idx[Math.floor(k * step)] as number)
  }
  const slopes: number[] = []
  for (let a = 0; a < idx.length; a++) {
    for (let b = a + 1; b < idx.length; b++) {
      const i = idx[a] as number
      const j = idx[b] as number
      const dx = (xs[j] as number) - (xs[i] as number)
      if (dx !== 0) slopes.push(((ys[j] as number) - (ys[i] as number)) / dx)
    }
  }
  return slopes.length === 0 ? null : median(slopes)
}
