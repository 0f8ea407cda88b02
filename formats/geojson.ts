/**
 * GeoJSON (RFC 7946), both directions. Reading: what a text holds (a FeatureCollection, a Feature or
 * a bare geometry), each geometry's shape checked, and the old-style `crs` member — RFC 7946 fixes
 * longitude/latitude, but files from GDAL and ArcGIS may still carry the 2008 spec's `crs` naming an
 * EPSG code, which the area import (src/features/import/parse-geojson.ts, the whole text) and the
 * county loader (server/load/readers/read-geojson*.ts, streamed) both honour. Writing: the
 * FeatureCollection the results export streams (src/features/export/geojson.ts), one Feature at a time.
 */
import type { Feature, FeatureCollection, Geometry, MultiPolygon, Polygon, Position } from 'geojson'

/** The name in a GeoJSON object's old-style `crs` member (`{crs: {properties: {name}}}`), or null. */
export function crsMemberName(obj: unknown): string | null {
  const name = (obj as { crs?: { properties?: { name?: unknown } } } | null)?.crs?.properties?.name
  return typeof name === 'string' ? name : null
}

/** One geometry as the text has it (not yet checked: see `isGeometry`) and its feature's name. */
export interface GeoJsonItem {
  geometry: unknown
  name?: string
}

/** The geometries a parsed GeoJSON value holds, in order, or why it holds none. */
export function geoJsonItems(data: unknown): GeoJsonItem[] | string {
  const t = (data as { type?: unknown })?.type
  if (t === 'FeatureCollection') {
    const features = (data as FeatureCollection).features
    if (!Array.isArray(features)) return 'The FeatureCollection has no features array.'
    return features.map((f) => ({ geometry: f?.geometry ?? null, name: featureName(f) }))
  }
  if (t === 'Feature') return [{ geometry: (data as Feature).geometry ?? null }]
  if (typeof t === 'string' && /^(Multi)?(Polygon|Point|LineString)$|^GeometryCollection$/.test(t))
    return [{ geometry: data }]
  return 'This JSON is not GeoJSON (no FeatureCollection, Feature or geometry type).'
}

/** The name a GIS tool writes on a feature ("name", "Name", "NAME", "title", "label"), trimmed and capped. */
function featureName(f: unknown): string | undefined {
  const props = (f as { properties?: Record<string, unknown> } | null)?.properties
  if (!props || typeof props !== 'object') return undefined
  for (const key of ['name', 'Name', 'NAME', 'title', 'label']) {
    const v = props[key]
    if (typeof v === 'string' && v.trim()) return v.trim().slice(0, 80)
  }
  return undefined
}

const DEPTH: Record<string, number> = {
  Point: 0,
  MultiPoint: 1,
  LineString: 1,
  MultiLineString: 2,
  Polygon: 2,
  MultiPolygon: 3,
}

/** A geometry of a known type whose coordinates nest as its type says, every number finite. */
export function isGeometry(g: unknown, nesting = 0): g is Geometry {
  if (!g || typeof g !== 'object' || nesting > 8) return false
  const x = g as { type?: unknown; coordinates?: unknown; geometries?: unknown }
  if (x.type === 'GeometryCollection')
    return Array.isArray(x.geometries) && x.geometries.every((c) => isGeometry(c, nesting + 1))
  const d = typeof x.type === 'string' ? DEPTH[x.type] : undefined
  if (d === undefined) return false
  const ok = (c: unknown, level: number): boolean =>
    level === 0
      ? Array.isArray(c) && c.length >= 2 && c.every((n) => typeof n === 'number' && Number.isFinite(n))
      : Array.isArray(c) && c.every((e) => ok(e, level - 1))
  return ok(x.coordinates, d)
}

const countIn = (c: unknown): number =>
  Array.isArray(c) ? (typeof c[0] === 'number' ? 1 : c.reduce((n: number, x) => n + countIn(x), 0)) : 0

/** How many positions a geometry holds (the readers' vertex budgets), collections included. */
export function countPositions(g: Geometry): number {
  return g.type === 'GeometryCollection'
    ? g.geometries.reduce((n, x) => n + countPositions(x), 0)
    : countIn(g.coordinates)
}

/** A ring as RFC 7946 wants it: the last position repeats the first. */
export function closeRing(ring: Position[]): Position[] {
  const first = ring[0]
  const last = ring.at(-1)
  if (first && last && (first[0] !== last[0] || first[1] !== last[1]))
    return [...ring, [first[0] as number, first[1] as number]]
  return ring
}

/** A geometry if it is a Polygon or MultiPolygon (by its type; a parcel's outline), else null. */
export function polygonal(g: unknown): Polygon | MultiPolygon | null {
  const t = (g as Geometry | null)?.type
  return t === 'Polygon' || t === 'MultiPolygon' ? (g as Polygon | MultiPolygon) : null
}

/**
 * A FeatureCollection written in parts, so a writer can stream features between `start` and `end`
 * (each already JSON text), with `separator` between any two.
 */
export const FEATURE_COLLECTION = {
  start: '{"type":"FeatureCollection","features":[\n',
  separator: ',\n',
  end: '\n]}\n',
} as const
