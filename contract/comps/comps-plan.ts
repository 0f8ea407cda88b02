/**
 * The calls a comps search makes, pure. The spec has no radius filter and `sale_date` allows only
 * equality operators (`eq`, `ne`, `in`, `nin`, `isnull`), so:
 *   1. one area search (`POST /parcels/area`) for the radius circle;
 *   2. `POST /parcels/query` over the circle's ids with `sale_price gt 0`, `acres between`,
 *      `land_use in …` and `sale_date in [every day of the window]`, paged at 100 records (the
 *      schema's maximum), ordered by svc_uuid so offset paging is stable; ids go in chunks of at
 *      most 50,000 (what the server accepts per `in` list).
 * The window as a list of days is what keeps the pages few: 5 years is 1,828 values, and only the
 * window's sales are read (146 of 820 sold farms for the bench's subject, so 2 pages, not 9). The
 * spec says only "a string" for the date, so the days are written in the style the subject's own
 * record shows (ISO when it shows none); the exact window and radius are checked in the browser.
 *
 * Calls = 1 + Σ over chunks max(1, ⌈m_c / 100⌉), m_c = parcels in chunk c sold in the window, sized
 * and of the uses; with one chunk (≤ 50,000 parcels in the circle) that is 1 + max(1, ⌈M / 100⌉).
 * Cached pages are free. When the style was assumed and the window finds nothing at all, the search
 * is asked once more without the date list (`CompsRequest.loose`), as a different style would miss.
 */
import { MAX_IN_VALUES, MAX_LIMIT } from '../limits'
import type { FilterItem, OrderItem, ParcelRecord, QueryRequest } from '../schemas'
import type { CompsSettings } from './comps-settings'

const ID_ORDER: OrderItem = { field: 'svc_uuid', direction: 'asc' }
export const PAGE = MAX_LIMIT

/** The 3 decimals acres are rounded to keep request keys (and so the cache) stable. */
const round3 = (n: number) => Math.round(n * 1000) / 1000

export function acresRange(subjectAcres: number, band: number): [number, number] {
  return [round3(subjectAcres * (1 - band)), round3(subjectAcres * (1 + band))]
}

/** The comps filters, without the id list; `saleDates` is the window as a list of day strings. */
export function compsFilters(subjectAcres: number, s: CompsSettings, saleDates: string[] | null = null): FilterItem[] {
  const filters: FilterItem[] = [
    { field: 'sale_price', op: 'gt', value: 0 },
    { field: 'acres', op: 'between', value: acresRange(subjectAcres, s.acresBand) },
  ]
  if (s.landUses.length > 0) filters.push({ field: 'land_use', op: 'in', value: [...s.landUses].sort() })
  if (saleDates) filters.push({ field: 'sale_date', op: 'in', value: saleDates })
  return filters
}

/** How a county writes dates: ISO `2024-03-07`, or US `3/7/2024` with or without leading zeros. */
export type DateStyle = 'iso' | 'us' | 'us-padded'

/**
 * The date styles the record's own sale dates show (`sale_date`, and the history's `sale_date_1…3`
 * where the record carries them); `seen` false when it shows none and ISO is assumed.
 */
export function dateStylesOf(record: ParcelRecord | null): { styles: DateStyle[]; seen: boolean } {
  const styles = new Set<DateStyle>()
  for (const key of ['sale_date', 'sale_date_1', 'sale_date_2', 'sale_date_3']) {
    const v = record?.[key]
    if (typeof v !== 'string') continue
    if (/^\d{4}-\d{2}-\d{2}$/.test(v.trim())) styles.add('iso')
    const us = /^(\d{1,2})\/(\d{1,2})\/\d{4}$/.exec(v.trim())
    if (us) {
      const [m, d] = [us[1] as string, us[2] as string]
      const padded = m.startsWith('0') || d.startsWith('0')
      const unpadded = m.length === 1 || d.length === 1
      if (padded || !unpadded) styles.add('us-padded')
      if (unpadded || !padded) styles.add('us')
    }
  }
  return styles.size ? { styles: [...styles].sort(), seen: true } : { styles: ['iso'], seen: false }
}

const DAY_MS = 86_400_000

/** Every day from `start` to `end` (YYYY-MM-DD, inclusive) in the given styles, oldest first. */
export function windowDates(start: string, end: string, styles: readonly DateStyle[]): string[] {
  const out: string[] = []
  const t1 = Date.parse(`${end}T00:00:00Z`)
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= t1; t += DAY_MS) {
    const iso = new Date(t).toISOString().slice(0, 10)
    const [y, m, d] = [iso.slice(0, 4), iso.slice(5, 7), iso.slice(8, 10)]
    for (const style of styles) {
      if (style === 'iso') out.push(iso)
      else if (style === 'us-padded') out.push(`${m}/${d}/${y}`)
      else {
        const loose = `${Number(m)}/${Number(d)}/${y}`
        if (!(styles.includes('us-padded') && loose === `${m}/${d}/${y}`)) out.push(loose)
      }
    }
  }
  return out
}

export function chunkIds(ids: readonly string[], max = MAX_IN_VALUES): string[][] {
  const out: string[][] = []
  for (let i = 0; i < ids.length; i += max) out.push(ids.slice(i, i + max))
  return out
}

export function pageBody(filters: readonly FilterItem[], ids: readonly string[], offset: number): QueryRequest {
  return {
    filters: [...filters, { field: 'svc_uuid', op: 'in', value: ids as string[] }],
    order: ID_ORDER,
    limit: PAGE,
    offset,
  }
}

/** Query calls to read `count` matches of one chunk (one call learns the count even when it is 0). */
export const pagesFor = (count: number): number => Math.max(1, Math.ceil(count / PAGE))

/** The formula, for the panel: total calls given the matches per chunk. */
export function callsFor(matchesPerChunk: readonly number[]): number {
  return 1 + matchesPerChunk.reduce((sum, m) => sum + pagesFor(m), 0)
}

/** ISO date (YYYY-MM-DD) `years` before `today`: the window's first day. */
export function windowStart(today: string, years: number): string {
  const y = Number(today.slice(0, 4)) - years
  return `${String(y).padStart(4, '0')}${today.slice(4, 10)}`
}

/** A record's sale date as YYYY-MM-DD, or null (sale_date is "a string": ISO, or US m/d/yyyy). */
export function saleDateOf(record: ParcelRecord): string | null {
  const v = record.sale_date
  if (typeof v !== 'string') return null
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(v)
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v.trim())
  if (us) return `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}`
  return null
}

const yearOfDay = new Map<string, number>()

/** Decimal years, e.g. 2023-07-02 → ≈ 2023.5 (for trends and recency). */
export function decimalYear(iso: string): number {
  // Kept per day: the back-test asks for the same few hundred sale dates once per tested sale.
  const known = yearOfDay.get(iso)
  if (known !== undefined) return known
  const y = Number(iso.slice(0, 4))
  const start = Date.UTC(y, 0, 1)
  const end = Date.UTC(y + 1, 0, 1)
  const year = y + (Date.parse(`${iso}T00:00:00Z`) - start) / (end - start)
  if (yearOfDay.size >= 20_000) yearOfDay.clear()
  yearOfDay.set(iso, year)
  return year
}
