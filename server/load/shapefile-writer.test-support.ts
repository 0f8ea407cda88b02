/**
 * Zipped Shapefiles as ArcGIS writes them, for the loader's tests: `.shp`/`.shx` (formats/), a dBASE III table of character,
 * right-aligned numeric and date fields, the `.prj` WKT and a `.cpg`.
 */
import { writeFileSync } from 'node:fs'
import { zipSync } from 'fflate'
import type { MultiPolygon, Position } from 'geojson'
import { shpAndShx } from '../../formats/shapefile.test-support'
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

function dbfBytes(parcels: readonly FixtureParcel[]): Uint8Array {
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
  const { shp, shx } = shpAndShx(parcels.map((p) => (p.geom ? shpRings(project(p.geom, wkt)) : null)))
  return {
    [`${base}.shp`]: shp,
    [`${base}.shx`]: shx,
    [`${base}.dbf`]: dbfBytes(parcels),
    [`${base}.prj`]: new TextEncoder().encode(wkt),
    [`${base}.cpg`]: new TextEncoder().encode('UTF-8'),
  }
}

export function writeShapefileZip(path: string, parcels: readonly FixtureParcel[], wkt: string, folder = ''): void {
  writeFileSync(path, zipSync(shapefileFiles(parcels, wkt, `${folder}parcels`)))
}
