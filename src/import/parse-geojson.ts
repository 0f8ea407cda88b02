/**
 * GeoJSON text → polygons. RFC 7946 says longitude/latitude (WGS 84); an old-style `crs` naming Web
 * Mercator (EPSG:3857) is converted, anything else projected is refused with the reason.
 */
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson'
import { collect, emptyResult, type ImportResult, isLonLat } from './import-result'

const R = 6378137
const fromMercator = ([x, y]: Position): Position => [
  ((x as number) / R) * (180 / Math.PI),
  (Math.atan(Math.exp((y as number) / R)) * 2 - Math.PI / 2) * (180 / Math.PI),
]

function crsName(obj: unknown): string | null {
  const name = (obj as { crs?: { properties?: { name?: unknown } } })?.crs?.properties?.name
  return typeof name === 'string' ? name : null
}

function mapPositions(g: Geometry, f: (p: Position) => Position): Geometry {
  const walk = (c: unknown): unknown =>
    Array.isArray(c) && typeof c[0] === 'number' ? f(c as Position) : Array.isArray(c) ? c.map(walk) : c
  if (g.type === 'GeometryCollection') return { ...g, geometries: g.geometries.map((x) => mapPositions(x, f)) }
  return { ...g, coordinates: walk(g.coordinates) } as Geometry
}

export function parseGeoJson(text: string): ImportResult {
  const result = emptyResult()
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (err) {
    result.problems.push(`This is not valid JSON (${(err as Error).message}).`)
    return result
  }
  const crs = crsName(data)
  const mercator = crs !== null && /3857|900913|3785/.test(crs)
  if (crs !== null && !mercator && !/CRS84|4326|4269/.test(crs)) {
    result.problems.push(
      `The file's coordinate system (${crs}) is not supported; save it as WGS 84 longitude/latitude.`,
    )
    return result
  }
  if (mercator) result.notices.push('Coordinates were converted from Web Mercator (EPSG:3857) to longitude/latitude.')
  const geometries: Geometry[] = []
  const t = (data as { type?: unknown })?.type
  if (t === 'FeatureCollection') {
    const features = (data as FeatureCollection).features
    if (!Array.isArray(features)) result.problems.push('The FeatureCollection has no features array.')
    else
      features.forEach((f, i) => {
        if (f?.geometry) geometries.push(f.geometry)
        else result.problems.push(`Feature ${i + 1} has no geometry and was skipped.`)
      })
  } else if (t === 'Feature') {
    const g = (data as Feature).geometry
    if (g) geometries.push(g)
  } else if (typeof t === 'string' && /^(Multi)?(Polygon|Point|LineString)$|^GeometryCollection$/.test(t)) {
    geometries.push(data as Geometry)
  } else {
    result.problems.push('This JSON is not GeoJSON (no FeatureCollection, Feature or geometry type).')
    return result
  }
  for (const g of geometries) {
    if (!isGeometry(g)) {
      result.problems.push('A geometry with missing or malformed coordinates was skipped.')
      continue
    }
    collect(mercator ? mapPositions(g, fromMercator) : g, result)
  }
  const projected = result.polygons.filter((p) => !p.coordinates.every(isLonLat))
  if (projected.length) {
    result.polygons = result.polygons.filter((p) => p.coordinates.every(isLonLat))
    result.problems.push(
      `${projected.length} polygon(s) have coordinates outside longitude/latitude range (a projected file?) and were left out; GeoJSON must be WGS 84.`,
    )
  }
  return result
}

function isGeometry(g: unknown): g is Geometry {
  if (!g || typeof g !== 'object') return false
  const x = g as { type?: unknown; coordinates?: unknown; geometries?: unknown }
  if (x.type === 'GeometryCollection') return Array.isArray(x.geometries)
  const depth: Record<string, number> = {
    Point: 0,
    MultiPoint: 1,
    LineString: 1,
    MultiLineString: 2,
    Polygon: 2,
    MultiPolygon: 3,
  }
  const d = typeof x.type === 'string' ? depth[x.type] : undefined
  if (d === undefined) return false
  const ok = (c: unknown, level: number): boolean =>
    level === 0
      ? Array.isArray(c) && c.length >= 2 && c.every((n) => typeof n === 'number' && Number.isFinite(n))
      : Array.isArray(c) && c.every((e) => ok(e, level - 1))
  return ok(x.coordinates, d)
}
