/**
 * Zipped Shapefile → polygons, read with the same module as the server's county loader
 * (`formats/shapefile.ts`: layers, header check, the `shapefile` package): Polygon, PolygonZ and PolygonM records
 * with their rings grouped the Shapefile way (clockwise outlines, counter-clockwise holes inside the
 * outline that holds them); lines and points come back as `others`. Each layer is reprojected from
 * its own `.prj` with proj4 (UTM, State Plane, Web Mercator…).
 */
import type { Geometry, Position } from 'geojson'
import { type Projection, projectionFromWkt } from '../../../formats/crs'
import { countPositions } from '../../../formats/geojson'
import { mapPositions } from '../../../formats/map-positions'
import { isShapefileHeader, type ShapefileParts, shapefileFeatures, shapefileLayers } from '../../../formats/shapefile'
import { unzipEntries } from '../../../formats/zip'
import { collect, emptyResult, type ImportResult, isLonLat, MAX_TOTAL_VERTICES, reportOthers } from './import-result'

function projection(prj: string | null, result: ImportResult): Projection | null | 'none' {
  if (!prj) return 'none'
  try {
    const p = projectionFromWkt(prj)
    if (!p.lonLat) result.notices.push(`Coordinates were reprojected from ${p.name} to longitude/latitude.`)
    return p
  } catch {
    result.problems.push('The .prj names a coordinate system this app cannot convert; save the layer as WGS 84.')
    return null
  }
}

/** Reads one layer's records into `layer`; stops at the vertex budget or a cut-off record. */
async function readShp(shp: Uint8Array, project: Projection | 'none', layer: ImportResult, budget: number) {
  let vertices = 0
  let skipped = 0
  let read = 0
  try {
    for await (const { geometry } of shapefileFeatures(shp, null)) {
      read++
      if (!geometry) continue
      if (geometry.type === 'MultiPoint' || geometry.type === 'GeometryCollection') {
        skipped++
        continue
      }
      vertices += countPositions(geometry)
      if (vertices > budget) {
        layer.problems.push(
          `The file has more than ${MAX_TOTAL_VERTICES.toLocaleString('en-US')} vertices; the rest was left out.`,
        )
        break
      }
      const g = project === 'none' ? geometry : mapPositions(geometry, (p) => project.forward(p))
      if (g.type === 'MultiLineString')
        for (const c of g.coordinates) collect({ type: 'LineString', coordinates: c }, layer)
      else collect(g, layer)
    }
  } catch (err) {
    // The reader runs past the end of a cut-off record (or proj4 past its projection's domain).
    layer.problems.push(
      read > 0
        ? 'The .shp file ends part-way through a shape (truncated?); the rest was skipped.'
        : `The layer could not be read (${(err as Error).message || 'not a Shapefile'}).`,
    )
  }
  if (skipped) layer.problems.push(`${skipped} shape(s) of an unsupported type (multipoint or patch) were skipped.`)
}

export async function parseShapefileZip(bytes: Uint8Array): Promise<ImportResult> {
  const result = emptyResult()
  const entries = unzipEntries(bytes, (n) => /\.(shp|prj)$/i.test(n))
  if (typeof entries === 'string') return { ...result, problems: [entries] }
  const layers = shapefileLayers(Object.keys(entries))
  if (layers.length === 0)
    return { ...result, problems: ['The zip holds no .shp file (a Shapefile needs at least .shp).'] }
  for (const parts of layers) await readLayer(parts, entries, layers.length > 1 ? `${parts.shp}: ` : '', result)
  if (layers.length > 1) result.notices.push(`The zip holds ${layers.length} layers; all were read.`)
  reportOthers(result)
  return result
}

async function readLayer(
  parts: ShapefileParts,
  entries: Record<string, Uint8Array>,
  prefix: string,
  into: ImportResult,
) {
  const layer = emptyResult()
  const prj = parts.prj ? new TextDecoder().decode(entries[parts.prj]) : null
  const project = projection(prj, layer)
  const shp = entries[parts.shp] as Uint8Array
  if (!isShapefileHeader(shp)) {
    layer.problems.push('The .shp file is not a Shapefile (bad header).')
  } else if (project) {
    await readShp(shp, project, layer, MAX_TOTAL_VERTICES - countVertices(into))
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
