/** Buffer: a point, a line (a road, a river) or an area grown by a distance becomes a search area. */
import buffer from '@turf/buffer'
import type { Geometry, Polygon } from 'geojson'

const MAX_BUFFER_METERS = 50_000
/** Buffering thousands of shapes one by one would freeze the tab, and only 100 areas fit anyway. */
const MAX_BUFFER_SHAPES = 500
export const UNITS = { m: 1, km: 1000, ft: 0.3048, mi: 1609.344 } as const
export type DistanceUnit = keyof typeof UNITS

export function toMeters(value: number, unit: DistanceUnit): number {
  return value * UNITS[unit]
}

/** The parts to buffer one by one, so a GeometryCollection of points gives one circle each. */
function parts(g: Geometry): Geometry[] {
  if (g.type === 'GeometryCollection') return g.geometries.flatMap(parts)
  if (g.type === 'MultiPoint') return g.coordinates.map((coordinates) => ({ type: 'Point', coordinates }))
  if (g.type === 'MultiLineString') return g.coordinates.map((coordinates) => ({ type: 'LineString', coordinates }))
  return [g]
}

/**
 * Polygons covering everything within `meters` of the geometry. `steps: 16` per quarter circle keeps
 * a point's circle within 0.2% of π r² while staying far under the drawing vertex budget.
 */
export function bufferGeometry(geometry: Geometry, meters: number): { polygons: Polygon[]; problem?: string } {
  if (!Number.isFinite(meters) || meters <= 0) return { polygons: [], problem: 'Enter a distance greater than zero.' }
  if (meters > MAX_BUFFER_METERS) return { polygons: [], problem: 'The distance can be at most 50 km.' }
  const all = parts(geometry)
  if (all.length > MAX_BUFFER_SHAPES) {
    return { polygons: [], problem: `There are ${all.length} shapes; at most ${MAX_BUFFER_SHAPES} can be buffered.` }
  }
  const polygons: Polygon[] = []
  let failed = 0
  for (const part of all) {
    try {
      const g = buffer({ type: 'Feature', properties: {}, geometry: part }, meters, {
        units: 'meters',
        steps: 16,
      })?.geometry
      if (g?.type === 'Polygon') polygons.push(g)
      else if (g?.type === 'MultiPolygon')
        for (const coordinates of g.coordinates) polygons.push({ type: 'Polygon', coordinates })
      else failed++
    } catch {
      failed++
    }
  }
  if (polygons.length === 0) return { polygons, problem: 'That shape could not be buffered.' }
  return failed > 0 ? { polygons, problem: `${failed} shape(s) could not be buffered.` } : { polygons }
}
