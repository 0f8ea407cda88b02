import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sqlite from 'node-sqlite3-wasm'
import initSqlJs from 'sql.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type GpkgLayer, writeGeoPackage } from './geopackage'

const dir = mkdtempSync(join(tmpdir(), 'gpkg-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const square = (x: number, y: number, d = 0.01) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [x, y],
      [x + d, y],
      [x + d, y + d],
      [x, y + d],
      [x, y],
    ],
  ],
})

const layers: GpkgLayer[] = [
  {
    name: 'parcels',
    geometryType: 'MULTIPOLYGON',
    features: [
      {
        geometry: square(-93.6, 42),
        properties: { svc_uuid: 'a', owner: 'SMITH <&> "FARMS"', acres: 40.5, year: 2020 },
      },
      {
        geometry: {
          type: 'MultiPolygon',
          coordinates: [square(-93.5, 42).coordinates, square(-93.45, 42).coordinates],
        },
        properties: { svc_uuid: 'b', owner: null, acres: 80, year: null },
      },
    ],
  },
  {
    name: 'waypoints',
    geometryType: 'POINT',
    features: [{ geometry: { type: 'Point', coordinates: [-93.595, 42.005] }, properties: { name: 'SMITH' } }],
  },
]

let file = ''
beforeAll(async () => {
  const SQL = await initSqlJs()
  const bytes = writeGeoPackage(() => new SQL.Database(), layers)
  file = join(dir, 'out.gpkg')
  writeFileSync(file, bytes)
})

describe('writeGeoPackage', () => {
  it('is an SQLite file with the GeoPackage tables, read back by another SQLite (node-sqlite3-wasm)', () => {
    const db = new sqlite.Database(file, { readOnly: true })
    try {
      expect(db.get('PRAGMA application_id')).toEqual({ application_id: 1196444487 })
      const contents = db.all(
        'SELECT table_name, data_type, srs_id, min_x, max_y FROM gpkg_contents ORDER BY table_name',
      )
      expect(contents).toEqual([
        { table_name: 'parcels', data_type: 'features', srs_id: 4326, min_x: -93.6, max_y: 42.01 },
        { table_name: 'waypoints', data_type: 'features', srs_id: 4326, min_x: -93.595, max_y: 42.005 },
      ])
      const cols = db.all('SELECT geometry_type_name FROM gpkg_geometry_columns ORDER BY table_name')
      expect(cols.map((c) => c.geometry_type_name)).toEqual(['MULTIPOLYGON', 'POINT'])
      const rows = db.all('SELECT svc_uuid, owner, acres, year, geom FROM parcels ORDER BY fid')
      expect(rows.map((r) => [r.svc_uuid, r.owner, r.acres, r.year])).toEqual([
        ['a', 'SMITH <&> "FARMS"', 40.5, 2020],
        ['b', null, 80, null],
      ])
      const blob = rows[0]?.geom as Uint8Array
      // GeoPackage binary header: "GP", version 0, little-endian + XY envelope, srs 4326, then WKB MultiPolygon.
      expect([...blob.slice(0, 4)]).toEqual([0x47, 0x50, 0, 3])
      const view = new DataView(blob.buffer, blob.byteOffset)
      expect(view.getInt32(4, true)).toBe(4326)
      expect(view.getFloat64(8, true)).toBe(-93.6)
      expect(blob[40]).toBe(1)
      expect(view.getUint32(41, true)).toBe(6)
    } finally {
      db.close()
    }
  })

  it.skipIf(!existsSync('/usr/bin/ogrinfo'))(
    'opens in GDAL (ogrinfo) with both layers, their features and fields',
    () => {
      const out = execFileSync('ogrinfo', ['-al', '-so', file], { encoding: 'utf8' })
      expect(out).toMatch(/Layer name: parcels/)
      expect(out).toMatch(/Geometry: Multi Polygon/)
      expect(out).toMatch(/Feature Count: 2/)
      expect(out).toMatch(/owner: String/)
      expect(out).toMatch(/acres: Real/)
      expect(out).toMatch(/Layer name: waypoints/)
      const features = execFileSync('ogrinfo', ['-al', '-q', file, 'parcels'], { encoding: 'utf8' })
      expect(features).toContain('SMITH <&> "FARMS"')
      expect(features).toMatch(/MULTIPOLYGON \(\(\(-93\.6 42(\.0)?,-93\.59 42(\.0)?,/)
    },
  )
})
