/**
 * Validation of the POST /parcels/area body. PostGIS must never see a broken polygon (in PGlite a
 * GEOS exception can hang the instance), so every ring is checked here, in plain TypeScript that the
 * client runs too before it spends a call. What passes is rebuilt from its coordinates alone, so no
 * other member (`crs`, `bbox`, a third coordinate…) ever reaches SQL.
 */
import type { MultiPolygon, Polygon, Position } from 'geojson'
import findIntersections from 'sweepline-intersections'
import { ringBox } from './bbox'
import type { ValidationIssue } from './errors'
import {
  AREA_MAX_FEATURE_VERTICES,
  AREA_MAX_FEATURES,
  AREA_MAX_HOLES,
  AREA_MAX_PARTS,
  AREA_MAX_RING_VERTICES,
  AREA_MAX_VERTICES,
} from './limits'
import { ringArea, ringInside } from './ring-geometry'
import type { Box } from './tile-math'

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

const fmt = (n: number) => n.toLocaleString('en-US')

export const RING_REASONS = {
  notArray: 'ring must be an array of positions',
  tooFew: 'ring needs at least 4 positions',
  tooMany: `ring has more than ${fmt(AREA_MAX_RING_VERTICES)} positions; simplify it`,
  notClosed: 'ring must end with the position it starts with',
  badPosition: 'position must be [longitude, latitude] numbers',
  lonRange: 'longitude must be between -180 and 180',
  latRange: 'latitude must be between -90 and 90',
  zeroArea: 'ring encloses no area',
  selfIntersects: 'polygon edges cross each other',
  tooManyHoles: `polygon has more than ${fmt(AREA_MAX_HOLES)} holes`,
  holeOutside: "hole lies outside its polygon's outer ring",
  holeInHole: 'hole lies inside another hole; an area inside a hole is a polygon of its own',
} as const

type Loc = (string | number)[]
export type AreaCheckResult =
  | {
      ok: true
      /** The request rebuilt from coordinates only ([lon, lat] pairs; properties kept). */
      value: AreaRequest
      /** Every polygon of every feature: the search area is their union (overlaps count once). */
      polygons: Polygon[]
      vertices: number
    }
  | { ok: false; issues: ValidationIssue[] }

interface Checked {
  issues: ValidationIssue[]
  vertices: number
  polygons: Position[][][]
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const issue = (loc: Loc, msg: string, type = 'value_error'): ValidationIssue => ({ loc, msg, type })
const failed = (loc: Loc, msg: string, type?: string): Checked => ({
  issues: [issue(loc, msg, type)],
  vertices: 0,
  polygons: [],
})

/**
 * Checks the whole body: returns 422 issues (first few) or the typed, rebuilt request. It pauses
 * (yields) after each feature: a body of 100,000 vertices takes ~100 ms to check, and the server
 * serves other requests between its features (issue 19; server/http-kit/run-in-slices.ts). Tests
 * run it in one go (area-rules.test-support.ts).
 */
export function* areaCheckSteps(body: unknown): Generator<void, AreaCheckResult> {
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
  const value: AreaRequest = { type: 'FeatureCollection', features: [] }
  const polygons: Polygon[] = []
  let vertices = 0
  for (const [i, feature] of features.entries()) {
    const loc: Loc = [...base, 'features', i]
    const checked = checkFeature(feature, loc)
    issues.push(...checked.issues)
    vertices += checked.vertices
    if (issues.length >= 20) break
    yield
    if (checked.issues.length || !isObject(feature)) continue
    const geometry: AreaGeometry =
      (feature.geometry as { type: string }).type === 'Polygon'
        ? { type: 'Polygon', coordinates: checked.polygons[0] as Position[][] }
        : { type: 'MultiPolygon', coordinates: checked.polygons }
    const properties = isObject(feature.properties) ? feature.properties : null
    value.features.push({ type: 'Feature', geometry, properties })
    for (const coordinates of checked.polygons) polygons.push({ type: 'Polygon', coordinates })
  }
  if (issues.length) return { ok: false, issues: issues.slice(0, 20) }
  if (vertices > AREA_MAX_VERTICES) {
    return {
      ok: false,
      issues: [
        issue(
          [...base, 'features'],
          `at most ${fmt(AREA_MAX_VERTICES)} vertices per request (got ${fmt(vertices)}); simplify the areas`,
          'too_big',
        ),
      ],
    }
  }
  return { ok: true, value, polygons, vertices }
}

function checkFeature(feature: unknown, loc: Loc): Checked {
  if (!isObject(feature)) return failed(loc, 'feature must be an object', 'type_error')
  if (feature.type !== 'Feature') return failed([...loc, 'type'], "type must be 'Feature'", 'literal_error')
  if (feature.properties !== undefined && feature.properties !== null && !isObject(feature.properties)) {
    return failed([...loc, 'properties'], 'properties must be an object', 'type_error')
  }
  const geometry = feature.geometry
  if (!isObject(geometry)) return failed([...loc, 'geometry'], 'geometry must be an object', 'type_error')
  const gloc = [...loc, 'geometry']
  let out: Checked
  if (geometry.type === 'Polygon') {
    out = checkPolygon(geometry.coordinates, [...gloc, 'coordinates'])
  } else if (geometry.type === 'MultiPolygon') {
    const coords = geometry.coordinates
    if (!Array.isArray(coords) || coords.length === 0) {
      return failed([...gloc, 'coordinates'], 'MultiPolygon coordinates must be a non-empty array of polygons')
    }
    if (coords.length > AREA_MAX_PARTS) {
      return failed([...gloc, 'coordinates'], `a MultiPolygon may have at most ${fmt(AREA_MAX_PARTS)} polygons`)
    }
    out = { issues: [], vertices: 0, polygons: [] }
    for (const [p, poly] of coords.entries()) {
      const r = checkPolygon(poly, [...gloc, 'coordinates', p])
      out.issues.push(...r.issues)
      out.vertices += r.vertices
      out.polygons.push(...r.polygons)
      if (out.issues.length) break
    }
  } else {
    return failed([...gloc, 'type'], "geometry type must be 'Polygon' or 'MultiPolygon'", 'literal_error')
  }
  if (!out.issues.length && out.vertices > AREA_MAX_FEATURE_VERTICES) {
    return failed(
      gloc,
      `a feature may have at most ${fmt(AREA_MAX_FEATURE_VERTICES)} vertices (got ${fmt(out.vertices)}); simplify it`,
      'too_big',
    )
  }
  return out
}

function checkPolygon(coords: unknown, loc: Loc): Checked {
  const r = checkPolygonCoords(coords, loc)
  if (r.issues.length) return { ...r, polygons: [] }
  // Rebuilt from [lon, lat] alone: nothing but numbers reaches SQL.
  const clean = (coords as Position[][]).map((ring) => ring.map((p) => [p[0] as number, p[1] as number]))
  return { issues: [], vertices: r.vertices, polygons: [clean] }
}

/** Checks one polygon's rings; exported for the drawing tools, which validate before sending. */
export function checkPolygonCoords(coords: unknown, loc: Loc): { issues: ValidationIssue[]; vertices: number } {
  if (!Array.isArray(coords) || coords.length === 0) {
    return { issues: [issue(loc, 'polygon coordinates must be a non-empty array of rings')], vertices: 0 }
  }
  if (coords.length - 1 > AREA_MAX_HOLES)
    return { issues: [issue(loc, RING_REASONS.tooManyHoles, 'too_big')], vertices: 0 }
  let vertices = 0
  for (const [r, ring] of coords.entries()) {
    const reason = checkRing(ring)
    if (reason) return { issues: [issue([...loc, r], reason)], vertices }
    vertices += (ring as Position[]).length
  }
  const rings = coords as Position[][]
  if (findIntersections({ type: 'Polygon', coordinates: rings }).length > 0) {
    return { issues: [issue(loc, RING_REASONS.selfIntersects)], vertices }
  }
  const flat = rings.findIndex((ring) => ringArea(ring) < FLAT_AREA)
  if (flat >= 0) return { issues: [issue([...loc, flat], RING_REASONS.zeroArea)], vertices }
  const nesting = checkHoles(rings)
  if (nesting) return { issues: [issue([...loc, nesting.ring], nesting.reason)], vertices }
  return { issues: [], vertices }
}

/**
 * Holes must lie in the outer ring and not in each other (PostGIS would take such a polygon as
 * invalid and answer wrongly). Edges do not cross here, so one vertex decides containment. Holes
 * are compared pairwise only when their bounding boxes nest, which keeps many small holes cheap.
 */
function checkHoles(rings: Position[][]): { ring: number; reason: string } | null {
  const [shell, ...holes] = rings
  if (!shell) return null
  for (const [h, hole] of holes.entries()) {
    if (!ringInside(hole, shell)) return { ring: h + 1, reason: RING_REASONS.holeOutside }
  }
  const boxes = holes.map(ringBox)
  for (let a = 0; a < holes.length; a++) {
    for (let b = 0; b < holes.length; b++) {
      if (a === b || !boxWithin(boxes[a] as Box, boxes[b] as Box)) continue
      if (
        ringInside(holes[a] as Position[], holes[b] as Position[]) &&
        ringArea(holes[a] as Position[]) < ringArea(holes[b] as Position[])
      )
        return { ring: a + 1, reason: RING_REASONS.holeInHole }
    }
  }
  return null
}

const boxWithin = (a: Box, b: Box) => a[0] >= b[0] && a[1] >= b[1] && a[2] <= b[2] && a[3] <= b[3]

/** One ring's structural problem (a RING_REASONS value), or null; crossings and area are checked per polygon. */
function checkRing(ring: unknown): string | null {
  if (!Array.isArray(ring)) return RING_REASONS.notArray
  if (ring.length < 4) return RING_REASONS.tooFew
  if (ring.length > AREA_MAX_RING_VERTICES) return RING_REASONS.tooMany
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
