/**
 * Statistics for the crop-history chart of a search (issue 25), pure: acres by crop and year, and
 * the acres-weighted CSR2 soil rating. Each parcel's acres count under its majority CDL class of
 * that year (not split by percent: the history keeps one class per year), so a year's bar adds up
 * to the acres of the loaded parcels with a class that year.
 */
import { historyOf } from '../../../contract/rotation'
import type { ParcelRecord } from '../../../contract/schemas'
import { toNumber } from '../../format/format-value'

export interface CropSlice {
  name: string
  /** a CDL code of the class (for its colour); null for "Other" */
  code: number | null
  acres: number
}

export interface CropYear {
  year: number
  acres: number
  parcels: number
  slices: CropSlice[]
}

export interface CropAcres {
  years: CropYear[]
  /** The classes shown, biggest over all years first; the rest are summed as "Other". */
  crops: { name: string; code: number | null }[]
  /** Loaded parcels with a history (and acres). */
  withHistory: number
  loaded: number
}

const recordAcres = (r: ParcelRecord): number | null => toNumber(r.acres) ?? toNumber(r.acres_calc)

export function cropAcresByYear(rows: readonly (ParcelRecord | undefined)[], top = 7): CropAcres {
  const byYear = new Map<number, Map<string, { code: number; acres: number; parcels: number }>>()
  const totals = new Map<string, { code: number; acres: number }>()
  let withHistory = 0
  let loaded = 0
  for (const r of rows) {
    if (!r) continue
    loaded++
    const acres = recordAcres(r)
    const history = historyOf(r)
    if (acres === null || acres <= 0 || history.length === 0) continue
    withHistory++
    for (const y of history) {
      const name = y.name ?? `CDL class ${y.code}`
      const year = byYear.get(y.year) ?? new Map()
      byYear.set(y.year, year)
      const cell = year.get(name) ?? { code: y.code, acres: 0, parcels: 0 }
      cell.acres += acres
      cell.parcels++
      year.set(name, cell)
      const t = totals.get(name) ?? { code: y.code, acres: 0 }
      t.acres += acres
      totals.set(name, t)
    }
  }
  const ranked = [...totals].sort((a, b) => b[1].acres - a[1].acres)
  const shown = ranked.slice(0, top).map(([name, t]) => ({ name, code: t.code as number | null }))
  const hasOther = ranked.length > top
  const crops = hasOther ? [...shown, { name: 'Other', code: null }] : shown
  const years = [...byYear]
    .sort((a, b) => a[0] - b[0])
    .map(([year, cells]) => {
      const slices: CropSlice[] = shown.map((c) => ({ ...c, acres: cells.get(c.name)?.acres ?? 0 }))
      if (hasOther) {
        const other = [...cells].filter(([n]) => !shown.some((c) => c.name === n)).reduce((s, [, c]) => s + c.acres, 0)
        slices.push({ name: 'Other', code: null, acres: other })
      }
      const parcels = [...cells.values()].reduce((s, c) => s + c.parcels, 0)
      return { year, acres: slices.reduce((s, c) => s + c.acres, 0), parcels, slices }
    })
  return { years, crops, withHistory, loaded }
}

export interface WeightedRating {
  /** acres-weighted mean, null when no parcel has both a rating and acres */
  mean: number | null
  ratedAcres: number
  ratedParcels: number
  totalAcres: number
}

/** Acres-weighted CSR2 (Iowa's Corn Suitability Rating): Σ(acres × csr2) / Σ acres over rated parcels. */
export function weightedCsr2(rows: readonly (ParcelRecord | undefined)[]): WeightedRating {
  let sum = 0
  let ratedAcres = 0
  let ratedParcels = 0
  let totalAcres = 0
  for (const r of rows) {
    if (!r) continue
    const acres = recordAcres(r)
    if (acres === null || acres <= 0) continue
    totalAcres += acres
    const csr2 = toNumber(r.csr2)
    if (csr2 === null) continue
    sum += acres * csr2
    ratedAcres += acres
    ratedParcels++
  }
  return { mean: ratedAcres > 0 ? sum / ratedAcres : null, ratedAcres, ratedParcels, totalAcres }
}
