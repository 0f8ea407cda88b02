/** Buffer: a point, a line (a road, a river) or an area grown by a distance becomes a search area. */
import buffer from '@turf/buffer'
import type { Geometry, Polygon } from 'geojson'

export const MAX_BUFFER_METERS = 50_000
export const UNITS = { m: 1, km: 1000, ft: 0.3048, mi: 1609.344 } as const
export type DistanceUnit = keyof typeof UNITS

export function toMeters(value: number, unit: DistanceUnit): number {
  return value * UNITS[unit]
}

export function bufferGeometry(geometry: Geometry, meters: number): { polygons: Polygon[]; problem?: string } {
  if (!Number.isFinite(meters) || meters <= 0) return { polygons: [], problem: 'Enter a distance greater than zero.' }
  if (meters > MAX_BUFFER_METERS) return { polygons: [], problem: 'The distance can be at most 50 km.' }
  const out = buffer({ type: 'Feature', properties: {}, geometry }, meters, { units: 'meters', steps: 16 })
  const g = out?.geometry
  if (!g) return { polygons: [], problem: 'That shape could not be buffered.' }
  if (g.type === 'Polygon') return { polygons: [g] }
  return { polygons: g.coordinates.map((coordinates) => ({ type: 'Polygon', coordinates })) }
}
