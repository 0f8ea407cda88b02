import initSqlJs from 'sql.js'
import { beforeAll, describe, expect, it } from 'vitest'
import { type GpkgLayer, writeGeoPackage } from './geopackage'

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

type Row = Record<string, unknown>
let db: { all(sql: string): Row[]; get(sql: string): Row | undefined; close(): void }
beforeAll(async () => {
  const SQL = await initSqlJs()
  const bytes = writeGeoPackage(() => new SQL.Database(), layers)
  // Read back from the bytes alone, in a fresh SQLite (as files, and in GDAL: src/features/field/field-exports.test.ts).
  const read = new SQL.Database(bytes)
  const all = (sql: string) => {
    const [res] = read.exec(sql)
    return (res?.values ?? []).map((v) => Object.fromEntries(res?.columns.map((c, i) => [c, v[i]]) ?? []))
  }
  db = { all, get: (sql) => all(sql)[0], close: () => read.close() }
})

describe('writeGeoPackage', () => {
  it('is an SQLite database with the GeoPackage tables, fields and geometry blobs', () => {
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
})
