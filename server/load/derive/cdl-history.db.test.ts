/**
 * Crop history from yearly CDL rasters (issue 25): a folder of yearly GeoTIFFs whose class
 * boundary moves and whose classes change year by year; per parcel and year the majority class
 * must be the one the fixture's own lon/lat geometry says, and the latest year fills cdl_majority_*.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { MultiPolygon } from 'geojson'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/database'
import { migratedPglite, type TestDatabase } from '../../db/migrated-db.test-support'
import { SCHEMA } from '../../schema'
import { FIXTURE_MAPPING, fixtureParcels } from '../county-fixture.test-support'
import { IOWA_NORTH_FTUS_ESRI } from '../format-writers.test-support'
import { loadFile } from '../load-file'
import { toAlbers, writeCdl } from '../raster-writers.test-support'
import { parseMapping } from '../rows/mapping'
import { writeShapefileZip } from '../shapefile-writer.test-support'
import { CdlArgError, parseCdlArgs } from './cdl-history'

const dir = mkdtempSync(join(tmpdir(), 'plat-cdl-history-'))
const county = { state_fp: '19', county_fp: '169', state: 'IA', county: 'Story' }
/** Year → [split longitude, code west of it, code east of it]. */
const YEARS: Record<number, [number, number, number]> = {
  2020: [-93.633, 1, 5],
  2021: [-93.633, 5, 1],
  2022: [-93.629, 1, 5],
  2023: [-93.629, 5, 1],
  2024: [-93.637, 1, 24],
}
let t: TestDatabase
let db: Database
let records: Record<string, unknown>[]
let lines: string[]

beforeAll(async () => {
  t = await migratedPglite('plat-cdl-history', SCHEMA)
  db = t.db
  mkdirSync(join(dir, 'cdl'))
  for (const [year, [split, west, east]] of Object.entries(YEARS)) {
    writeCdl(join(dir, 'cdl', `${year}_30m_cdls.tif`), split, [west, east])
  }
  writeFileSync(join(dir, 'cdl', 'readme.txt'), 'not a raster')
  writeShapefileZip(join(dir, 'story.zip'), fixtureParcels(), IOWA_NORTH_FTUS_ESRI)
  const result = await loadFile(db, {
    file: join(dir, 'story.zip'),
    county,
    mapping: parseMapping(FIXTURE_MAPPING),
    cdl: [join(dir, 'cdl')],
    out: { isTTY: false, write: () => true },
  })
  lines = result.lines
  const rows = await db.query<{ record: string }>('SELECT record FROM parcels ORDER BY svc_uuid')
  records = rows.map((r) => JSON.parse(r.record) as Record<string, unknown>)
}, 120_000)

afterAll(async () => {
  await t?.cleanup()
  rmSync(dir, { recursive: true, force: true })
})

/** Which side of a year's split a parcel lies wholly on (null: across it, or near it). */
function side(r: Record<string, unknown>, split: number): 'west' | 'east' | null {
  const [xSplit] = toAlbers(split, 42.02)
  const xs = (r.geom as MultiPolygon).coordinates.flat(2).map((p) => toAlbers(p[0]!, p[1]!)[0])
  if (Math.max(...xs) < xSplit - 30) return 'west'
  if (Math.min(...xs) > xSplit + 30) return 'east'
  return null
}

describe('crop history from a folder of yearly CDL rasters', () => {
  it('keeps, per parcel and year, the majority class and its percent', () => {
    let checked = 0
    for (const r of records) {
      const history = r.cdl_history as Record<string, { code: number; name: string | null; percent: number }>
      expect(Object.keys(history)).toEqual(['2020', '2021', '2022', '2023', '2024'])
      for (const [year, [split, west, east]] of Object.entries(YEARS)) {
        const s = side(r, split)
        const entry = history[year]!
        if (s === null) {
          expect(entry.percent).toBeLessThan(100)
          continue
        }
        expect(entry).toMatchObject({ code: s === 'west' ? west : east, percent: 100 })
        checked++
      }
    }
    expect(checked).toBeGreaterThan(records.length * 3)
    const named = Object.values(records[0]!.cdl_history as Record<string, { code: number; name: string }>)
    expect(named.every((e) => e.name === { 1: 'Corn', 5: 'Soybeans', 24: 'Winter Wheat' }[e.code])).toBe(true)
  })

  it('fills cdl_majority_* from the latest year and derives rotation and corn years', () => {
    for (const r of records) {
      const latest = (r.cdl_history as Record<string, { code: number; percent: number }>)['2024']!
      expect(r.cdl_majority_value).toBe(latest.code)
      expect(r.cdl_majority_percent).toBe(latest.percent)
      // West of every split: corn, soy, corn, soy, corn.
      if ([-93.637, -93.633, -93.629].every((split) => side(r, split) === 'west')) {
        expect(r).toMatchObject({ rotation: 'corn-soybean', corn_years_5: 3, cdl_majority_category: 'Corn' })
      }
      if ([-93.637, -93.633, -93.629].every((split) => side(r, split) === 'east')) {
        expect(r).toMatchObject({ rotation: 'corn-soybean', corn_years_5: 2, cdl_majority_category: 'Winter Wheat' })
      }
    }
    expect(records.filter((r) => r.rotation === 'corn-soybean').length).toBeGreaterThan(3)
    expect(lines.join('\n')).toContain('crop history (5 years)')
  })

  it('stores the derived columns for filters', async () => {
    const rows = await db.query<{ rotation: string | null; n: number }>(
      'SELECT rotation, count(*)::int AS n FROM parcels GROUP BY rotation',
    )
    const total = rows.reduce((s, r) => s + r.n, 0)
    expect(total).toBe(records.length)
    expect(rows.find((r) => r.rotation === 'corn-soybean')?.n).toBe(
      records.filter((r) => r.rotation === 'corn-soybean').length,
    )
  })
})

describe('parseCdlArgs', () => {
  it('reads YEAR=file, keeps a plain file as one year-less raster, and refuses mixes and repeats', () => {
    expect(parseCdlArgs(['2022=b.tif', '2021=a.tif'])).toEqual([
      { year: 2021, path: 'a.tif' },
      { year: 2022, path: 'b.tif' },
    ])
    expect(parseCdlArgs(['cdl.tif'])).toEqual([{ year: null, path: 'cdl.tif' }])
    expect(() => parseCdlArgs(['2021=a.tif', 'b.tif'])).toThrow(CdlArgError)
    expect(() => parseCdlArgs(['2021=a.tif', '2021=b.tif'])).toThrow(/2021 is given twice/)
    const noRasters = join(dir, 'no-rasters')
    mkdirSync(noRasters, { recursive: true })
    writeFileSync(join(noRasters, 'notes.txt'), 'not a raster')
    expect(() => parseCdlArgs([noRasters])).toThrow(/no GeoTIFF/)
  })
})
