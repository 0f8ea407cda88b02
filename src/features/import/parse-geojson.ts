/**
 * GeoJSON text → polygons. RFC 7946 says longitude/latitude (WGS 84); an old-style `crs` naming an
 * EPSG code proj4 knows (Web Mercator, WGS 84 UTM…) is converted, anything else projected is
 * refused with the reason, since guessing a projection would search the wrong place.
 */
import type { Geometry, Position } from 'geojson'
import { builtInProjection, epsgCodeOf } from '../../../formats/crs'
import { countPositions, crsMemberName, geoJsonItems, isGeometry } from '../../../formats/geojson'
import { mapPositions } from '../../../formats/map-positions'
import { collect, emptyResult, type ImportResult, isLonLat, MAX_TOTAL_VERTICES, reportOthers } from './import-result'

const MAX_TEXT_CHARS = 50_000_000

/**
 * A converter to lon/lat for the named CRS, null for lon/lat already, or a message. The browser
 * knows proj4's built-in codes only (the server's loader has the whole EPSG register).
 */
function converterFor(crs: string): ((p: Position) => Position) | null | string {
  const code = epsgCodeOf(crs)
  const projection = code ? builtInProjection(code) : null
  if (!projection) {
    return `The file's coordinate system (${crs}) is not one Plat can convert; save it as WGS 84 longitude/latitude (EPSG:4326).`
  }
  return projection.lonLat ? null : (p) => projection.forward(p)
}

/** Engines report a character offset; people look for a line and column. */
function jsonError(text: string, err: unknown): string {
  const message = (err as Error)?.message ?? 'unreadable'
  const at = /at position (\d+)/.exec(message)?.[1]
  if (!at || /line \d+/.test(message)) return `This is not valid JSON (${message}).`
  const before = text.slice(0, Number(at)).split('\n')
  return `This is not valid JSON (${message}, line ${before.length} column ${(before.at(-1)?.length ?? 0) + 1}).`
}

export function parseGeoJson(text: string): ImportResult {
  const result = emptyResult()
  if (text.length > MAX_TEXT_CHARS) {
    result.problems.push('This text is too long to import (over 50 million characters); split it first.')
    return result
  }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (err) {
    result.problems.push(jsonError(text, err))
    return result
  }
  const crs = crsMemberName(data)
  const convert = crs === null ? null : converterFor(crs)
  if (typeof convert === 'string') {
    result.problems.push(convert)
    return result
  }
  if (convert) result.notices.push(`Coordinates were converted from ${crs} to longitude/latitude.`)
  const items = geoJsonItems(data)
  if (typeof items === 'string') {
    result.problems.push(items)
    return result
  }
  let vertices = 0
  const otherLabels: string[] = []
  for (const [i, { geometry: g, name }] of items.entries()) {
    const label = items.length > 1 ? `Feature ${i + 1}` : 'The geometry'
    if (!g) {
      result.problems.push(`${label} has no geometry and was skipped.`)
      continue
    }
    if (!isGeometry(g)) {
      result.problems.push(`${label} has missing or malformed coordinates and was skipped.`)
      continue
    }
    vertices += countPositions(g)
    if (vertices > MAX_TOTAL_VERTICES) {
      result.problems.push(
        `The file has more than ${MAX_TOTAL_VERTICES.toLocaleString('en-US')} vertices; features from ${i + 1} on were left out.`,
      )
      break
    }
    const before = result.others.length
    collect(convert ? mapPositions(g, convert) : g, result, name)
    for (const other of result.others.slice(before)) otherLabels.push(`${label} is a ${other.type}`)
  }
  const projected = result.polygons.filter((p) => !p.coordinates.every(isLonLat))
  const projectedOthers = result.others.filter((g) => !isLonLat(positionsOf(g)))
  result.others = result.others.filter((g) => isLonLat(positionsOf(g)))
  if (projected.length || projectedOthers.length) {
    result.polygons = result.polygons.filter((p) => p.coordinates.every(isLonLat))
    result.problems.push(
      `${projected.length + projectedOthers.length} shape(s) have coordinates outside longitude/latitude range (a projected file?) and were left out; GeoJSON must be WGS 84 longitude/latitude.`,
    )
  }
  reportOthers(result, otherLabels)
  return result
}

/** Every position of a point or line geometry, flat (polygons are checked ring by ring). */
function positionsOf(g: Geometry): Position[] {
  const out: Position[] = []
  const walk = (c: unknown): void => {
    if (Array.isArray(c) && typeof c[0] === 'number') out.push(c as Position)
    else if (Array.isArray(c)) for (const x of c) walk(x)
  }
  if (g.type === 'GeometryCollection') for (const x of g.geometries) out.push(...positionsOf(x))
  else walk(g.coordinates)
  return out
}
