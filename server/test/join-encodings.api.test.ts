/**
 * Assessor tables as offices export them, through the real load CLI (issue 39): a CSV with a UTF-8
 * BOM and Windows-1252 text (the BOM stayed in the header, "ï»¿PARCEL_NO", and the load failed
 * "no such column"); a CSV mixing UTF-8 and Latin-1 rows (300 UTF-8 owners were garbled); and a
 * `--on` column the table does not have, a usage error (exit 2), not a failed load (exit 1); and a
 * table 5,000 columns wide (a 3.5 MB one took a load to 623 MB; the reader and the batches are
 * bounded in columns now: join-table.test.ts, file-items.test.ts), every column still joined.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { gridParcels, writeCamaCsv, writeShapesOnly, writeWideCamaCsv } from '../load/cama-fixture.test-support'
import { FIXTURE_MAPPING, type FixtureParcel, fixtureParcels } from '../load/county-fixture.test-support'
import { openDatabase } from '../open-database'
import { type LoaderBackend, loadCli, loaderBackend } from './loader-harness.test-support'

const backendName = inject('backend')
const STACK = /^\s+at /m
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf])
const nonAscii = (line: string) => Buffer.byteLength(line) !== line.length

describe(`assessor tables in any encoding (${backendName})`, () => {
  let backend: LoaderBackend
  let parcels: FixtureParcel[]
  /** the CAMA CSV's lines as text (BOM dropped), header first */
  let lines: string[]
  beforeAll(async () => {
    backend = await loaderBackend(backendName)
    writeFileSync(join(backend.workDir, 'mapping.json'), JSON.stringify(FIXTURE_MAPPING))
    parcels = fixtureParcels().map((p, i) => (i % 2 ? { ...p, OWNER: `MÜLLER ÆRØ ${i}` } : p))
    writeShapesOnly(join(backend.workDir, 'shapes.geojsons'), parcels)
    const csv = join(backend.workDir, 'cama-utf8.csv')
    writeCamaCsv(csv, parcels)
    lines = readFileSync(csv, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
  }, 240_000)
  afterAll(async () => {
    await backend?.cleanup()
  })

  const load = (csv: string, countyFp: string, on = 'PARCEL_NO=PIN') =>
    loadCli(backend, [
      join(backend.workDir, 'shapes.geojsons'),
      ...['--state', 'IA', '--county-fp', countyFp, '--county', `Enc ${countyFp}`],
      ...['--map', join(backend.workDir, 'mapping.json'), '--join', join(backend.workDir, csv), '--on', on],
    ])
  async function owners(countyFp: string): Promise<Map<string, string>> {
    const db = await openDatabase({ DATA_DIR: backend.env.DATA_DIR!, DATABASE_URL: backend.env.DATABASE_URL ?? '' })
    try {
      const rows = await db.query<{ parcel_id: string; owner: string }>(
        'SELECT parcel_id, owner FROM parcels WHERE county_fp = $1',
        [countyFp],
      )
      return new Map(rows.map((r) => [r.parcel_id, r.owner]))
    } finally {
      await db.close()
    }
  }
  const expectOwners = (got: Map<string, string>) => {
    // Shapes sharing a parcel number all get the table's first row of it.
    const first = (pin: string) => parcels.find((q) => q.PIN === pin)!.OWNER.trim()
    const garbled = parcels.filter((p) => got.has(p.PIN) && got.get(p.PIN) !== first(p.PIN))
    expect(garbled.map((p) => `${p.PIN}: ${got.get(p.PIN)}`)).toEqual([])
    expect(got.size).toBeGreaterThan(0)
    expect([...got.values()].some((o) => o.startsWith('MÜLLER ÆRØ'))).toBe(true)
  }

  it('a UTF-8 BOM on a Windows-1252 CSV: the header is found, the text read as Windows-1252 and counted', async () => {
    writeFileSync(
      join(backend.workDir, 'cama-1252.csv'),
      Buffer.concat([UTF8_BOM, Buffer.from(lines.join('\r\n'), 'latin1')]),
    )
    const r = await load('cama-1252.csv', '941')
    expect(r.code, r.stderr).toBe(0)
    const latin = lines.slice(1).filter((l) => nonAscii(l)).length
    expect(r.stdout).toContain(`${latin} value(s) of cama-1252.csv not UTF-8, read as Windows-1252`)
    expectOwners(await owners('941'))
  }, 300_000)

  it('a CSV mixing UTF-8 and Latin-1 rows keeps both readable; only the Latin-1 values are counted', async () => {
    // Rows reordered below: the repeated key's later row would come first and be the one joined.
    const body = lines.slice(1).filter((l) => !l.includes('A LATER ROW'))
    const utf8Rows = body.filter((_, i) => i % 4 !== 1)
    const latinRows = body.filter((_, i) => i % 4 === 1)
    writeFileSync(
      join(backend.workDir, 'cama-mixed.csv'),
      Buffer.concat([
        Buffer.from(`${[lines[0], ...utf8Rows].join('\r\n')}\r\n`, 'utf8'),
        Buffer.from(latinRows.join('\r\n'), 'latin1'),
      ]),
    )
    const r = await load('cama-mixed.csv', '942')
    expect(r.code, r.stderr).toBe(0)
    const counted = latinRows.filter((l) => nonAscii(l)).length
    expect(counted).toBeGreaterThan(0)
    expect(r.stdout).toContain(`${counted} value(s) of cama-mixed.csv not UTF-8, read as Windows-1252`)
    expectOwners(await owners('942'))
  }, 300_000)

  it('a --on column the table does not have exits 2 with one line naming its columns', async () => {
    const r = await load('cama-utf8.csv', '943', 'PARCEL_NUMBER=PIN')
    expect(r.code, r.stderr).toBe(2)
    expect(r.stderr).toMatch(/--on PARCEL_NUMBER: cama-utf8\.csv has no such column; its columns: PARCEL_NO, OWNER/)
    expect(r.stderr).not.toMatch(STACK)
    const shapes = await load('cama-utf8.csv', '943', 'PARCEL_NO=PARCEL')
    expect(shapes.code, shapes.stderr).toBe(2)
    expect(shapes.stderr).toMatch(/the shapes have no column PARCEL/)
  }, 300_000)

  it('a table 5,000 columns wide: every column joined, unmapped ones kept in the record', async () => {
    const shapes = gridParcels(40)
    writeShapesOnly(join(backend.workDir, 'shapes-wide.geojsons'), shapes)
    writeWideCamaCsv(join(backend.workDir, 'cama-wide.csv'), gridParcels(300), 5_000)
    writeFileSync(join(backend.workDir, 'mapping-wide.json'), JSON.stringify({ owner: 'OWNER', parcel_id: 'PIN' }))
    const r = await loadCli(backend, [
      join(backend.workDir, 'shapes-wide.geojsons'),
      ...['--state', 'IA', '--county-fp', '944', '--county', 'Enc 944'],
      ...['--map', join(backend.workDir, 'mapping-wide.json')],
      ...['--join', join(backend.workDir, 'cama-wide.csv'), '--on', 'PARCEL_NO=PIN'],
    ])
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toMatch(/joined +40 of 40 shapes to a row of cama-wide\.csv \(on PARCEL_NO, 5,001 columns\)/)
    expect(r.stdout).toMatch(/rows without a shape 260 of 300/)
    const db = await openDatabase({ DATA_DIR: backend.env.DATA_DIR!, DATABASE_URL: backend.env.DATABASE_URL ?? '' })
    try {
      const rows = await db.query<{ parcel_id: string; owner: string; c1: string | null; c5000: string | null }>(
        `SELECT parcel_id, owner, record::jsonb->>'c1' AS c1, record::jsonb->>'c5000' AS c5000
           FROM parcels WHERE county_fp = '944' ORDER BY parcel_id`,
      )
      expect(rows).toHaveLength(40)
      // writeWideCamaCsv: row i, column c holds (i·7 + c·13) mod 997, empty when (i + c) mod 3 = 0.
      const cell = (i: number, c: number) => ((i + c) % 3 === 0 ? null : String((i * 7 + c * 13) % 997))
      for (const row of rows) {
        const i = Number(row.parcel_id.slice(2)) - 1
        expect(row.owner).toBe(`OWNER ${i + 1}`)
        expect([row.c1, row.c5000], row.parcel_id).toEqual([cell(i, 0), cell(i, 4_999)])
      }
    } finally {
      await db.close()
    }
  }, 300_000)
})
