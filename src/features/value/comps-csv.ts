/**
 * The comps as a table for CSV: every comp, included or not, with what the ranking rests on. A sale
 * left out has no adjusted $/acre and no grade here, as in the panel: neither counts for anything.
 * `value_weight` is filled for the comps the indicated value rests on, so "indicated value = weighted
 * median of the weighted rows' adjusted $/acre" can be checked in a spreadsheet. Below the comps, after
 * an empty row, the statistics with what each rests on (a second header names their columns).
 */
import type { Comp, CompsResult } from '../../../contract/comps/comps-analysis'

export const COMPS_CSV_HEADER = [
  'rank',
  'svc_uuid',
  'parcel_id',
  'sale_date',
  'sale_price',
  'acres',
  'distance_mi',
  'price_per_acre',
  'adjusted_price_per_acre',
  'score',
  'grade',
  'included',
  'why_excluded',
  'flags',
  'value_weight',
] as const

const STATISTICS_HEADER = ['statistic', 'value', 'price_per_acre', 'n', 'years', 'how'] as const

type Cell = string | number | boolean | null

const r2 = (x: number) => Math.round(x * 100) / 100

export function compsCsvRows(result: CompsResult, extra: readonly Cell[][] = []): Cell[][] {
  const weights = new Map(result.indicated?.weights.map((w) => [w.id, w.weight]) ?? [])
  const rows: Cell[][] = result.comps.map((c: Comp) => [
    c.rank,
    c.id,
    c.parcelId,
    c.saleDate,
    c.salePrice,
    c.acres,
    r2(c.miles),
    r2(c.perAcre),
    c.included && c.adjusted !== null ? r2(c.adjusted) : null,
    c.score,
    c.included ? c.grade : null,
    c.included,
    c.excludedBecause,
    c.flags.join('; ') || null,
    weights.get(c.id) ?? null,
  ])
  const v = result.indicated
  const stats: Cell[][] = [
    [...STATISTICS_HEADER],
    v
      ? [
          'indicated_value',
          r2(v.value),
          r2(v.perAcre),
          v.n,
          `${v.firstYear}-${v.lastYear}`,
          `weighted median of the adjusted $/acre of the ${v.n} closest included comps (weights: value_weight) x ${r2(v.value / v.perAcre)} ac`,
        ]
      : ['indicated_value', null, null, 0, null, 'no comp included'],
    v
      ? [
          'market_median',
          r2(v.market.value),
          r2(v.market.perAcre),
          v.market.n,
          `${v.market.firstYear}-${v.market.lastYear}`,
          'median adjusted $/acre of every included comp',
        ]
      : ['market_median', null, null, 0, null, 'no comp included'],
    ['valuation_date', result.valuation.date, null, null, null, valuationHow(result)],
    ...extra,
  ]
  return [...rows, [], ...stats]
}

function valuationHow(r: CompsResult): string {
  const v = r.valuation
  const what = v.fromData ? 'the latest open-market sale found' : 'set by the user or the link'
  return v.extrapolatedYears > 0
    ? `${what}; time adjustment extrapolated ${v.extrapolatedYears.toFixed(1)} yr beyond the last sale (${v.lastSale})`
    : what
}
