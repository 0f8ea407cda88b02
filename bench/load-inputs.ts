/**
 * Input files for `bench:load`: N demo parcels (longitude/latitude, 13 attributes with money as
 * "$1,234" text and US dates, as counties publish them) written once per format, streamed to disk
 * where the format allows (GeoJSON, GeoJSON sequence, Shapefile, GeoPackage). FlatGeobuf's writer
 * takes a whole FeatureCollection, so that one file is built in memory.
 */
import { closeSync, existsSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { serialize } from 'flatgeobuf/lib/mjs/geojson.js'
import type { MultiPolygon } from 'geojson'
import sqlite from 'node-sqlite3-wasm'
import wkx from 'wkx'
import { DEMO_COUNTIES } from '../server/demo-data/counties'
import { buildCounty } from '../server/demo-data/county-build'
import { makeParcels } from '../server/demo-data/parcel-record'

type Props = Record<string, string | number | null>
export interface BenchFeature {
  properties: Props
  geometry: MultiPolygon
}

export const BENCH_MAPPING = {
  parcel_id: 'PIN',
  owner: 'OWNER',
  situs: 'SITUS',
  city: 'CITY',
  postal: 'ZIP',
  zoning: 'ZONING',
  land_use: 'LAND_USE',
  legal: 'LEGAL',
  acres: 'ACRES',
  parcel_value: 'TOTAL_VAL',
  land_value: 'LAND_VAL',
  sale_price: 'SALE_PRICE',
  sale_date: 'SALE_DATE',
}

const usDate = (iso: unknown) => {
  if (typeof iso !== 'string') return ''
  const [y, m, d] = iso.split('-')
  return `${Number(m)}/${Number(d)}/${y}`
}

/**
 * All n parcels in one county (Story, IA), as one county's file is: the loader checks that a file's
 * features lie in the county's state (crs-fit.ts), so the demo's four counties in three states
 * cannot be one input.
 */
export function* benchFeatures(n: number): Generator<BenchFeature> {
  const story = DEMO_COUNTIES.findIndex((c) => c.state === 'IA')
  const build = buildCounty(story, DEMO_COUNTIES[story]!, n, 1)
  let feature = 1
  for (let site = 0; site < build.sites.size; site++) {
    for (const r of makeParcels(build, site, feature)) {
      const a = r.attrs
      yield {
        geometry: r.geom,
        properties: {
          PIN: a.parcel_id ?? null,
          OWNER: a.owner ?? null,
          SITUS: a.situs ?? null,
          CITY: a.city ?? null,
          ZIP: a.postal ?? null,
          ZONING: a.zoning ?? null,
          LAND_USE: a.land_use ?? null,
          LEGAL: a.legal ?? null,
          ACRES: a.acres ?? null,
          TOTAL_VAL: typeof a.parcel_value === 'number' ? `$${a.parcel_value.toLocaleString('en-US')}` : '',
          LAND_VAL: a.land_value ?? null,
          SALE_PRICE: a.sale_price ?? null,
          SALE_DATE: usDate(a.sale_date),
        },
      }
    }
    feature += build.sites.mult[site]!
  }
}

export const FORMAT_FILES = {
  geojson: 'parcels.geojson',
  geojsons: 'parcels.geojsons',
  shapefile: 'parcels.shp',
  flatgeobuf: 'parcels.fgb',
  geopackage: 'parcels.gpkg',
} as const
export type BenchFormat = keyof typeof FORMAT_FILES

/** Writes the format's file for n parcels into dir (once; an existing file is reused). */
export function writeInput(dir: string, n: number, format: BenchFormat): string {
  mkdirSync(dir, { recursive: true })
  const path = join(dir, FORMAT_FILES[format])
  writeFileSync(join(dir, 'mapping.json'), JSON.stringify(BENCH_MAPPING))
  if (existsSync(path)) return path
  if (format === 'geojson' || format === 'geojsons') writeJson(path, n, format === 'geojsons')
  else if (format === 'shapefile') writeShapefile(path, n)
  else if (format === 'geopackage') writeGeoPackage(path, n)
  else
    writeFileSync(path, serialize({ type: 'FeatureCollection', features: [...benchFeatures(n)].map(toFeature) }, 4326))
  return path
}

const toFeature = (f: BenchFeature) => ({ type: 'Feature' as const, properties: f.properties, geometry: f.geometry })

function writeJson(path: string, n: number, seq: boolean): void {
  const fd = openSync(path, 'w')
  if (!seq) writeSync(fd, '{"type":"FeatureCollection","features":[\n')
  let first = true
  let buf = ''
  for (const f of benchFeatures(n)) {
    const text = JSON.stringify(toFeature(f))
    buf += seq ? `\u001e${text}\n` : `${first ? '' : ',\n'}${text}`
    first = false
    if (buf.length > 1 << 20) {
      writeSync(fd, buf)
      buf = ''
    }
  }
  writeSync(fd, buf + (seq ? '' : '\n]}\n'))
  closeSync(fd)
}

const DBF = [
  ['PIN', 'C', 40],
  ['OWNER', 'C', 60],
  ['SITUS', 'C', 60],
  ['CITY', 'C', 30],
  ['ZIP', 'C', 10],
  ['ZONING', 'C', 10],
  ['LAND_USE', 'C', 60],
  ['LEGAL', 'C', 80],
  ['ACRES', 'N', 14],
  ['TOTAL_VAL', 'C', 16],
  ['LAND_VAL', 'N', 14],
  ['SALE_PRICE', 'N', 14],
  ['SALE_DATE', 'C', 10],
] as const

/** `.shp`/`.shx`/`.dbf`/`.prj`, streamed; headers are written last, when lengths are known. */
function writeShapefile(path: string, n: number): void {
  const base = path.slice(0, -4)
  const shp = openSync(path, 'w')
  const shx = openSync(`${base}.shx`, 'w')
  const dbf = openSync(`${base}.dbf`, 'w')
  const recLen = 1 + DBF.reduce((s, f) => s + f[2], 0)
  const dbfHeader = 32 + 32 * DBF.length + 1
  writeSync(shp, Buffer.alloc(100))
  writeSync(shx, Buffer.alloc(100))
  writeSync(dbf, Buffer.alloc(dbfHeader))
  let offset = 50
  let count = 0
  const box = [Infinity, Infinity, -Infinity, -Infinity]
  for (const f of benchFeatures(n)) {
    // Shapefile outlines run clockwise: GeoJSON's counter-clockwise rings reversed.
    const rings = f.geometry.coordinates.flatMap((poly) => poly.map((r, k) => (k === 0 ? [...r].reverse() : r)))
    const pts = rings.flat()
    const len = 44 + 4 * rings.length + 16 * pts.length
    const rec = Buffer.alloc(8 + len)
    rec.writeInt32BE(count + 1, 0)
    rec.writeInt32BE(len / 2, 4)
    rec.writeInt32LE(5, 8)
    rec.writeInt32LE(rings.length, 44)
    rec.writeInt32LE(pts.length, 48)
    let start = 0
    rings.forEach((r, i) => {
      rec.writeInt32LE(start, 52 + 4 * i)
      start += r.length
    })
    const at = 52 + 4 * rings.length
    pts.forEach((p, i) => {
      rec.writeDoubleLE(p[0]!, at + 16 * i)
      rec.writeDoubleLE(p[1]!, at + 16 * i + 8)
      box[0] = Math.min(box[0]!, p[0]!)
      box[1] = Math.min(box[1]!, p[1]!)
      box[2] = Math.max(box[2]!, p[0]!)
      box[3] = Math.max(box[3]!, p[1]!)
    })
    writeSync(shp, rec)
    const idx = Buffer.alloc(8)
    idx.writeInt32BE(offset, 0)
    idx.writeInt32BE(len / 2, 4)
    writeSync(shx, idx)
    offset += 4 + len / 2
    const row = Buffer.alloc(recLen, 0x20)
    let col = 1
    for (const [name, type, size] of DBF) {
      const v = f.properties[name]
      const text = v === null || v === undefined ? '' : String(v).slice(0, size)
      row.write(type === 'N' ? text.padStart(size) : text, col, 'latin1')
      col += size
    }
    writeSync(dbf, row)
    count++
  }
  const header = (words: number) => {
    const h = Buffer.alloc(100)
    h.writeInt32BE(9994, 0)
    h.writeInt32BE(words, 24)
    h.writeInt32LE(1000, 28)
    h.writeInt32LE(5, 32)
    for (const [i, v] of box.entries()) h.writeDoubleLE(v, 36 + 8 * i)
    return h
  }
  writeSync(shp, header(offset), 0, 100, 0)
  writeSync(shx, header(50 + 4 * count), 0, 100, 0)
  const dh = Buffer.alloc(dbfHeader)
  dh.writeUInt8(3, 0)
  dh.writeUInt32LE(count, 4)
  dh.writeUInt16LE(dbfHeader, 8)
  dh.writeUInt16LE(recLen, 10)
  DBF.forEach(([name, type, size], i) => {
    dh.write(name, 32 + 32 * i, 'latin1')
    dh.write(type, 32 + 32 * i + 11, 'latin1')
    dh.writeUInt8(size, 32 + 32 * i + 16)
  })
  dh.writeUInt8(0x0d, dbfHeader - 1)
  writeSync(dbf, dh, 0, dbfHeader, 0)
  writeSync(dbf, Buffer.from([0x1a]), 0, 1, dbfHeader + count * recLen)
  for (const fd of [shp, shx, dbf]) closeSync(fd)
  writeFileSync(
    `${base}.prj`,
    'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]',
  )
}

function writeGeoPackage(path: string, n: number): void {
  const db = new sqlite.Database(path)
  try {
    db.exec(`
      PRAGMA application_id = 1196444487; PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;
      CREATE TABLE gpkg_spatial_ref_sys (srs_name TEXT NOT NULL, srs_id INTEGER PRIMARY KEY, organization TEXT NOT NULL,
        organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL, description TEXT);
      INSERT INTO gpkg_spatial_ref_sys VALUES ('WGS 84', 4326, 'EPSG', 4326,
        'GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563]],PRIMEM["Greenwich",0],UNIT["degree",0.0174532925199433]]', NULL);
      CREATE TABLE gpkg_contents (table_name TEXT PRIMARY KEY, data_type TEXT NOT NULL, identifier TEXT, srs_id INTEGER);
      INSERT INTO gpkg_contents VALUES ('parcels', 'features', 'parcels', 4326);
      CREATE TABLE gpkg_geometry_columns (table_name TEXT, column_name TEXT, geometry_type_name TEXT, srs_id INTEGER, z TINYINT, m TINYINT);
      INSERT INTO gpkg_geometry_columns VALUES ('parcels', 'geom', 'MULTIPOLYGON', 4326, 0, 0);
      CREATE TABLE parcels (fid INTEGER PRIMARY KEY, geom BLOB, ${DBF.map(([name, type]) => `${name} ${type === 'N' ? 'REAL' : 'TEXT'}`).join(', ')});
      BEGIN;`)
    const insert = db.prepare(
      `INSERT INTO parcels (geom, ${DBF.map((f) => f[0]).join(', ')}) VALUES (?${', ?'.repeat(DBF.length)})`,
    )
    for (const f of benchFeatures(n)) {
      const head = Buffer.alloc(8)
      head.write('GP', 0, 'ascii')
      head.writeUInt8(1, 3)
      head.writeInt32LE(4326, 4)
      const blob = new Uint8Array(Buffer.concat([head, wkx.Geometry.parseGeoJSON(f.geometry).toWkb()]))
      insert.run([blob, ...DBF.map(([name]) => f.properties[name] ?? null)])
    }
    insert.finalize()
    db.exec('COMMIT')
  } finally {
    db.close()
  }
}
