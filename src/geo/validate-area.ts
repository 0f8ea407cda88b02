/**
 * Pure checks on a drawn polygon before it may become a search area (terra-draw's "validators return
 * {valid, reason}" pattern). The ring rules are the contract's, so the client refuses exactly what
 * the server would refuse, before a call is spent.
 */
import area from '@turf/area'
import simplify from '@turf/simplify'
import type { Polygon } from 'geojson'
import { checkPolygonCoords, RING_REASONS } from '../../contract/area-rules'
import { SQ_M_PER_ACRE } from '../../contract/units'

/** Freehand strokes above this many vertices are simplified (the server allows 100,000 per request). */
export const SIMPLIFY_ABOVE_VERTICES = 500

export type AreaCheck =
  | { valid: true; geometry: Polygon; simplifiedFrom?: number; vertices: number }
  | { valid: false; reason: string }

export { RING_REASONS }

export function vertexCount(polygon: Polygon): number {
  return polygon.coordinates.reduce((n, ring) => n + ring.length, 0)
}

export function acresOf(polygon: Polygon): number {
  return area(polygon) / SQ_M_PER_ACRE
}

/**
 * Reduces vertices with Douglas-Peucker, raising the tolerance until the polygon is under the
 * limit. Returns the input unchanged when it is already small enough.
 */
export function simplifyIfHuge(polygon: Polygon, limit = SIMPLIFY_ABOVE_VERTICES): Polygon {
  if (vertexCount(polygon) <= limit) return polygon
  let tolerance = 1e-6
  let out = polygon
  for (let i = 0; i < 30 && vertexCount(out) > limit; i++) {
    out = simplify(polygon, { tolerance, highQuality: true, mutate: false })
    tolerance *= 2
  }
  return out
}

/** Validates (after simplifying huge shapes); the reason is one of the contract's RING_REASONS. */
export function checkDrawnArea(geometry: Polygon, limit = SIMPLIFY_ABOVE_VERTICES): AreaCheck {
  if (geometry?.type !== 'Polygon') return { valid: false, reason: 'area must be a polygon' }
  const before = vertexCount(geometry)
  const simplified = simplifyIfHuge(geometry, limit)
  const result = checkPolygonCoords(simplified.coordinates, ['area'])
  const first = result.issues[0]
  if (first) return { valid: false, reason: first.msg }
  const after = vertexCount(simplified)
  return after < before
    ? { valid: true, geometry: simplified, simplifiedFrom: before, vertices: after }
    : { valid: true, geometry: simplified, vertices: after }
}
