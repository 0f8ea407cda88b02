/**
 * The File Geodatabase and GeoParquet readers on the fixture county (in the db project: GDAL in
 * WebAssembly takes seconds to start and sets globals the shared unit workers should not see).
 * File Geodatabases are written by GDAL's own ogr2ogr; GeoParquet by hyparquet-writer.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { FIXTURE_MAPPING, type FixtureParcel, fixtureParcels } from '../county-fixture.test-support'
import {
  IOWA_NORTH_FTUS_ESRI,
  IOWA_NORTH_FTUS_PROJJSON,
  UTM15N_OGC,
  UTM15N_PROJJSON,
  writeGeoParquet,
} from '../format-writers.test-support'
import { hasOgr2ogr, OGR2OGR_MISSING, writeFileGdb } from '../gdal-writers.test-support'
import { CoercionLog } from '../rows/feature-to-row'
import { fileItems } from '../rows/file-items'
import { parseMapping } from '../rows/mapping'
import { isRejected, type StagedItem, type StagedRow } from '../rows/staged-row'
import { openSource } from './open-source'

const dir = mkdtempSync(join(tmpdir(), 'plat-readers-gdb-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const parcels = fixtureParcels()

async function read(path: string, layer?: string) {
  const file = await openSource(path, { layer })
  const log = new CoercionLog()
  const items: StagedItem[] = []
  const layers: string[] = []
  try {
    for await (const batch of fileItems(file, {
      mapping: parseMapping(FIXTURE_MAPPING),
      log,
      onLayer: (l, p) => layers.push(`${l.name ?? '-'}: ${p.name}`),
    }))
      items.push(...batch)
  } finally {
    await file.close()
  }
  return { file, items, log, layers, rows: items.filter((i): i is StagedRow => !isRejected(i)) }
}

/** Every vertex within `tol` degrees of the fixture's lon/lat after the round trip through the file's CRS. */
function expectGeometriesBack(rows: StagedRow[], truth: readonly FixtureParcel[], tol: number) {
  expect(rows).toHaveLength(truth.filter((p) => p.geom).length)
  for (const row of rows) {
    const t = truth.find((p) => p.PIN === row.attrs.parcel_id && p.OWNER.trim() === (row.attrs.owner ?? ''))!
    const got = row.geom.coordinates.flat(2)
    for (const w of t.geom!.coordinates.flat(2)) {
      const near = got.some((q) => Math.abs(q[0]! - w[0]!) < tol && Math.abs(q[1]! - w[1]!) < tol)
      expect(near, `${row.attrs.parcel_id}: vertex ${w} not found`).toBe(true)
    }
  }
}

function expectAttributes(rows: StagedRow[]) {
  expect(rows.find((r) => r.attrs.parcel_id === '19-0002')!.attrs).toMatchObject({
    owner: 'Smith, John A.',
    parcel_value: 112_345,
    acres: 42,
    sale_date: '2000-06-22',
    situs: '110 LINCOLN WAY',
  })
  expect(rows.find((r) => r.attrs.parcel_id === '19-0008')!.attrs.parcel_value).toBeNull()
  expect(rows.find((r) => r.attrs.parcel_id === '19-0001')!.extra.school_dst).toBe('SD0')
}

describe.skipIf(!hasOgr2ogr)(
  `File Geodatabase (written by ogr2ogr)${hasOgr2ogr ? '' : ` — skipped: ${OGR2OGR_MISSING}`}`,
  () => {
    it('a zipped .gdb in State Plane feet: the polygon layer is read, the point layer and table left out', async () => {
      const path = join(dir, 'story.gdb.zip')
      writeFileGdb(path, parcels, { epsg: 3417, extraLayers: true })
      const { file, items, rows, layers } = await read(path)
      expect(file.format).toBe('File Geodatabase')
      expect(file.note).toMatch(/left out: .*centroids.*owners|left out: .*owners.*centroids/)
      expect(layers).toEqual(['-: EPSG:3417 NAD83 / Iowa North (ftUS)'])
      expect(items).toHaveLength(parcels.length)
      expect(items.filter(isRejected).map((r) => r.reason)).toEqual(['no geometry'])
      // FileGDB stores coordinates on its own grid (GDAL's default: 0.001 ft here): within ~1 cm.
      expectGeometriesBack(rows, parcels, 1e-6)
      expectAttributes(rows)
    }, 60_000)

    it('an unzipped .gdb folder in UTM 15N; --layer picks one of two polygon layers', async () => {
      const path = join(dir, 'two.gdb')
      writeFileGdb(path, parcels, { epsg: 26915, layer: 'parcels_2024' })
      writeFileGdb(path, parcels.slice(0, 3), { epsg: 26915, layer: 'parcels_2023', append: true })
      const both = await read(path)
      const n = parcels.filter((p) => p.geom).length
      expect(both.rows.length).toBe(n + 3)
      expect(both.layers.sort()).toEqual([
        'parcels_2023: EPSG:26915 NAD83 / UTM zone 15N',
        'parcels_2024: EPSG:26915 NAD83 / UTM zone 15N',
      ])
      const chosen = await read(path, 'parcels_2024')
      expect(chosen.rows.length).toBe(n)
      expectGeometriesBack(chosen.rows, parcels, 1e-7)
      await expect(openSource(path, { layer: 'nope' })).rejects.toThrow(
        /no polygon layer "nope"; its layers: .*parcels_2024/,
      )
    }, 60_000)

    it('a plain .zip holding a .gdb is found after the Shapefile reader finds no .shp; --layer reaches it', async () => {
      const path = join(dir, 'county.zip')
      writeFileGdb(path, parcels, { epsg: 26915, layer: 'tax_parcels' })
      const { file, rows } = await read(path, 'tax_parcels')
      expect(file.format).toBe('File Geodatabase')
      expect(rows).toHaveLength(parcels.filter((p) => p.geom).length)
      await expect(openSource(path, { layer: 'parcels' })).rejects.toThrow(
        /no polygon layer "parcels"; its layers: tax_parcels/,
      )
    }, 60_000)

    it('a zip that is neither a Shapefile nor a File Geodatabase says so', async () => {
      const { zipSync } = await import('fflate')
      const path = join(dir, 'other.zip')
      writeFileSync(path, zipSync({ 'data/readme.txt': new TextEncoder().encode('x') }))
      await expect(openSource(path)).rejects.toThrow(/holds neither a Shapefile .* nor a File Geodatabase/)
    })
  },
)

describe('GeoParquet (WKB geometry, geo metadata)', () => {
  it('1.0 with PROJJSON carrying an EPSG id (UTM 15N), row groups of 10', async () => {
    const path = join(dir, 'story.parquet')
    writeGeoParquet(path, parcels, { projjson: UTM15N_PROJJSON, wkt: UTM15N_OGC })
    const { file, items, rows, layers } = await read(path)
    expect(file.format).toBe('GeoParquet')
    expect(layers).toEqual(['-: EPSG:26915 NAD83 / UTM zone 15N'])
    expect(items).toHaveLength(parcels.length)
    expect(items.filter(isRejected).map((r) => r.reason)).toEqual(['no geometry'])
    expectGeometriesBack(rows, parcels, 1e-7)
    expectAttributes(rows)
  })

  it('1.1 with a bbox covering column and PROJJSON without an id (Iowa North feet from its parameters)', async () => {
    const path = join(dir, 'story-1.1.parquet')
    writeGeoParquet(path, parcels, { projjson: IOWA_NORTH_FTUS_PROJJSON, wkt: IOWA_NORTH_FTUS_ESRI, bbox: true })
    const { items, rows, layers } = await read(path)
    expect(layers).toEqual(['-: NAD83 / Iowa North (ftUS)'])
    expect(items).toHaveLength(parcels.length)
    expectGeometriesBack(rows, parcels, 1e-7)
    // The covering column is geometry metadata, not an attribute.
    expect(rows[0]!.extra).not.toHaveProperty('bbox')
  })

  it('no crs member means longitude/latitude; a Parquet file without geo metadata is refused', async () => {
    const path = join(dir, 'lonlat.geoparquet')
    writeGeoParquet(path, parcels)
    const { rows, layers } = await read(path)
    expect(layers).toEqual(['-: WGS 84'])
    expectGeometriesBack(rows, parcels, 1e-9)
    const { parquetWriteFile } = await import('hyparquet-writer')
    const plain = join(dir, 'plain.parquet')
    parquetWriteFile({ filename: plain, columnData: [{ name: 'PIN', data: ['1'], type: 'STRING' }] })
    await expect(openSource(plain)).rejects.toThrow(/without GeoParquet "geo" metadata/)
    writeFileSync(join(dir, 'junk.parquet'), 'not parquet at all')
    await expect(openSource(join(dir, 'junk.parquet'))).rejects.toThrow(/is not a Parquet file/)
  })
})
