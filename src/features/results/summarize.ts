/** Pure aggregation behind the summary bar: counts, totals and the crop mix of loaded rows. */
import type { ParcelRecord } from '../../../contract/schemas'
import { type AcreTotals, acreTotals } from '../../format/acreage'
import { isEmptyValue, toNumber } from '../../format/format-value'

export interface CropShare {
  category: string
  count: number
  /** Fraction (0–1) of loaded parcels that have a category. */
  share: number
}

export interface Summary {
  /** Records actually loaded (defined rows). */
  loaded: number
  /** Best known total: the largest of loaded, rowCount and the planner's expectation. */
  expected: number
  /** Measured and recorded acres, each footprint once (the holdings panel's figures for the same set). */
  acres: AcreTotals
  totalValue: number
  /** Parcels that contributed an assessed value. */
  valueCount: number
  /** Top categories by parcel count, largest first. */
  crops: CropShare[]
  /** Share of categorised parcels outside the top categories. */
  otherShare: number
}

export function summarize(
  rows: readonly (ParcelRecord | undefined)[],
  opts: { rowCount?: number; recordsExpected?: number; top?: number } = {},
): Summary {
  let loaded = 0
  let totalValue = 0
  let valueCount = 0
  let categorised = 0
  const counts = new Map<string, number>()
  for (const r of rows) {
    if (!r) continue
    loaded++
    const v = toNumber(r.parcel_value)
    if (v !== null) {
      totalValue += v
      valueCount++
    }
    const c = r.cdl_majority_category
    if (!isEmptyValue(c)) {
      const key = String(c).trim()
      counts.set(key, (counts.get(key) ?? 0) + 1)
      categorised++
    }
  }
  const top = opts.top ?? 4
  const crops = [...counts.entries()]
    .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))
    .slice(0, top)
    .map(([category, count]) => ({ category, count, share: count / categorised }))
  const topShare = crops.reduce((s, c) => s + c.share, 0)
  return {
    loaded,
    expected: Math.max(loaded, opts.rowCount ?? 0, opts.recordsExpected ?? 0),
    acres: acreTotals(rows),
    totalValue,
    valueCount,
    crops,
    otherShare: categorised ? Math.max(0, 1 - topShare) : 0,
  }
}
