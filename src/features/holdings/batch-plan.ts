/**
 * A list's rows as lookups, and the fewest calls that answer them:
 * - parcel numbers: per covered county, one query `state eq`, `county_fp eq`, `parcel_id in [numbers]`
 *   (3 of the 10 filters; numbers in chunks of at most 5,000 so a body stays ~100 KB), paged at 100:
 *     calls = Σ_counties max(1, ⌈m_c / 100⌉)   m_c = records of county c whose number is on the list
 *   (per chunk when a county has more than 5,000 numbers);
 * - points: one `GET /parcels/point` per distinct point (to 6 decimals) inside a covered county's
 *   box; a point outside every covered county is reported without a call:
 *     calls = distinct points inside coverage.
 * Cached answers cost nothing. Rows that cannot be read (no number, a latitude of 95) cost nothing.
 */
import type { CoverageCounty } from '../../../contract/tiles'
import { findState, normalizeCountyName } from '../../geo/place-names'
import type { ColumnGuess, Table } from './batch-table'

const NUMBERS_PER_QUERY = 5_000

export type NotFoundReason = 'unknown number' | 'outside coverage' | 'point in no parcel' | 'unreadable row'

export type RowLookup =
  | { kind: 'number'; number: string; county: CoverageCounty }
  | { kind: 'point'; lat: number; lon: number }
  | { kind: 'skip'; reason: NotFoundReason; detail: string }

export interface BatchPlan {
  lookups: RowLookup[]
  /** Per county: the distinct numbers, in chunks. */
  numberQueries: { county: CoverageCounty; numbers: string[] }[]
  /** Distinct points inside coverage, as sent. */
  points: { lat: number; lon: number }[]
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6
export const pointId = (p: { lat: number; lon: number }) => `${round6(p.lat)},${round6(p.lon)}`

/**
 * The covered county a cell names: "Story", "story county", "Story, IA", "19169", or a county FIPS
 * with the state from its own column or the picked default.
 */
export function resolveCounty(
  cell: string,
  stateCell: string,
  counties: readonly CoverageCounty[],
): { county: CoverageCounty } | { problem: string } {
  const raw = cell.trim()
  const [namePart = '', statePart = ''] = raw.includes(',') ? raw.split(',').map((s) => s.trim()) : [raw, '']
  const state = findState(statePart || stateCell)
  const inState = state ? counties.filter((c) => c.state === state.abbr) : counties
  if (/^\d{5}$/.test(namePart)) {
    const c = counties.find((x) => x.state_fp + x.county_fp === namePart)
    return c ? { county: c } : { problem: `county ${namePart} is not covered` }
  }
  if (/^\d{1,3}$/.test(namePart)) {
    const fp = namePart.padStart(3, '0')
    const found = inState.filter((c) => c.county_fp === fp)
    if (found.length === 1) return { county: found[0] as CoverageCounty }
    return { problem: found.length ? `county ${fp} is in several states: add a state` : `county ${fp} is not covered` }
  }
  const name = normalizeCountyName(namePart).toLowerCase()
  const found = inState.filter((c) => c.county.toLowerCase() === name)
  if (found.length === 1) return { county: found[0] as CoverageCounty }
  if (found.length > 1)
    return { problem: `${namePart} is a county in ${found.map((c) => c.state).join(' and ')}: add a state` }
  return { problem: `${raw || 'no county'}${state && !statePart ? `, ${state.abbr}` : ''} is not a covered county` }
}

export function planBatch(
  table: Table,
  cols: ColumnGuess,
  counties: readonly CoverageCounty[],
  pickedCounty: CoverageCounty | null,
): BatchPlan {
  const lookups = table.rows.map((row): RowLookup => {
    const cell = (i: number | null) => (i === null ? '' : (row[i] ?? '').trim())
    if (cols.kind === 'points') {
      const lat = Number(cell(cols.lat))
      const lon = Number(cell(cols.lon))
      if (cell(cols.lat) === '' || cell(cols.lon) === '' || !Number.isFinite(lat) || !Number.isFinite(lon))
        return { kind: 'skip', reason: 'unreadable row', detail: 'latitude and longitude must be numbers' }
      if (Math.abs(lat) > 90 || Math.abs(lon) > 180)
        return { kind: 'skip', reason: 'unreadable row', detail: `${lat}, ${lon} is not a latitude, longitude` }
      const inside = counties.some((c) => lon >= c.bbox[0] && lon <= c.bbox[2] && lat >= c.bbox[1] && lat <= c.bbox[3])
      return inside
        ? { kind: 'point', lat, lon }
        : { kind: 'skip', reason: 'outside coverage', detail: 'no covered county here' }
    }
    const number = cell(cols.number)
    if (number === '') return { kind: 'skip', reason: 'unreadable row', detail: 'no parcel number' }
    if (cols.county === null) {
      if (pickedCounty) return { kind: 'number', number, county: pickedCounty }
      return { kind: 'skip', reason: 'outside coverage', detail: 'no county given: pick one for the list' }
    }
    const r = resolveCounty(cell(cols.county), cell(cols.state), counties)
    if ('problem' in r) {
      if (cell(cols.county) === '' && pickedCounty) return { kind: 'number', number, county: pickedCounty }
      return { kind: 'skip', reason: 'outside coverage', detail: r.problem }
    }
    return { kind: 'number', number, county: r.county }
  })
  const byCounty = new Map<string, { county: CoverageCounty; numbers: Set<string> }>()
  const points = new Map<string, { lat: number; lon: number }>()
  for (const l of lookups) {
    if (l.kind === 'number') {
      const k = l.county.state_fp + l.county.county_fp
      const g = byCounty.get(k) ?? { county: l.county, numbers: new Set<string>() }
      byCounty.set(k, g)
      g.numbers.add(l.number)
    } else if (l.kind === 'point') points.set(pointId(l), { lat: round6(l.lat), lon: round6(l.lon) })
  }
  const numberQueries: BatchPlan['numberQueries'] = []
  for (const { county, numbers } of [...byCounty.values()].sort((a, b) =>
    (a.county.state_fp + a.county.county_fp).localeCompare(b.county.state_fp + b.county.county_fp),
  )) {
    const sorted = [...numbers].sort()
    for (let i = 0; i < sorted.length; i += NUMBERS_PER_QUERY)
      numberQueries.push({ county, numbers: sorted.slice(i, i + NUMBERS_PER_QUERY) })
  }
  return { lookups, numberQueries, points: [...points.values()] }
}

/** Calls before anything is known: one first page per number query, one call per point. */
export const plannedCalls = (p: BatchPlan): number => p.numberQueries.length + p.points.length
