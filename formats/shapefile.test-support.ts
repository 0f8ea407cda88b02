/**
 * `.shp` and `.shx` bytes as ArcGIS writes them, for the tests of the app's area import and of the
 * server's loader (both read Shapefiles through formats/): record numbers, a bounding box per record
 * and per file, null shapes for records without geometry.
 */
import type { Position } from 'geojson'

/** One record's rings in shapefile order (outlines clockwise), or null for a null shape. */
export type ShpShape = Position[][] | null

function record(rings: ShpShape, index: number, shapeType: number): Uint8Array {
  if (!rings) {
    const b = new DataView(new ArrayBuffer(12))
    b.setInt32(0, index + 1, false)
    b.setInt32(4, 2, false)
    return new Uint8Array(b.buffer)
  }
  const points = rings.flat()
  const len = 44 + 4 * rings.length + 16 * points.length
  const b = new DataView(new ArrayBuffer(8 + len))
  b.setInt32(0, index + 1, false)
  b.setInt32(4, len / 2, false)
  b.setInt32(8, shapeType, true)
  for (const [i, v] of boxOf(points).entries()) b.setFloat64(12 + 8 * i, v, true)
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
}

function boxOf(points: readonly Position[]): number[] {
  if (points.length === 0) return [0, 0, 0, 0]
  const xs = points.map((p) => p[0] as number)
  const ys = points.map((p) => p[1] as number)
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]
}

/** The 100-byte header `.shp` and `.shx` share. */
function header(fileBytes: number, shapeType: number, bbox: readonly number[]): Uint8Array {
  const h = new DataView(new ArrayBuffer(100))
  h.setInt32(0, 9994, false)
  h.setInt32(24, fileBytes / 2, false)
  h.setInt32(28, 1000, true)
  h.setInt32(32, shapeType, true)
  for (const [i, v] of bbox.entries()) h.setFloat64(36 + 8 * i, v, true)
  return new Uint8Array(h.buffer)
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let off = 0
  for (const p of parts) {
    out.set(p, off)
    off += p.length
  }
  return out
}

/** The geometry file and its index (offset and length of each record, in 16-bit words). */
export function shpAndShx(shapes: readonly ShpShape[], shapeType = 5): { shp: Uint8Array; shx: Uint8Array } {
  const records = shapes.map((rings, i) => record(rings, i, shapeType))
  const bbox = boxOf(shapes.flatMap((rings) => rings?.flat() ?? []))
  let offset = 50
  const index = records.map((r) => {
    const e = new DataView(new ArrayBuffer(8))
    e.setInt32(0, offset, false)
    e.setInt32(4, (r.length - 8) / 2, false)
    offset += r.length / 2
    return new Uint8Array(e.buffer)
  })
  const shpBytes = 100 + records.reduce((n, r) => n + r.length, 0)
  return {
    shp: concat([header(shpBytes, shapeType, bbox), ...records]),
    shx: concat([header(100 + 8 * records.length, shapeType, bbox), ...index]),
  }
}
