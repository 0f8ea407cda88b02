/**
 * The demo counties and the view that frames them. Plain constants (no us-atlas import) so the app
 * and tests can use them without loading county geometry.
 */
export interface DemoCounty {
  /** Two-digit state FIPS code. */
  readonly state_fp: string
  /** Three-digit county FIPS code. */
  readonly county_fp: string
  readonly county: string
  readonly state: string
  /** Fraction of all demo parcels placed in this county; the shares sum to 1. */
  readonly share: number
}

/**
 * Three contrasting farm regions in three states: Iowa corn and soybeans, Central Valley orchards and
 * vineyards (two counties, so the West gets half the parcels), Kansas wheat and ranch land.
 */
export const DEMO_COUNTIES: readonly DemoCounty[] = [
  { state_fp: '19', county_fp: '169', county: 'Story', state: 'IA', share: 0.2 },
  { state_fp: '06', county_fp: '019', county: 'Fresno', state: 'CA', share: 0.4 },
  { state_fp: '06', county_fp: '099', county: 'Stanislaus', state: 'CA', share: 0.25 },
  { state_fp: '20', county_fp: '055', county: 'Finney', state: 'KS', share: 0.15 },
]

/**
 * How many parcels each county gets: shares rounded down, the remainder handed out in county
 * order, so the counts always add up to `total` exactly.
 */
export function parcelsPerCounty(total: number): number[] {
  const counts = DEMO_COUNTIES.map((c) => Math.floor(total * c.share))
  let left = total - counts.reduce((a, b) => a + b, 0)
  for (let i = 0; left > 0; i = (i + 1) % counts.length, left--) counts[i] = (counts[i] as number) + 1
  return counts
}
