/** Writes small real-format files for the importer tests (a Polygon Shapefile, zipped). */
import { zipSync } from 'fflate'
import type { Position } from 'geojson'

export const UTM15N_PRJ =
  'PROJCS["NAD_1983_UTM_Zone_15N",GEOGCS["GCS_North_American_1983",DATUM["D_North_American_1983",SPHEROID["GRS_1980",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",-93.0],PARAMETER["Scale_Factor",0.9996],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]'
export const WGS84_PRJ =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]'

/** One record per shape; each shape is a list of rings (shapefile order: outlines clockwise). */
export function shpBytes(shapes: Position[][][], shapeType = 5): Uint8Array {
  const records = shapes.map((rings) => {
    const points = rings.flat()
    const len = 44 + 4 * rings.length + 16 * points.length
    const b = new DataView(new ArrayBuffer(8 + len))
    b.setInt32(4, len / 2, false)
    b.setInt32(8, shapeType, true)
    b.setInt32(44, rings.length, true)
    b.setInt32(48, points.length, true)
    let start = 0
    rings.forEach((r, i) => {
      b.setInt32(52 + 4 * i, start, true)
      start += r.length
    })
    const at = 52 + 4 * rings.length
    points.forEach((p, i) => {
      b.setFloat64(at + 16 * i, p[0] as number, true)
      b.setFloat64(at + 16 * i + 8, p[1] as number, true)
    })
    return new Uint8Array(b.buffer)
  })
  const total = 100 + records.reduce((n, r) => n + r.length, 0)
  const out = new Uint8Array(total)
  const h = new DataView(out.buffer)
  h.setInt32(0, 9994, false)
  h.setInt32(24, total / 2, false)
  h.setInt32(28, 1000, true)
  h.setInt32(32, shapeType, true)
  let off = 100
  for (const r of records) {
    out.set(r, off)
    off += r.length
  }
  return out
}

export function shapefileZip(shapes: Position[][][], prj: string | null, folder = ''): Uint8Array {
  const files: Record<string, Uint8Array> = { [`${folder}parcels.shp`]: shpBytes(shapes) }
  if (prj) files[`${folder}parcels.prj`] = new TextEncoder().encode(prj)
  return zipSync(files)
}

/** A clockwise square ring (shapefile outline orientation) around a point. */
export function clockwiseSquare(x: number, y: number, half: number): Position[] {
  return [
    [x - half, y - half],
    [x - half, y + half],
    [x + half, y + half],
    [x + half, y - half],
    [x - half, y - half],
  ]
}
