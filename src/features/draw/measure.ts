/**
 * The Measure tool's figures (issue 18, problem 9): the length along a line, the area and perimeter
 * of a shape, each in US units first (ft, mi, acres) and metric beside them (m, km, ha). Pure: the
 * draw controller hands over terra-draw's geometry, the readout shows these strings.
 */
import area from '@turf/area'
import type { LineString, Polygon } from 'geojson'
import { haversineMetres } from '../../../contract/distance'
import { SQ_M_PER_ACRE } from '../../../contract/units'

const M_PER_FT = 0.3048
const FT_PER_MI = 5280
const M_PER_MI = M_PER_FT * FT_PER_MI
const SQ_M_PER_SQ_MI = M_PER_MI * M_PER_MI
const SQ_M_PER_SQ_FT = M_PER_FT * M_PER_FT

/** Length along the points, in metres. */
function pathMeters(points: readonly (readonly number[])[]): number {
  let total = 0
  for (let i = 1; i < points.length; i++) total += haversineMetres(points[i - 1] ?? [], points[i] ?? [])
  return total
}

const number = (n: number, digits: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })

/** "1,234 ft" under a tenth of a mile, else "2.35 mi" (one decimal from 100 mi). */
export function formatImperialDistance(m: number): string {
  const ft = m / M_PER_FT
  if (ft < FT_PER_MI / 10) return `${number(ft, 0)} ft`
  const mi = m / M_PER_MI
  return `${number(mi, mi < 100 ? 2 : 1)} mi`
}

/** "850 m" under a kilometre, else "3.78 km" (one decimal from 100 km). */
export function formatMetricDistance(m: number): string {
  if (m < 1000) return `${number(m, 0)} m`
  const km = m / 1000
  return `${number(km, km < 100 ? 2 : 1)} km`
}

/** Square feet under a tenth of an acre, acres up to a square mile, then square miles (with acres). */
export function formatImperialArea(sqM: number): string {
  const acres = sqM / SQ_M_PER_ACRE
  if (acres < 0.1) return `${number(sqM / SQ_M_PER_SQ_FT, 0)} sq ft`
  if (acres < 640) return `${number(acres, 2)} ac`
  return `${number(sqM / SQ_M_PER_SQ_MI, 2)} sq mi (${number(acres, 0)} ac)`
}

/** Square metres under a hectare, hectares under 100 km², then square kilometres. */
export function formatMetricArea(sqM: number): string {
  if (sqM < 10_000) return `${number(sqM, 0)} m²`
  if (sqM < 100_000_000) return `${number(sqM / 10_000, 2)} ha`
  return `${number(sqM / 1_000_000, 2)} km²`
}

/** What the readout shows: a headline in US units, the metric figure, and a detail line. */
export interface Measurement {
  kind: 'distance' | 'area'
  /** Metres (distance) or square metres (area). */
  value: number
  imperial: string
  metric: string
  /** Perimeter of a shape; the number of segments of a line. */
  detail: string
}

/**
 * A line measures its length; a polygon its area and perimeter (the ring terra-draw reports while
 * drawing includes the point under the cursor, so the figures follow the pointer). Null until
 * there is something to measure (fewer than two points, or a ring without three distinct corners).
 */
export function measure(geometry: LineString | Polygon): Measurement | null {
  if (geometry.type === 'LineString') {
    // A point placed twice (the click that ends a line) is no segment.
    const points = geometry.coordinates.filter((p, i, all) => i === 0 || haversineMetres(all[i - 1] ?? [], p) > 0)
    if (points.length < 2) return null
    const m = pathMeters(points)
    const segments = points.length - 1
    return {
      kind: 'distance',
      value: m,
      imperial: formatImperialDistance(m),
      metric: formatMetricDistance(m),
      detail: `${segments} ${segments === 1 ? 'segment' : 'segments'}`,
    }
  }
  const ring = geometry.coordinates[0] ?? []
  const corners = new Set(ring.map((p) => `${p[0]},${p[1]}`)).size
  if (corners < 3) return null
  const sqM = area(geometry)
  const perimeter = pathMeters(ring)
  return {
    kind: 'area',
    value: sqM,
    imperial: formatImperialArea(sqM),
    metric: formatMetricArea(sqM),
    detail: `Perimeter ${formatImperialDistance(perimeter)} · ${formatMetricDistance(perimeter)}`,
  }
}
