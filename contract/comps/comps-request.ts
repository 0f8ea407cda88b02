/**
 * One comps search as data: the radius circle's centre and size and the filters (comps-plan.ts),
 * with the looser filters to fall back on when the date style was only assumed. Pure; the same
 * subject, settings and valuation date always give the same request, so the cache answers a repeat.
 */
import { MAX_IN_VALUES_NON_ID } from '../limits'
import type { FilterItem } from '../schemas'
import { type LonLat, milesToMeters } from './comps-geo'
import { compsFilters, type DateStyle, dateStylesOf, windowDates, windowStart } from './comps-plan'
import type { CompsSettings } from './comps-settings'
import type { CompsSubject } from './comps-subject'

export interface CompsRequest {
  center: LonLat
  meters: number
  filters: FilterItem[]
  /** Without the sale-date list: asked only when that list (in an assumed style) found nothing. */
  loose: FilterItem[] | null
  windowStart: string
  windowEnd: string
}

/**
 * The last few windows' day lists, kept: building 1,828 date strings costs a few ms, and the same
 * array (not an equal one) lets the request key reuse its hash of the list (api/request-key.ts).
 */
const windows = new Map<string, string[]>()
function windowList(start: string, end: string, styles: DateStyle[]): string[] {
  const key = `${start}|${end}|${styles.join(',')}`
  let days = windows.get(key)
  if (!days) {
    days = windowDates(start, end, styles)
    if (windows.size >= 8) windows.delete(windows.keys().next().value as string)
    windows.set(key, days)
  }
  return days
}

export function compsRequest(subject: CompsSubject, s: CompsSettings, asOf: string): CompsRequest {
  const start = windowStart(asOf, s.years)
  const { styles, seen } = dateStylesOf(subject.record)
  const days = windowList(start, asOf, styles)
  // The API takes at most MAX_IN_VALUES_NON_ID values in a sale_date list (a 422 beyond): about 13
  // years of ISO days, 7 of a county writing both US styles. A longer window reads every sale of
  // the size and uses instead, more pages, and the window is kept in the browser as always.
  const fits = days.length <= MAX_IN_VALUES_NON_ID
  return {
    center: subject.point,
    meters: milesToMeters(s.radiusMiles),
    filters: compsFilters(subject.acres, s, fits ? days : null),
    loose: seen || !fits ? null : compsFilters(subject.acres, s),
    windowStart: start,
    windowEnd: asOf,
  }
}
