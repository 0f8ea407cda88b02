/**
 * "Sales in these results": the median $/acre of the loaded parcels' sales by the year they sold and
 * by land use, each median with the number of sales it rests on. A parcel counts with its most
 * recent sale (`sale_price` ÷ `acres`, dated `sale_date`: the spec's fields); transfers that are not
 * open-market sales (nominal prices, quit-claim, family, gift… — sale-quality.ts, the same rules as
 * comps) are left out and counted. Pure; medians are the spreadsheet kind (comps-stats.ts).
 */

import { saleDateOf } from '../../../contract/comps/comps-plan'
import { median } from '../../../contract/comps/comps-stats'
import { lastDeed, nonMarketReason } from '../../../contract/comps/sale-quality'
import type { ParcelRecord } from '../../../contract/schemas'

export interface SalesCell {
  /** Median $/acre, and how many sales it rests on. */
  median: number
  n: number
}

export interface SalesTable {
  /** Sale years, newest first. */
  years: number[]
  /** Land uses, most sales first (ties by name); records without one count as "Unknown use". */
  landUses: string[]
  /** `cell(year, landUse)`; `cell(year, null)` is the year over every land use. */
  cell(year: number, landUse: string | null): SalesCell | undefined
  /** Every counted sale, all years and uses. */
  overall: SalesCell | undefined
  /** Open-market sales counted, transfers left out, parcels looked at. */
  counted: number
  excluded: number
  parcels: number
}

export const UNKNOWN_USE = 'Unknown use'

const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN
  return Number.isFinite(n) ? n : null
}

export function salesByYear(records: Iterable<ParcelRecord | undefined>): SalesTable {
  const groups = new Map<string, number[]>()
  const add = (key: string, v: number) => {
    const list = groups.get(key)
    if (list) list.push(v)
    else groups.set(key, [v])
  }
  const uses = new Map<string, number>()
  const years = new Set<number>()
  const all: number[] = []
  let excluded = 0
  let parcels = 0
  for (const r of records) {
    if (!r) continue
    parcels++
    const price = num(r.sale_price)
    const acres = num(r.acres)
    const date = saleDateOf(r)
    if (price === null || price <= 0 || acres === null || acres <= 0 || date === null) continue
    if (nonMarketReason(price, lastDeed(r, date)) !== null) {
      excluded++
      continue
    }
    const year = Number(date.slice(0, 4))
    const use = typeof r.land_use === 'string' && r.land_use.trim() !== '' ? r.land_use : UNKNOWN_USE
    const perAcre = price / acres
    add(`${year}|${use}`, perAcre)
    add(`${year}|`, perAcre)
    all.push(perAcre)
    uses.set(use, (uses.get(use) ?? 0) + 1)
    years.add(year)
  }
  const cells = new Map<string, SalesCell>()
  for (const [key, values] of groups) cells.set(key, { median: median(values), n: values.length })
  return {
    years: [...years].sort((a, b) => b - a),
    landUses: [...uses].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([u]) => u),
    cell: (year, landUse) => cells.get(`${year}|${landUse ?? ''}`),
    overall: all.length ? { median: median(all), n: all.length } : undefined,
    counted: all.length,
    excluded,
    parcels,
  }
}
