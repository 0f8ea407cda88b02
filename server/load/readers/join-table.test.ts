import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { gridParcels, writeWideCamaCsv } from '../cama-fixture.test-support'
import { fixtureParcels } from '../county-fixture.test-support'
import { IOWA_NORTH_FTUS_ESRI } from '../format-writers.test-support'
import { shapefileFiles } from '../shapefile-writer.test-support'
import { joinKey, readJoinTable } from './join-table'

const dir = mkdtempSync(join(tmpdir(), 'plat-join-table-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('readJoinTable', () => {
  it('reads a dirty CSV: BOM, quoted commas and line breaks, text kept as text, repeated keys counted', async () => {
    const path = join(dir, 'cama.csv')
    writeFileSync(
      path,
      '\uFEFFPARCEL_NO,OWNER_NAME,SITUS,TAX_DIST,VALUE\r\n' +
        '19-0001,"SMITH, JOHN A","100 MAIN ST\nUNIT 2",007,"$1,200"\r\n' +
        '19-0002,"O""BRIEN PAT",110 LINCOLN WAY,012,\r\n' +
        '19-0001,SECOND ROW,,,1\r\n' +
        ',NO KEY,,,\r\n' +
        '\r\n' +
        ' 19-0003 ,short row\r\n',
    )
    const t = await readJoinTable(path, 'parcel_no')
    expect(t.keyColumn).toBe('PARCEL_NO')
    expect(t.columns).toEqual(['OWNER_NAME', 'SITUS', 'TAX_DIST', 'VALUE'])
    expect(t.total).toBe(5)
    expect(t.row('19-0001')).toEqual({
      OWNER_NAME: 'SMITH, JOHN A',
      SITUS: '100 MAIN ST\nUNIT 2',
      TAX_DIST: '007',
      VALUE: '$1,200',
    })
    expect(t.row('19-0002')).toMatchObject({ OWNER_NAME: 'O"BRIEN PAT', TAX_DIST: '012', VALUE: null })
    // Spacing around a key does not matter; a short row's missing cells are null.
    expect(t.row('19-0003')).toEqual({ OWNER_NAME: 'short row', SITUS: null, TAX_DIST: null, VALUE: null })
    expect(t.repeated).toEqual([{ key: '19-0001', rows: 2, first: 1 }])
    expect(t.keyless).toBe(1)
  })

  it('finds the delimiter (semicolon, tab) and reads a Windows-1252 export', async () => {
    const semi = join(dir, 'semi.csv')
    writeFileSync(semi, Buffer.from('PIN;OWNER\n0042;M\xdcLLER\n', 'latin1'))
    const t = await readJoinTable(semi, 'PIN')
    expect(t.row('0042')).toEqual({ OWNER: 'MÜLLER' })
    const tab = join(dir, 'tab.tsv')
    writeFileSync(tab, 'PIN\tOWNER\n0042\tA, B\n')
    expect((await readJoinTable(tab, 'PIN')).row('0042')).toEqual({ OWNER: 'A, B' })
  })

  it('reads a dBASE table', async () => {
    const path = join(dir, 'cama.dbf')
    writeFileSync(path, shapefileFiles(fixtureParcels().slice(0, 4), IOWA_NORTH_FTUS_ESRI, 'cama')['cama.dbf']!)
    const t = await readJoinTable(path, 'PIN')
    expect(t.total).toBe(4)
    expect(t.row('19-0001')).toMatchObject({ OWNER: 'SMITH JOHN A', TOTAL_VAL: '$100,000', ACRES: 40 })
    // A numeric field left empty is null, not 0.
    expect(t.row('19-0004')).toMatchObject({ ACRES: null })
  })

  it('says which columns there are when the key column is wrong, and refuses other formats', async () => {
    const path = join(dir, 'k.csv')
    writeFileSync(path, 'PIN,OWNER\n1,A\n')
    await expect(readJoinTable(path, 'PARCEL')).rejects.toThrow(
      /--on PARCEL: k\.csv has no such column; its columns: PIN, OWNER/,
    )
    await expect(readJoinTable(join(dir, 'nope.csv'), 'PIN')).rejects.toThrow(/no such file/)
    writeFileSync(join(dir, 'x.xlsx'), 'x')
    await expect(readJoinTable(join(dir, 'x.xlsx'), 'PIN')).rejects.toThrow(/must be CSV .* or dBASE/)
  })

  it('compares keys as text: zeros and dashes count, case and spacing do not', () => {
    expect(joinKey(' 19-0001a ')).toBe('19-0001A')
    expect(joinKey('007')).not.toBe(joinKey('7'))
    expect(joinKey(42)).toBe('42')
    expect(joinKey(null)).toBeNull()
  })
})

describe('readJoinTable: encodings as offices export them (issue 39)', () => {
  it('a UTF-8 BOM on a Windows-1252 CSV is dropped from the header; the text reads as Windows-1252, counted', async () => {
    const path = join(dir, 'bom-1252.csv')
    writeFileSync(
      path,
      Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from('PIN,OWNER\r\n0042,M\xdcLLER \x80 O\x92BRIEN\r\n', 'latin1'),
      ]),
    )
    const t = await readJoinTable(path, 'PIN')
    expect(t.keyColumn).toBe('PIN')
    expect(t.row('0042')).toEqual({ OWNER: 'MÜLLER € O’BRIEN' })
    expect(t.windows1252).toBe(1)
  })

  it('a CSV mixing UTF-8 and Latin-1 rows keeps both readable; only the Latin-1 values are counted', async () => {
    const path = join(dir, 'mixed.csv')
    const lines = ['PIN,OWNER']
    for (let i = 0; i < 300; i++) lines.push(`U${i},MÜLLER ÆRØ`)
    const utf8Part = Buffer.from(`\uFEFF${lines.join('\n')}\n`, 'utf8')
    const latinPart = Buffer.from('L1,M\xdcLLER \xc6R\xd8\nL2,PLAIN\n', 'latin1')
    writeFileSync(path, Buffer.concat([utf8Part, latinPart]))
    const t = await readJoinTable(path, 'PIN')
    expect(t.total).toBe(302)
    expect(t.row('U0')).toEqual({ OWNER: 'MÜLLER ÆRØ' })
    expect(t.row('U299')).toEqual({ OWNER: 'MÜLLER ÆRØ' })
    expect(t.row('L1')).toEqual({ OWNER: 'MÜLLER ÆRØ' })
    expect(t.row('L2')).toEqual({ OWNER: 'PLAIN' })
    expect(t.windows1252).toBe(1)
  })

  it('a UTF-16 CSV with its BOM (Excel "Unicode text") is read as such', async () => {
    const path = join(dir, 'utf16.txt')
    writeFileSync(path, Buffer.from('\uFEFFPIN\tOWNER\r\n0042\tMÜLLER\r\n', 'utf16le'))
    const t = await readJoinTable(path, 'PIN')
    expect(t.row('0042')).toEqual({ OWNER: 'MÜLLER' })
    expect(t.windows1252).toBe(0)
  })

  describe('a table 5,000 columns wide (issue 39: a 3.5 MB CSV took a load to 623 MB)', () => {
    const wide = join(dir, 'wide.csv')
    const parcels = gridParcels(300)
    writeWideCamaCsv(wide, parcels, 5_000)

    it('keeps each row as an array of its values, and joins every column', async () => {
      const t = await readJoinTable(wide, 'PARCEL_NO')
      expect(t.columns).toHaveLength(5_001)
      expect(t.rows.size).toBe(300)
      // An array per row, not an object of 5,000 keys (those cost 18× the file's size in heap).
      const values = t.rows.get('W-7')!
      expect(Array.isArray(values)).toBe(true)
      expect(values).toHaveLength(5_001)
      const row = t.row('W-7')!
      expect(row.OWNER).toBe('OWNER 7')
      // writeWideCamaCsv: row i, column c holds (i·7 + c·13) mod 997, empty when (i + c) mod 3 = 0.
      const i = 6
      for (const c of [0, 1, 2, 4_998, 4_999]) {
        expect(row[`C${c + 1}`]).toBe((i + c) % 3 === 0 ? null : String((i * 7 + c * 13) % 997))
      }
    })

    it('holds it in a heap under 12× the file size (was 18×)', () => {
      // In a child with --expose-gc: the heap after a full collection, with the table alive.
      const script = join(dir, 'heap.mts')
      writeFileSync(
        script,
        `import { readJoinTable } from ${JSON.stringify(join(import.meta.dirname, 'join-table.ts'))}
const gc = globalThis.gc
gc(); const before = process.memoryUsage().heapUsed
const t = await readJoinTable(${JSON.stringify(wide)}, 'PARCEL_NO')
gc(); console.log(JSON.stringify({ rows: t.rows.size, bytes: process.memoryUsage().heapUsed - before }))`,
      )
      const out = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', script], { encoding: 'utf8' })
      const { rows, bytes } = JSON.parse(out.trim().split('\n').at(-1)!) as { rows: number; bytes: number }
      expect(rows).toBe(300)
      const file = statSync(wide).size
      // Measured: 4.4 MB of CSV → 34 MB of heap as arrays, 81 MB as objects keyed by column.
      expect(bytes / file).toBeLessThan(12)
    }, 60_000)
  })
})
