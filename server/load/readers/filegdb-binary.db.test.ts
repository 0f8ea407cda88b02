/**
 * A File Geodatabase with a Binary field (issue 39: it became null in all 900 records, not counted
 * as unreadable). Written by GDAL's own ogr2ogr; read the way a load reads it.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { FIXTURE_MAPPING, fixtureParcels } from '../county-fixture.test-support'
import { writeGeoJson } from '../format-writers.test-support'
import { hasOgr2ogr, OGR2OGR_MISSING } from '../gdal-writers.test-support'
import { CoercionLog } from '../rows/feature-to-row'
import { fileItems } from '../rows/file-items'
import { parseMapping } from '../rows/mapping'
import { isRejected, type StagedRow } from '../rows/staged-row'
import { TEXT_MAX_BYTES, TextHygieneLog } from '../rows/text-hygiene'
import { openSource } from './open-source'

const dir = mkdtempSync(join(tmpdir(), 'plat-gdb-binary-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe.skipIf(!hasOgr2ogr)(
  `File Geodatabase Binary field${hasOgr2ogr ? '' : ` — skipped: ${OGR2OGR_MISSING}`}`,
  () => {
    it('keeps each binary value as base64 and counts the ones too long to keep as unreadable', async () => {
      const src = join(dir, 'parcels.geojson')
      writeGeoJson(src, fixtureParcels(), null, null)
      const gdb = join(dir, 'binary.gdb')
      // PHOTO is the PIN's bytes, except one record's, which is larger than a value a load keeps.
      const sql = `SELECT *, CASE WHEN PIN = '19-0003' THEN zeroblob(${TEXT_MAX_BYTES}) ELSE CAST(PIN AS BLOB) END AS PHOTO FROM parcels`
      execFileSync('ogr2ogr', [
        '-f',
        'OpenFileGDB',
        gdb,
        src,
        '-nln',
        'parcels',
        '-nlt',
        'MULTIPOLYGON',
        '-dialect',
        'sqlite',
        '-sql',
        sql,
      ])
      expect(execFileSync('ogrinfo', ['-so', gdb, 'parcels']).toString()).toMatch(/PHOTO: Binary/)

      const file = await openSource(gdb, {})
      const hygiene = new TextHygieneLog()
      const rows: StagedRow[] = []
      try {
        for await (const batch of fileItems(file, {
          mapping: parseMapping(FIXTURE_MAPPING),
          log: new CoercionLog(),
          hygiene,
        }))
          rows.push(...batch.filter((i): i is StagedRow => !isRejected(i)))
      } finally {
        await file.close()
      }
      const photo = (pin: string) => rows.find((r) => r.attrs.parcel_id === pin)!.extra.photo
      expect(photo('19-0001')).toBe(Buffer.from('19-0001').toString('base64'))
      expect(photo('19-0003')).toBeNull()
      const kept = rows.filter((r) => r.attrs.parcel_id !== '19-0003').length
      expect(hygiene.summary()).toMatchObject({ base64: `photo ${kept}`, unreadable: 'photo 1' })
      expect(hygiene.reportLines().map((l) => l.action)).toContain('binary value unreadable')
    }, 120_000)
  },
)
