/**
 * What a feature's report section is given (the reports engine's registration point): the desk it
 * opens its document on, the facts every report prints (the data's counties and load dates, the
 * basemap on screen, the app's address, the server, the time), and the geometry helpers the
 * sections share. The app composes one kit; each feature's section (`*-report-section.ts` in its
 * folder) builds its document and map specs from its own data and opens them here.
 */
import bbox from '@turf/bbox'
import pointOnFeature from '@turf/point-on-feature'
import type { Geometry } from 'geojson'
import type { ParcelRecord } from '../../../contract/schemas'
import type { CoverageCounty } from '../../../contract/tiles'
import type { Bounds } from '../../ports/workspace-ports'
import type { AppState } from '../../state/store'
import type { ReportDesk } from './report-desk'

export interface ReportKit {
  desk: ReportDesk
  state(): AppState
  counties(): readonly CoverageCounty[]
  /** The basemap on screen. */
  basemap(): string
  /** The app's address without query ("https://plat.example/"), for links. */
  appUrl(): string
  /** "Plat API at host". */
  server(): string
  now(): Date
  /** The link that opens this parcel's card, centred on it (the link codec's, composed by the app). */
  parcelLink(record: ParcelRecord): string
}

export const geometryOf = (r: ParcelRecord): Geometry | null =>
  r.geom && typeof r.geom === 'object' ? (r.geom as Geometry) : null

export function boundsOf(g: Geometry | null): Bounds | null {
  if (!g) return null
  const b = bbox(g) as number[]
  return b.length >= 4 && b.every(Number.isFinite) ? ([b[0], b[1], b[2], b[3]] as Bounds) : null
}

/** A point on the outline (inside it, even for an L-shaped holding): where its dot and label go. */
export function pointOn(g: Geometry): [number, number] {
  const [x = 0, y = 0] = pointOnFeature(g).geometry.coordinates
  return [x, y]
}

const day = (iso: string) => iso.slice(0, 10)

/** The county (or counties) the records come from, with when its data was loaded. */
export function dataSource(
  records: readonly ParcelRecord[],
  counties: readonly CoverageCounty[],
): { name: string; loadedAt: string } | null {
  const found = new Map<string, CoverageCounty>()
  for (const r of records) {
    const c = counties.find(
      (k) =>
        (r.state_fp === k.state_fp && String(r.county_fp ?? '').padStart(3, '0') === k.county_fp) ||
        (r.state === k.state && typeof r.county === 'string' && r.county.toLowerCase() === k.county.toLowerCase()),
    )
    if (c) found.set(`${c.state_fp}${c.county_fp}`, c)
  }
  const list = [...found.values()]
  if (list.length === 0) return null
  const dates = list.map((c) => day(c.loaded_at)).sort()
  // Every county counted (a portfolio spans many); the first four named.
  const names = list.slice(0, 4).map((c) => `${c.county}, ${c.state}`)
  const name =
    list.length === 1
      ? `${list[0]?.county} County, ${list[0]?.state}`
      : `${list.length} counties (${names.join('; ')}${list.length > 4 ? '; …' : ''})`
  const loadedAt = dates[0] === dates.at(-1) ? (dates[0] as string) : `${dates[0]} to ${dates.at(-1)}`
  return { name, loadedAt }
}

export function printed(now: Date): string {
  const f = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
  return `Printed ${f.format(now)}`
}
