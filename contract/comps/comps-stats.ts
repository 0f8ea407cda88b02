/**
 * Robust statistics for comparable sales, pure numbers. Quantiles are the linear-interpolation kind
 * (Hyndman–Fan type 7: R's default, Excel's QUARTILE.INC), so a user can check them in a spreadsheet.
 */

/** The q-quantile (0 ≤ q ≤ 1) of the values; NaN when there are none. */
export function quantile(values: ArrayLike<number>, q: number): number {
  if (values.length === 0) return Number.NaN
  // A typed array sorts numerically in native code: the back-test sorts ~5,000 Theil–Sen slopes per
  // tested sale, and a comparator sort of plain numbers took half its time (BENCHMARKS.md, comps).
  return sortedQuantile(Float64Array.from(values).sort(), q)
}

/** The q-quantile of values already sorted ascending. */
function sortedQuantile(s: Float64Array, q: number): number {
  const h = (s.length - 1) * q
  const lo = Math.floor(h)
  const hi = Math.ceil(h)
  return (s[lo] as number) + (h - lo) * ((s[hi] as number) - (s[lo] as number))
}

export const median = (values: ArrayLike<number>): number => quantile(values, 0.5)

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
  const slopes = new Float64Array((idx.length * (idx.length - 1)) / 2)
  let n = 0
  for (let a = 0; a < idx.length; a++) {
    for (let b = a + 1; b < idx.length; b++) {
      const i = idx[a] as number
      const j = idx[b] as number
      const dx = (xs[j] as number) - (xs[i] as number)
      const slope = ((ys[j] as number) - (ys[i] as number)) / dx
      // A pair with no slope (same x; or ∞ − ∞ from two $0 sales) has no say in the median.
      if (dx !== 0 && !Number.isNaN(slope)) slopes[n++] = slope
    }
  }
  return n === 0 ? null : medianInPlace(slopes.subarray(0, n))
}

/**
 * The median (type 7, as `median`) of the values by selection, in O(n) and reordering them: the
 * back-test takes one Theil–Sen median of ~5,000 slopes per tested sale, where a full sort was half
 * its time. The values must hold no NaN.
 */
function medianInPlace(a: Float64Array): number {
  const h = (a.length - 1) / 2
  const lo = Math.floor(h)
  const low = selectInPlace(a, lo)
  if (h === lo) return low
  // After selection everything right of `lo` is ≥ a[lo]: the next order statistic is their least.
  let high = Number.POSITIVE_INFINITY
  for (let i = lo + 1; i < a.length; i++) if ((a[i] as number) < high) high = a[i] as number
  return low + (h - lo) * (high - low)
}

/** Hoare's quickselect: reorders `a` so a[k] is its k-th smallest value, and returns it. */
function selectInPlace(a: Float64Array, k: number): number {
  let left = 0
  let right = a.length - 1
  while (right > left) {
    // The median of three as the pivot keeps sorted and reversed input linear.
    const mid = (left + right) >>> 1
    const x = a[left] as number
    const y = a[mid] as number
    const z = a[right] as number
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y
    let i = left
    let j = right
    while (i <= j) {
      while ((a[i] as number) < pivot) i++
      while ((a[j] as number) > pivot) j--
      if (i <= j) {
        const t = a[i] as number
        a[i] = a[j] as number
        a[j] = t
        i++
        j--
      }
    }
    if (k <= j) right = j
    else if (k >= i) left = i
    else break
  }
  return a[k] as number
}
