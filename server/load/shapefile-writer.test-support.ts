/**
 * Zipped Shapefiles as ArcGIS writes them, for the loader's tests: `.shp`/`.shx` with record numbers
 * and bounding boxes (null shapes for records without geometry), a dBASE III table of character,
 * right-aligned numeric and date fields, the `.prj` WKT and a `.cpg`.
 */
import { writeFileSync } from 'node:fs'
import { zipSync } from 'fflate'
import type { MultiPolygon, Position } from 'geojson'
import type { FixtureParcel } from './county-fixture.test-support'
import { project } from './format-writers.test-support'

/** Shapefile rings: outlines clockwise, holes counter-clockwise (GeoJSON has the opposite). */
function shpRings(geom: MultiPolygon): Position[][] {
  const area = (r: Position[]) => r.reduce((s, p, i) => s + (i ? r[i - 1]![0]! * p[1]! - p[0]! * r[i - 1]![1]! : 0), 0)
  return geom.coordinates.flatMap((poly) =>
    poly.map((ring, k) => {
      const ccw = area(ring) > 0
      return (k === 0) === ccw ? [...ring].reverse() : ring
    }),
  )
}

function shpRecord(rings: Position[][] | null, index: number): Uint8Array {
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
  b.setInt32(8, 5, true)
  const xs = points.map((p) => p[0]!)
  const ys = points.map((p) => p[1]!)
  const box = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]
  for (const [i, v] of box.entries()) b.setFloat64(12 + 8 * i, v, true)
  b.setInt32(44, rings.length, true)
  b.setInt32(48, points.length, true)
  let start = 0
  rings.forEach((r, i) => {
    b.setInt32(52 + 4 * i, start, true)
    start += r.length
  })
  const at = 52 + 4 * rings.length
  points.forEach((p, i) => {
    b.setFloat64(at + 16 * i, p[0]!, true)
    b.setFloat64(at + 16 * i + 8, p[1]!, true)
  })
  return new Uint8Array(b.buffer)
}

function shpHeader(fileBytes: number, bbox: number[]): Uint8Array {
  const h = new DataView(new ArrayBuffer(100))
  h.setInt32(0, 9994, false)
  h.setInt32(24, fileBytes / 2, false)
  h.setInt32(28, 1000, true)
  h.setInt32(32, 5, true)
  for (const [i, v] of bbox.entries()) h.setFloat64(36 + 8 * i, v, true)
  return new Uint8Array(h.buffer)
}

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let off = 0
  for (const p of parts) {
    out.set(p, off)
    off += p.length
  }
  return out
}

interface DbfField {
  name: string
  type: 'C' | 'N' | 'D'
  size: number
  decimals?: number
  value: (p: FixtureParcel) => string
}

/** dBASE III: numbers right-aligned with spaces, dates YYYYMMDD, text left-aligned (windows-1252). */
const DBF_FIELDS: DbfField[] = [
  { name: 'PIN', type: 'C', size: 16, value: (p) => p.PIN },
  { name: 'OWNER', type: 'C', size: 40, value: (p) => p.OWNER },
  { name: 'TOTAL_VAL', type: 'C', size: 16, value: (p) => p.TOTAL_VAL },
  { name: 'ACRES', type: 'N', size: 12, decimals: 2, value: (p) => (p.ACRES === null ? '' : p.ACRES.toFixed(2)) },
  { name: 'SALE_DT', type: 'C', size: 14, value: (p) => p.SALE_DT },
  { name: 'DEED_DT', type: 'D', size: 8, value: () => '19991231' },
  { name: 'ADDR', type: 'C', size: 40, value: (p) => p.ADDR },
  { name: 'CITY', type: 'C', size: 20, value: (p) => p.CITY },
  { name: 'ZONING', type: 'C', size: 6, value: (p) => p.ZONING },
  { name: 'SCHOOL_DST', type: 'C', size: 6, value: (p) => p.SCHOOL_DST },
]

export function dbfBytes(parcels: readonly FixtureParcel[]): Uint8Array {
  const recLen = 1 + DBF_FIELDS.reduce((n, f) => n + f.size, 0)
  const headerLen = 32 + 32 * DBF_FIELDS.length + 1
  const out = new Uint8Array(headerLen + parcels.length * recLen + 1).fill(0)
  const v = new DataView(out.buffer)
  v.setUint8(0, 3)
  v.setUint32(4, parcels.length, true)
  v.setUint16(8, headerLen, true)
  v.setUint16(10, recLen, true)
  const enc = new TextEncoder()
  DBF_FIELDS.forEach((f, i) => {
    const at = 32 + 32 * i
    out.set(enc.encode(f.name), at)
    out[at + 11] = f.type.charCodeAt(0)
    out[at + 16] = f.size
    out[at + 17] = f.decimals ?? 0
  })
  out[headerLen - 1] = 0x0d
  parcels.forEach((p, r) => {
    let at = headerLen + r * recLen
    out[at++] = 0x20
    for (const f of DBF_FIELDS) {
      const raw = f.value(p).slice(0, f.size)
      const text = f.type === 'N' ? raw.padStart(f.size) : raw.padEnd(f.size)
      out.set(enc.encode(text), at)
      at += f.size
    }
  })
  out[out.length - 1] = 0x1a
  return out
}

/** `.shp`, `.shx`, `.dbf`, `.prj`, `.cpg` of the parcels in the CRS of `wkt`. */
export function shapefileFiles(
  parcels: readonly FixtureParcel[],
  wkt: string,
  base: string,
): Record<string, Uint8Array> {
  const records = parcels.map((p, i) => shpRecord(p.geom ? shpRings(project(p.geom, wkt)) : null, i))
  const all = parcels.flatMap((p) => (p.geom ? project(p.geom, wkt).coordinates.flat(2) : []))
  const bbox = [
    Math.min(...all.map((q) => q[0]!)),
    Math.min(...all.map((q) => q[1]!)),
    Math.max(...all.map((q) => q[0]!)),
    Math.max(...all.map((q) => q[1]!)),
  ]
  const shpLen = 100 + records.reduce((n, r) => n + r.length, 0)
  let offset = 50
  const index = records.map((r) => {
    const e = new DataView(new ArrayBuffer(8))
    e.setInt32(0, offset, false)
    e.setInt32(4, (r.length - 8) / 2, false)
    offset += r.length / 2
    return new Uint8Array(e.buffer)
  })
  return {
    [`${base}.shp`]: concat([shpHeader(shpLen, bbox), ...records]),
    [`${base}.shx`]: concat([shpHeader(100 + 8 * records.length, bbox), ...index]),
    [`${base}.dbf`]: dbfBytes(parcels),
    [`${base}.prj`]: new TextEncoder().encode(wkt),
    [`${base}.cpg`]: new TextEncoder().encode('UTF-8'),
  }
}

export function writeShapefileZip(path: string, parcels: readonly FixtureParcel[], wkt: string, folder = ''): void {
  writeFileSync(path, zipSync(shapefileFiles(parcels, wkt, `${folder}parcels`)))
}
