import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { FIXTURE_MAPPING, fixtureParcels } from '../county-fixture.test-support'
import {
  IOWA_NORTH_FTUS_ESRI,
  UTM15N_OGC,
  writeFlatGeobuf,
  writeGeoJson,
  writeGeoJsonSeq,
  writeGeoPackage,
} from '../format-writers.test-support'
import { CoercionLog } from '../rows/feature-to-row'
import { fileItems } from '../rows/file-items'
import { parseMapping } from '../rows/mapping'
import { isRejected, type StagedItem, type StagedRow } from '../rows/staged-row'
import { writeShapefileZip } from '../shapefile-writer.test-support'
import { openSource } from './open-source'

const dir = mkdtempSync(join(tmpdir(), 'plat-readers-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const parcels = fixtureParcels()
const withGeom = parcels.filter((p) => p.geom)

async function read(path: string, crs?: string) {
  const file = await openSource(path)
  const log = new CoercionLog()
  const items: StagedItem[] = []
  const projections: string[] = []
  try {
    for await (const batch of fileItems(file, {
      mapping: parseMapping(FIXTURE_MAPPING),
      crs,
      log,
      onLayer: (_, p) => projections.push(p.name),
    }))
      items.push(...batch)
  } finally {
    await file.close()
  }
  return { items, log, projections, rows: items.filter((i): i is StagedRow => !isRejected(i)) }
}

/**
 * Every vertex within 1e-7° (~1 cm) of the lon/lat truth after the round trip through the file's
 * CRS (in any order: Shapefiles turn outlines clockwise).
 */
function expectGeometriesBack(rows: StagedRow[]) {
  expect(rows.length).toBeGreaterThan(0)
  for (const row of rows) {
    const truth = parcels.find((p) => p.PIN === row.attrs.parcel_id && p.OWNER.trim() === (row.attrs.owner ?? ''))!
    const got = row.geom.coordinates.flat(2)
    const want = truth.geom!.coordinates.flat(2)
    expect(got.length).toBe(want.length)
    for (const w of want) {
      const near = got.some((q) => Math.abs(q[0]! - w[0]!) < 1e-7 && Math.abs(q[1]! - w[1]!) < 1e-7)
      expect(near, `${row.attrs.parcel_id}: vertex ${w} not found`).toBe(true)
    }
  }
}

function expectCoercedAttributes(rows: StagedRow[], log: CoercionLog) {
  const first = rows.find((r) => r.attrs.parcel_id === '19-0001')!
  expect(first.attrs).toMatchObject({
    owner: 'SMITH JOHN A',
    parcel_value: 100_000,
    acres: 40,
    sale_date: '2000-06-22',
  })
  // Every date spelling of the fixture reads as the same day.
  expect(new Set(rows.filter((r) => r.attrs.parcel_id! < '19-0100').map((r) => r.attrs.sale_date))).toEqual(
    new Set(['2000-06-22']),
  )
  expect(rows.find((r) => r.attrs.parcel_id === '19-0100')!.attrs).toMatchObject({
    parcel_value: 250_000,
    sale_date: '1999-12-31',
  })
  // "see file" is no number: null, and counted.
  expect(rows.find((r) => r.attrs.parcel_id === '19-0008')!.attrs.parcel_value).toBeNull()
  expect(log.failures.get('parcel_value')?.count).toBe(1)
  // An empty owner is null; unmapped attributes are kept, lower-cased.
  expect(rows.find((r) => r.attrs.parcel_id === '19-0024')!.attrs.owner).toBeNull()
  expect(first.extra.school_dst).toBe('SD0')
}

describe('readers: the fixture county in every format reads back the same', () => {
  it('zipped Shapefile in NAD83 Iowa North (US feet), ArcGIS .prj, dBASE text/numeric/date fields', async () => {
    const path = join(dir, 'story.zip')
    writeShapefileZip(path, parcels, IOWA_NORTH_FTUS_ESRI, 'export/')
    const { items, rows, log, projections } = await read(path)
    expect(projections).toEqual(['NAD_1983_StatePlane_Iowa_North_FIPS_1401_Feet'])
    expect(items).toHaveLength(parcels.length)
    expect(items.filter(isRejected)).toEqual([
      { feature: parcels.length, layer: 'export/parcels.shp', parcelId: '19-0300', reason: 'no geometry' },
    ])
    expectGeometriesBack(rows)
    expectCoercedAttributes(rows, log)
    // A dBASE date field comes back as an ISO date.
    expect(rows[0]!.extra.deed_dt).toBe('1999-12-31')
  })

  it('GeoJSON with a crs member naming State Plane feet; --crs overrides it', async () => {
    const path = join(dir, 'story.geojson')
    writeGeoJson(path, parcels, IOWA_NORTH_FTUS_ESRI, 3417)
    const { items, rows, log, projections } = await read(path)
    expect(projections[0]).toMatch(/EPSG:3417/)
    expect(items).toHaveLength(parcels.length)
    expectGeometriesBack(rows)
    expectCoercedAttributes(rows, log)
    // Read as if longitude/latitude, State Plane feet are far out of range: rejected, naming --crs.
    const wrong = await read(path, 'EPSG:4326')
    expect(wrong.rows).toHaveLength(0)
    expect(wrong.items.filter(isRejected)[0]!.reason).toMatch(/outside longitude\/latitude.*--crs/)
  })

  it.each([
    {
      name: 'GeoPackage in UTM 15N (metres): gpkg_* tables, GP header blobs',
      file: 'story.gpkg',
      write: (path: string) => writeGeoPackage(path, parcels, UTM15N_OGC, 26915),
      crs: /^NAD83 \/ UTM zone 15N$/,
      features: parcels.length,
    },
    {
      name: 'FlatGeobuf in UTM 15N with an EPSG code in its header (no record without geometry: the format has none)',
      file: 'story.fgb',
      write: (path: string) => writeFlatGeobuf(path, parcels, UTM15N_OGC, 26915),
      crs: /EPSG:26915/,
      features: withGeom.length,
    },
    {
      name: 'GeoJSON text sequence in longitude/latitude',
      file: 'story.geojsons',
      write: (path: string) => writeGeoJsonSeq(path, parcels),
      crs: /^WGS 84$/,
      features: parcels.length,
    },
  ])('$name', async ({ file, write, crs, features }) => {
    const path = join(dir, file)
    write(path)
    const { items, rows, log, projections } = await read(path)
    expect(projections).toHaveLength(1)
    expect(projections[0]).toMatch(crs)
    expect(items).toHaveLength(features)
    expect(items.filter(isRejected).map((r) => r.reason)).toEqual(features === parcels.length ? ['no geometry'] : [])
    expectGeometriesBack(rows)
    expectCoercedAttributes(rows, log)
  })
})

describe('readers: clear errors', () => {
  it('a wrong path, an unknown format, a bad mapping, an unknown CRS', async () => {
    await expect(openSource(join(dir, 'nope.zip'))).rejects.toThrow(/no such file/)
    const csv = join(dir, 'parcels.csv')
    writeGeoJsonSeq(csv, parcels)
    await expect(openSource(csv)).rejects.toThrow(/unknown format ".csv".*GeoPackage/)
    const path = join(dir, 'map.geojsons')
    writeGeoJsonSeq(path, parcels)
    const file = await openSource(path)
    const bad = fileItems(file, { mapping: parseMapping({ owner: 'OWNER_NAME' }), log: new CoercionLog() })
    await expect(bad.next()).rejects.toThrow(/OWNER_NAME.*The file's attributes: PIN, OWNER/s)
    const unknown = fileItems(await openSource(path), { mapping: {}, crs: 'EPSG:999999', log: new CoercionLog() })
    await expect(unknown.next()).rejects.toThrow(/EPSG:999999 is not in the EPSG register/)
  })

  it('a zip without a .shp, and a Shapefile without .prj', async () => {
    const { writeFileSync } = await import('node:fs')
    const { zipSync } = await import('fflate')
    const empty = join(dir, 'empty.zip')
    writeFileSync(empty, zipSync({ 'readme.txt': new TextEncoder().encode('x') }))
    await expect(openSource(empty)).rejects.toThrow(/holds neither a Shapefile .* nor a File Geodatabase/)
    const { shapefileFiles } = await import('../shapefile-writer.test-support')
    const files = shapefileFiles(parcels, IOWA_NORTH_FTUS_ESRI, 'noprj')
    delete files['noprj.prj']
    const zip = join(dir, 'noprj.zip')
    writeFileSync(zip, zipSync(files))
    const items = fileItems(await openSource(zip), { mapping: {}, log: new CoercionLog() })
    await expect(items.next()).rejects.toThrow(/does not say its coordinate system.*--crs/)
  })
})
