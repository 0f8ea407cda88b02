import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { VectorTile } from '@mapbox/vector-tile'
import { GeoJSONVT } from '@maplibre/geojson-vt'
import { fromGeojsonVt } from '@maplibre/vt-pbf'
import { DOMParser } from '@xmldom/xmldom'
import sqlite from 'node-sqlite3-wasm'
import { PbfReader } from 'pbf'
import { PMTiles, type Source } from 'pmtiles'
import initSqlJs from 'sql.js'
import { afterAll, describe, expect, it } from 'vitest'
import { buildFieldExport, flatFields, waypointOf } from './field-exports'
import { parcelRow, square } from './field-fixtures.test-support'
import { recordContains } from './pack-answers'

const dir = mkdtempSync(join(tmpdir(), 'field-export-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const records = parcelRow(3).map((r, i) => ({
  ...r,
  cdl_history: { 2024: { code: 1 } },
  flag: i === 0,
  buildings: i === 0 ? [{ geom: square(-93.598, 42.002, 0.001), sq_feet: 1200 }] : [],
}))
const openSqlite = async () => {
  const SQL = await initSqlJs()
  return () => new SQL.Database()
}
const bytesOf = async (b: Blob) => new Uint8Array(await b.arrayBuffer())

describe('waypointOf', () => {
  it('puts the point on the parcel and names it after the owner with APN and acres', () => {
    const w = waypointOf(records[1] ?? records[0]!)
    expect(w?.name).toBe('OWNER 1')
    expect(w?.description).toBe('APN APN-1 · 20 ac')
    expect(recordContains(records[1]!, w?.lng ?? 0, w?.lat ?? 0)).toBe(true)
  })
  it('flattens nested fields to JSON text and booleans to 0/1', () => {
    expect(flatFields({ a: { b: 1 }, c: true, geom: {}, d: Number.NaN })).toEqual({ a: '{"b":1}', c: 1, d: null })
  })
})

describe('buildFieldExport', () => {
  it('GeoPackage: parcels, waypoints, buildings and the outline, readable by SQLite', async () => {
    const blob = await buildFieldExport('gpkg', {
      title: 'Test pack',
      records,
      outline: square(-93.61, 41.99, 0.05),
      openSqlite,
    })
    const file = join(dir, 'pack.gpkg')
    writeFileSync(file, await bytesOf(blob))
    const db = new sqlite.Database(file, { readOnly: true })
    try {
      const tables = db.all('SELECT table_name FROM gpkg_contents ORDER BY table_name').map((r) => r.table_name)
      expect(tables).toEqual(['buildings', 'pack_outline', 'parcels', 'waypoints'])
      expect(db.all('SELECT owner, acres, cdl_history FROM parcels ORDER BY fid')[0]).toEqual({
        owner: 'OWNER 0',
        acres: 10,
        cdl_history: '{"2024":{"code":1}}',
      })
      expect(db.get('SELECT count(*) AS n FROM waypoints')).toEqual({ n: 3 })
      expect(db.get('SELECT parcel_svc_uuid, sq_feet FROM buildings')).toEqual({ parcel_svc_uuid: 'p0', sq_feet: 1200 })
    } finally {
      db.close()
    }
  })

  it.skipIf(!existsSync('/usr/bin/ogrinfo'))(
    'GeoPackage: GDAL (ogrinfo, as QGIS reads it) opens every layer',
    async () => {
      const blob = await buildFieldExport('gpkg', {
        title: 'Test pack',
        records,
        outline: square(-93.61, 41.99, 0.05),
        openSqlite,
      })
      const file = join(dir, 'gdal.gpkg')
      writeFileSync(file, await bytesOf(blob))
      const out = execFileSync('ogrinfo', ['-al', '-so', file], { encoding: 'utf8' })
      expect(out).toMatch(/Layer name: parcels\n[\s\S]*Geometry: Multi Polygon\n[\s\S]*Feature Count: 3/)
      expect(out).toMatch(/Layer name: waypoints\n[\s\S]*Geometry: Point\n[\s\S]*Feature Count: 3/)
      expect(out).toMatch(/owner: String/)
      expect(out).toMatch(/acres: Integer/)
      const features = execFileSync('ogrinfo', ['-q', file, 'parcels', '-where', "owner = 'OWNER 0'"], {
        encoding: 'utf8',
      })
      expect(features).toMatch(/MULTIPOLYGON \(\(\(-93\.6 42(\.0)?,-93\.59 42(\.0)?,/)
    },
  )

  it('PMTiles: the results as layer `results` and, for a pack, its parcel tiles’ layers in the same tiles', async () => {
    // A stand-in for a stored parcel tile: one feature in layer "parcels".
    const parcels = new GeoJSONVT(
      {
        type: 'FeatureCollection',
        features: [{ type: 'Feature', properties: { svc_uuid: 'x' }, geometry: square(-93.6, 42, 0.03) }],
      },
      { maxZoom: 16, extent: 4096 },
    )
    const packTile = async (t: { z: number; x: number; y: number }) => {
      const vt = parcels.getTile(t.z, t.x, t.y)
      return vt ? (fromGeojsonVt({ parcels: vt }).slice().buffer as ArrayBuffer) : null
    }
    const blob = await buildFieldExport('pmtiles', {
      title: 'Test',
      records,
      outline: square(-93.6, 42, 0.03),
      packTile,
    })
    const bytes = await bytesOf(blob)
    const source: Source = { getKey: () => 'm', getBytes: async (o, l) => ({ data: bytes.slice(o, o + l).buffer }) }
    const archive = new PMTiles(source)
    const header = await archive.getHeader()
    expect([header.minZoom, header.maxZoom]).toEqual([10, 16])
    const meta = (await archive.getMetadata()) as { vector_layers: { id: string }[] }
    expect(meta.vector_layers.map((l) => l.id)).toEqual(['results', 'parcels'])
    // The z14 tile over the first parcel holds both layers.
    const z = 14
    const x = Math.floor(((-93.595 + 180) / 360) * 2 ** z)
    const lat = (42.005 * Math.PI) / 180
    const y = Math.floor(((1 - Math.log(Math.tan(lat) + 1 / Math.cos(lat)) / Math.PI) / 2) * 2 ** z)
    const tile = await archive.getZxy(z, x, y)
    if (!tile) throw new Error('no tile')
    const vt = new VectorTile(new PbfReader(new Uint8Array(tile.data)))
    expect(Object.keys(vt.layers).sort()).toEqual(['parcels', 'results'])
    const owners = Array.from(
      { length: vt.layers.results?.length ?? 0 },
      (_, i) => vt.layers.results?.feature(i).properties.owner,
    )
    expect(owners).toContain('OWNER 0')
  })

  it('GPX and KML: one waypoint per parcel', async () => {
    const gpx = new DOMParser().parseFromString(
      await (await buildFieldExport('gpx', { title: 'T', records })).text(),
      'text/xml',
    )
    expect(gpx.getElementsByTagName('wpt')).toHaveLength(3)
    const kml = new DOMParser().parseFromString(
      await (await buildFieldExport('kml', { title: 'T', records })).text(),
      'text/xml',
    )
    expect(kml.getElementsByTagName('Point')).toHaveLength(3)
  })
})
