/**
 * What the server's coverage (GET /coverage, contract/tiles.ts) means for a search, pure: whether a
 * search provably falls outside every covered county (so an empty result says "no parcel data
 * here" instead of "no parcels match"), and how covered counties are named.
 */
import bbox from '@turf/bbox'
import type { FilterItem } from '../../contract/schemas'
import type { CoverageCounty } from '../../contract/tiles'
import type { SearchSpec } from '../state/search-spec'

/** "Story County, IA"; Louisiana has parishes, Alaska boroughs and census areas (named as sent). */
export function countyLabel(c: Pick<CoverageCounty, 'county' | 'state' | 'state_fp'>): string {
  const named = /\b(county|parish|borough|census area|municipality|city)$/i.test(c.county)
  const kind = named || c.state_fp === '02' ? '' : c.state_fp === '22' ? ' Parish' : ' County'
  return `${c.county}${kind}, ${c.state}`
}

/** Covered counties in reading order: by state, then name. */
export function sortedCoverage(counties: readonly CoverageCounty[]): CoverageCounty[] {
  return [...counties].sort((a, b) => a.state.localeCompare(b.state) || a.county.localeCompare(b.county))
}

type Box = readonly [number, number, number, number]

const overlaps = (a: Box, b: Box) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3]

/** The values a filter allows for a scope field, or null when it does not pin them down. */
function allowed(filters: readonly FilterItem[], field: string, digits = 0): Set<string> | null {
  let out: Set<string> | null = null as Set<string> | null
  for (const f of filters) {
    if (f.field !== field) continue
    const values =
      f.op === 'eq' && (typeof f.value === 'string' || typeof f.value === 'number')
        ? [f.value]
        : f.op === 'in' && Array.isArray(f.value)
          ? f.value
          : null
    if (!values) continue
    // FIPS codes typed as numbers (19, 169) mean the zero-padded codes ("19", "169", "019").
    const set = new Set(values.map((v) => String(v).toUpperCase().padStart(digits, '0')))
    const before = out
    out = before ? new Set([...before].filter((v) => set.has(v))) : set // filters are ANDed
  }
  return out
}

/**
 * True when no covered county can hold a match: no drawn area touches a covered county's box, or
 * the state / county filters name only places without data. False when it cannot tell (then an
 * empty result really means "no parcels match").
 */
export function outsideCoverage(spec: SearchSpec, counties: readonly CoverageCounty[]): boolean {
  if (spec.mode === 'area') {
    if (spec.areas.length === 0) return false
    const boxes = spec.areas.map((a) => bbox(a.geometry) as Box)
    return !counties.some((c) => boxes.some((b) => overlaps(b, c.bbox)))
  }
  const states = allowed(spec.filters, 'state')
  const stateFps = allowed(spec.filters, 'state_fp', 2)
  const countyFps = allowed(spec.filters, 'county_fp', 3)
  if (!states && !stateFps && !countyFps) return false
  return !counties.some(
    (c) =>
      (!states || states.has(c.state.toUpperCase())) &&
      (!stateFps || stateFps.has(c.state_fp)) &&
      (!countyFps || countyFps.has(c.county_fp)),
  )
}
