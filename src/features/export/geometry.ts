/**
 * Records are open objects, so `geom` is only trusted after a shape check; anything else exports
 * as "no geometry" rather than as broken output.
 */
import type { MultiPolygon, Polygon, Position } from 'geojson'

export type AreaGeometry = Polygon | MultiPolygon

function isPosition(p: unknown): p is Position {
  return Array.isArray(p) && p.length >= 2 && p.every((n) => typeof n === 'number' && Number.isFinite(n))
}

function isRings(rings: unknown): rings is Position[][] {
  return Array.isArray(rings) && rings.every((ring) => Array.isArray(ring) && ring.every(isPosition))
}

export function areaGeometry(value: unknown): AreaGeometry | null {
  if (typeof value !== 'object' || value === null) return null
  const g = value as { type?: unknown; coordinates?: unknown }
  if (g.type === 'Polygon' && isRings(g.coordinates)) return value as Polygon
  if (g.type === 'MultiPolygon' && Array.isArray(g.coordinates) && g.coordinates.every(isRings)) {
    return value as MultiPolygon
  }
  return null
}
