/**
 * Validation of the POST /parcels/area body. PostGIS must never see a broken polygon (in PGlite a
 * GEOS exception can hang the instance), so every ring is checked here, in plain TypeScript that the
 * client runs too before it spends a call.
 */
import type { MultiPolygon, Polygon, Position } from 'geojson'
import findIntersections from 'sweepline-intersections'
import type { ValidationIssue } from './errors'
import { AREA_MAX_FEATURES, AREA_MAX_VERTICES } from './limits'

export type AreaGeometry = Polygon | MultiPolygon
export interface AreaFeature {
  type: 'Feature'
  geometry: AreaGeometry
  properties: Record<string, unknown> | null
}
export interface AreaRequest {
  type: 'FeatureCollection'
  features: AreaFeature[]
}

export const RING_REASONS = {
  notArray: 'ring must be an array of positions',
  tooFew: 'ring needs at least 4 positions',
  notClosed: 'ring must end with the position it starts with',
  badPosition: 'position must be [longitude, latitude] numbers',
  lonRange: 'longitude must be between -180 and 180',
  latRange: 'latitude must be between -90 and 90',
  zeroArea: 'ring encloses no area',
  selfIntersects: 'polygon edges cross each other',
} as const

type Loc = (string | number)[]
type Result = { ok: true; value: AreaRequest; vertices: number } | { ok: false; issues: ValidationIssue[] }

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const issue = (loc: Loc, msg: string, type = 'value_error'): ValidationIssue => ({ loc, msg, type })

/** Checks the whole body; returns 422 issues (first few) or the typed request. */
export function checkAreaRequest(body: unknown): Result {
  const base: Loc = ['body']
  if (!isObject(body))
    return { ok: false, issues: [issue(base, 'body must be a GeoJSON FeatureCollection object', 'type_error')] }
  if (body.type !== 'FeatureCollection') {
    return { ok: false, issues: [issue([...base, 'type'], "type must be 'FeatureCollection'", 'literal_error')] }
  }
  const features = body.features
  if (!Array.isArray(features))
    return { ok: false, issues: [issue([...base, 'features'], 'features must be an array', 'type_error')] }
  if (features.length === 0)
    return { ok: false, issues: [issue([...base, 'features'], 'features must not be empty', 'too_small')] }
  if (features.length > AREA_MAX_FEATURES) {
    return {
      ok: false,
      issues: [issue([...base, 'features'], `at most ${AREA_MAX_FEATURES} features per request`, 'too_big')],
    }
  }
  const issues: ValidationIssue[] = []
  let vertices = 0
  features.forEach((feature, i) => {
    const loc: Loc = [...base, 'features', i]
    const problems = checkFeature(feature, loc)
    if (problems.issues.length) issues.push(...problems.issues)
    vertices += problems.vertices
  })
  if (issues.length) return { ok: false, issues: issues.slice(0, 20) }
  if (vertices > AREA_MAX_VERTICES) {
    return {
      ok: false,
      issues: [
        issue(
          [...base, 'features'],
          `at most ${AREA_MAX_VERTICES} vertices per request (got ${vertices}); simplify the areas`,
          'too_big',
        ),
      ],
    }
  }
  return { ok: true, value: body as unknown as AreaRequest, vertices }
}

function checkFeature(feature: unknown, loc: Loc): { issues: ValidationIssue[]; vertices: number } {
  if (!isObject(feature)) return { issues: [issue(loc, 'feature must be an object', 'type_error')], vertices: 0 }
  if (feature.type !== 'Feature')
    return { issues: [issue([...loc, 'type'], "type must be 'Feature'", 'literal_error')], vertices: 0 }
  if (feature.properties !== undefined && feature.properties !== null && !isObject(feature.properties)) {
    return { issues: [issue([...loc, 'properties'], 'properties must be an object', 'type_error')], vertices: 0 }
  }
  const geometry = feature.geometry
  if (!isObject(geometry))
    return { issues: [issue([...loc, 'geometry'], 'geometry must be an object', 'type_error')], vertices: 0 }
  const gloc = [...loc, 'geometry']
  if (geometry.type === 'Polygon') return checkPolygonCoords(geometry.coordinates, [...gloc, 'coordinates'])
  if (geometry.type === 'MultiPolygon') {
    const coords = geometry.coordinates
    if (!Array.isArray(coords) || coords.length === 0) {
      return {
        issues: [issue([...gloc, 'coordinates'], 'MultiPolygon coordinates must be a non-empty array of polygons')],
        vertices: 0,
      }
    }
    const out = { issues: [] as ValidationIssue[], vertices: 0 }
    coords.forEach((poly, p) => {
      const r = checkPolygonCoords(poly, [...gloc, 'coordinates', p])
      out.issues.push(...r.issues)
      out.vertices += r.vertices
    })
    return out
  }
  return {
    issues: [issue([...gloc, 'type'], "geometry type must be 'Polygon' or 'MultiPolygon'", 'literal_error')],
    vertices: 0,
  }
}

/** Checks one polygon's rings; exported for the drawing tools, which validate before sending. */
export function checkPolygonCoords(coords: unknown, loc: Loc): { issues: ValidationIssue[]; vertices: number } {
  if (!Array.isArray(coords) || coords.length === 0) {
    return { issues: [issue(loc, 'polygon coordinates must be a non-empty array of rings')], vertices: 0 }
  }
  let vertices = 0
  for (const [r, ring] of coords.entries()) {
    const reason = checkRing(ring)
    if (reason) return { issues: [issue([...loc, r], reason)], vertices }
    vertices += (ring as Position[]).length
  }
  if (findIntersections({ type: 'Polygon', coordinates: coords as Position[][] }).length > 0) {
    return { issues: [issue(loc, RING_REASONS.selfIntersects)], vertices }
  }
  const flat = (coords as Position[][]).findIndex((ring) => ringArea(ring) < FLAT_AREA)
  if (flat >= 0) return { issues: [issue([...loc, flat], RING_REASONS.zeroArea)], vertices }
  return { issues: [], vertices }
}

/** One ring's structural problem (a RING_REASONS value), or null; crossings and area are checked per polygon. */
function checkRing(ring: unknown): string | null {
  if (!Array.isArray(ring)) return RING_REASONS.notArray
  if (ring.length < 4) return RING_REASONS.tooFew
  for (const p of ring) {
    if (!Array.isArray(p) || p.length < 2 || !Number.isFinite(p[0]) || !Number.isFinite(p[1]))
      return RING_REASONS.badPosition
    if (typeof p[0] !== 'number' || typeof p[1] !== 'number') return RING_REASONS.badPosition
    if (p[0] < -180 || p[0] > 180) return RING_REASONS.lonRange
    if (p[1] < -90 || p[1] > 90) return RING_REASONS.latRange
  }
  const first = ring[0] as Position
  const last = ring[ring.length - 1] as Position
  if (first[0] !== last[0] || first[1] !== last[1]) return RING_REASONS.notClosed
  return null
}

/** Below this (degrees², about 0.1 cm²) a ring is taken as flat: collinear points never sum to exactly 0. */
const FLAT_AREA = 1e-14

/** Planar shoelace area in degrees², relative to the first vertex so large coordinates keep precision. */
function ringArea(ring: Position[]): number {
  const [x0, y0] = ring[0] as [number, number]
  let sum = 0
  for (let i = 0; i < ring.length - 1; i++) {
    const a = ring[i] as Position
    const b = ring[i + 1] as Position
    sum += ((a[0] as number) - x0) * ((b[1] as number) - y0) - ((b[0] as number) - x0) * ((a[1] as number) - y0)
  }
  return Math.abs(sum) / 2
}
