/**
 * Zipped Shapefile → polygons. Reads the .shp geometry (Polygon, PolygonZ, PolygonM; lines and
 * points come back as `others`), groups rings the Shapefile way (clockwise = outline,
 * counter-clockwise = hole inside the outline that contains it), and reprojects with proj4 when
 * the .prj names a projected coordinate system (UTM, State Plane, Web Mercator…).
 */
import type { Geometry, Position } from 'geojson'
import proj4 from 'proj4'
import { closeRing, emptyResult, type ImportResult, isLonLat, MAX_TOTAL_VERTICES, reportOthers } from './import-result'
import { unzipEntries } from './unzip'

const POLYGON_TYPES = new Set([5, 15, 25])
const LINE_TYPES = new Set([3, 13, 23])
const POINT_TYPES = new Set([1, 11, 21])

/** Shoelace sum: negative for clockwise rings (x east, y north). */
function signedArea(ring: readonly Position[]): number {
  let s = 0
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    s += ((ring[j]?.[0] as number) - (ring[i]?.[0] as number)) * ((ring[j]?.[1] as number) + (ring[i]?.[1] as number))
  }
  return s / 2
}

function inside(p: Position, ring: readonly Position[]): boolean {
  let hit = false
  const [x, y] = p as [number, number]
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number]
    const [xj, yj] = ring[j] as [number, number]
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit
  }
  return hit
}

function ringsToPolygons(rings: Position[][]): Position[][][] {
  const outers: Position[][][] = []
  const holes: Position[][] = []
  for (const r of rings) signedArea(r) < 0 ? outers.push([r]) : holes.push(r)
  for (const h of holes) {
    const host = outers.find((o) => h[0] && inside(h[0], o[0] as Position[]))
    if (host) host.push(h)
    else outers.push([h]) // a lone counter-clockwise ring: writers disagree, so treat it as an outline
  }
  return outers
}

/** Reads the .shp bytes; `project` converts each point to lon/lat. */
export function readShp(
  buf: ArrayBuffer,
  project: (p: Position) => Position,
  result: ImportResult,
  budget = MAX_TOTAL_VERTICES,
): void {
  const v = new DataView(buf)
  if (buf.byteLength < 100 || v.getInt32(0, false) !== 9994) {
    result.problems.push('The .shp file is not a Shapefile (bad header).')
    return
  }
  let off = 100
  let vertices = 0
  let skipped = 0
  while (off + 8 <= buf.byteLength) {
    const length = v.getInt32(off + 4, false) * 2
    const start = off + 8
    off = start + length
    if (length < 4 || off > buf.byteLength) {
      result.problems.push('The .shp file ends part-way through a shape (truncated?); the rest was skipped.')
      break
    }
    const type = v.getInt32(start, true)
    if (type === 0) continue
    if (POINT_TYPES.has(type)) {
      result.others.push({
        type: 'Point',
        coordinates: project([v.getFloat64(start + 4, true), v.getFloat64(start + 12, true)]),
      })
      continue
    }
    if (!POLYGON_TYPES.has(type) && !LINE_TYPES.has(type)) {
      skipped++
      continue
    }
    const numParts = v.getInt32(start + 36, true)
    const numPoints = v.getInt32(start + 40, true)
    const pointsAt = start + 44 + 4 * numParts
    if (numParts < 1 || numPoints < 1 || pointsAt + 16 * numPoints > off) {
      result.problems.push('A shape with an impossible size was found; the rest of the file was skipped.')
      break
    }
    if (vertices + numPoints > budget) {
      result.problems.push(
        `The file has more than ${MAX_TOTAL_VERTICES.toLocaleString('en-US')} vertices; the rest was left out.`,
      )
      break
    }
    vertices += numPoints
    const parts: Position[][] = []
    for (let p = 0; p < numParts; p++) {
      const from = v.getInt32(start + 44 + 4 * p, true)
      const to = p + 1 < numParts ? v.getInt32(start + 48 + 4 * p, true) : numPoints
      const ring: Position[] = []
      for (let k = Math.max(0, from); k < Math.min(to, numPoints); k++) {
        ring.push(project([v.getFloat64(pointsAt + 16 * k, true), v.getFloat64(pointsAt + 16 * k + 8, true)]))
      }
      parts.push(ring)
    }
    if (LINE_TYPES.has(type)) {
      for (const coordinates of parts)
        if (coordinates.length >= 2) result.others.push({ type: 'LineString', coordinates })
    } else {
      for (const coordinates of ringsToPolygons(parts.map(closeRing)))
        result.polygons.push({ type: 'Polygon', coordinates })
    }
  }
  if (skipped) result.problems.push(`${skipped} shape(s) of an unsupported type (multipoint or patch) were skipped.`)
}

function projection(prj: string | null, result: ImportResult): ((p: Position) => Position) | null {
  if (!prj || !/^\s*PROJCS/i.test(prj)) return (p) => p
  try {
    const converter = proj4(prj, 'EPSG:4326')
    const name = /^\s*PROJCS\["([^"]*)"/i.exec(prj)?.[1] ?? 'a projected system'
    result.notices.push(`Coordinates were reprojected from ${name} to longitude/latitude.`)
    return (p) => converter.forward([p[0] as number, p[1] as number])
  } catch {
    result.problems.push('The .prj names a coordinate system this app cannot convert; save the layer as WGS 84.')
    return null
  }
}

export function parseShapefileZip(bytes: Uint8Array): ImportResult {
  const result = emptyResult()
  const entries = unzipEntries(bytes, (n) => /\.(shp|prj)$/i.test(n))
  if (typeof entries === 'string') return { ...result, problems: [entries] }
  const layers = Object.keys(entries)
    .filter((n) => /\.shp$/i.test(n))
    .sort()
  if (layers.length === 0)
    return { ...result, problems: ['The zip holds no .shp file (a Shapefile needs at least .shp).'] }
  for (const shpName of layers) readLayer(shpName, entries, layers.length > 1 ? `${shpName}: ` : '', result)
  if (layers.length > 1) result.notices.push(`The zip holds ${layers.length} layers; all were read.`)
  reportOthers(result)
  return result
}

function readLayer(shpName: string, entries: Record<string, Uint8Array>, prefix: string, into: ImportResult): void {
  const layer = emptyResult()
  const prjName = Object.keys(entries).find((n) => n.toLowerCase() === shpName.toLowerCase().replace(/\.shp$/, '.prj'))
  const prj = prjName ? new TextDecoder().decode(entries[prjName]) : null
  const project = projection(prj, layer)
  const shp = entries[shpName] as Uint8Array
  const budget = MAX_TOTAL_VERTICES - countVertices(into)
  try {
    const buf = shp.buffer.slice(shp.byteOffset, shp.byteOffset + shp.byteLength) as ArrayBuffer
    if (project) readShp(buf, project, layer, budget)
  } catch (err) {
    // proj4 can throw on coordinates outside its projection's domain; the file is refused, not the tab.
    layer.problems.push(`The layer could not be read (${(err as Error).message}).`)
  }
  const all = [...layer.polygons.flatMap((p) => p.coordinates), ...layer.others.flatMap(positionsOf)]
  const outside = all.some((ring) => !isLonLat(ring))
  if (outside) {
    layer.polygons = layer.polygons.filter((p) => p.coordinates.every(isLonLat))
    layer.others = layer.others.filter((g) => positionsOf(g).every(isLonLat))
    layer.problems.push(
      prj
        ? 'Some shapes are outside longitude/latitude range after conversion and were left out.'
        : 'There is no .prj and the coordinates are not longitude/latitude; include the .prj file in the zip.',
    )
  } else if (!prj && all.length > 0) {
    layer.notices.push('No .prj in the zip: the coordinates look like longitude/latitude and were read as WGS 84.')
  }
  into.polygons.push(...layer.polygons)
  into.others.push(...layer.others)
  into.problems.push(...layer.problems.map((m) => prefix + m))
  into.notices.push(...layer.notices.map((m) => prefix + m))
}

function positionsOf(g: Geometry): Position[][] {
  if (g.type === 'Point') return [[g.coordinates]]
  if (g.type === 'LineString') return [g.coordinates]
  return []
}

function countVertices(r: ImportResult): number {
  const rings = r.polygons.flatMap((p) => p.coordinates).reduce((n, ring) => n + ring.length, 0)
  return rings + r.others.flatMap(positionsOf).reduce((n, line) => n + line.length, 0)
}
