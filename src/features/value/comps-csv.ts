/**
 * The comps as a table for CSV: every comp, included or not, with what the ranking rests on. A sale
 * left out has no adjusted $/acre and no grade here, as in the panel: neither counts for anything.
 */
import type { Comp } from './comps-analysis'

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
] as const

const r2 = (x: number) => Math.round(x * 100) / 100

export function compsCsvRows(comps: readonly Comp[]): (string | number | boolean | null)[][] {
  return comps.map((c) => [
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
  ])
}
