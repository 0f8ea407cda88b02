import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ParcelRecord } from '../../../contract/schemas'
import { CSV_BOM, csvCell, csvDocument, csvRow, neutraliseFormula } from '../../../formats/csv'
import { allColumns, BUILDINGS_COLUMN, visibleExportColumns } from '../../format/record-columns'
import { csvHeader, csvRecordRow } from './csv'
import { buildExport } from './export-formats'

/** Minimal RFC 4180 reader, independent of the writer under test. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let i = 0
  let quoted = false
  while (i < text.length) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"'
        i += 2
        continue
      }
      if (c === '"') quoted = false
      else cell += c
      i++
      continue
    }
    if (c === '"') quoted = true
    else if (c === ',') {
      row.push(cell)
      cell = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += c
    i++
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell])
  return rows
}

const unneutralise = (s: string) => (/^'[=+\-@\t\r]/.test(s) ? s.slice(1) : s)

describe('csvCell', () => {
  it('quotes commas, quotes, CR and LF and doubles quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"')
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"')
    expect(csvCell('plain')).toBe('plain')
  })

  it.each(['=', '+', '-', '@', '\t', '\r'])('neutralises a string starting with %j', (p) => {
    const cell = csvCell(`${p}HYPERLINK("http://x","y")`)
    expect(parseCsv(`${cell}\r\n`)[0]?.[0]).toBe(`'${p}HYPERLINK("http://x","y")`)
  })

  it('writes real numbers as numbers, negative ones included', () => {
    expect(csvCell(-12.5)).toBe('-12.5')
    expect(csvCell(0)).toBe('0')
    expect(csvCell(Number.NaN)).toBe('')
    expect(csvCell('-12.5')).toBe("'-12.5")
  })

  it('writes null/undefined as empty, booleans as words and objects as escaped JSON', () => {
    expect(csvCell(null)).toBe('')
    expect(csvCell(undefined)).toBe('')
    expect(csvCell(true)).toBe('true')
    expect(csvCell({ a: '1,2' })).toBe('"{""a"":""1,2""}"')
    expect(csvCell(['=x'])).toBe('"[""=x""]"')
  })

  it('leaves hostile but inert strings intact', () => {
    for (const s of ['<script>alert(1)</script>', ']]>', 'Ünïcödé 日本 🚜', "O'Brien"]) {
      expect(parseCsv(csvRow([s]))[0]).toEqual([s])
    }
  })
})

describe('csv documents', () => {
  const records: ParcelRecord[] = [
    { svc_uuid: 'a', owner: 'Smith, "Jo"', acres: 12.5, situs: '1 Main\nSt', extra: '=1+1' },
    { svc_uuid: 'b', owner: '@evil', acres: -3, buildings: [{ geom: null }, { geom: null }] },
    { svc_uuid: 'c' },
  ]

  it('round-trips values through an RFC 4180 parser', () => {
    const cols = ['svc_uuid', 'owner', 'acres', 'situs', 'extra']
    const text = csvRow(cols) + records.map((r) => csvRecordRow(r, cols)).join('')
    const rows = parseCsv(text)
    expect(rows[0]).toEqual(cols)
    expect(rows.slice(1).map((r) => r.map(unneutralise))).toEqual([
      ['a', 'Smith, "Jo"', '12.5', '1 Main\nSt', '=1+1'],
      ['b', '@evil', '-3', '', ''],
      ['c', '', '', '', ''],
    ])
  })

  it('all-fields columns add extra keys and a building count, never geom/buildings', () => {
    const cols = allColumns(records)
    expect(cols).toContain('extra')
    expect(cols).not.toContain('geom')
    expect(cols.filter((c) => c === BUILDINGS_COLUMN)).toHaveLength(1)
    expect(csvHeader(cols)).toContain(',building_count\r\n')
    expect(csvHeader(cols)).not.toContain(',buildings')
    expect(csvRecordRow(records[1]!, [BUILDINGS_COLUMN])).toBe('2\r\n')
  })

  it('a visible Buildings column is written to a "visible columns" CSV (it was dropped)', async () => {
    const cols = visibleExportColumns(['svc_uuid', 'owner', BUILDINGS_COLUMN, 'geom'])
    expect(cols).toEqual(['svc_uuid', 'owner', BUILDINGS_COLUMN])
    const file = await buildExport({
      kind: 'csv-visible',
      records: [records[1]!],
      visibleColumns: ['svc_uuid', BUILDINGS_COLUMN],
      searchSummary: 'test',
    })
    const text = await file.blob.text()
    expect(text.replace(CSV_BOM, '')).toBe('svc_uuid,building_count\r\nb,2\r\n')
  })

  it('starts with a BOM only when asked', () => {
    expect(csvDocument(['a'], [[1]]).startsWith(CSV_BOM)).toBe(true)
    expect(csvDocument(['a'], [[1]], false)).toBe('a\r\n1\r\n')
  })

  it('round-trips arbitrary string cells (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: 'binary' }), { minLength: 1, maxLength: 6 }), { maxLength: 8 }),
        (table) => {
          const parsed = parseCsv(table.map(csvRow).join(''))
          const expected = table.map((row) => row.map(neutraliseFormula))
          // A single empty cell is an empty line, which RFC 4180 cannot tell from no row at all.
          const comparable = expected.filter((r) => !(r.length === 1 && r[0] === ''))
          const got = parsed.filter((r) => !(r.length === 1 && r[0] === ''))
          expect(got).toEqual(comparable)
          // Only the neutralising quote may differ, and only in front of a formula character.
          const originals = table.filter((x) => !(x.length === 1 && x[0] === ''))
          for (const [r, row] of got.entries()) {
            for (const [c, cell] of row.entries()) {
              const original = originals[r]?.[c] ?? ''
              expect(cell === original || (cell === `'${original}` && /^[=+\-@\t\r]/.test(original))).toBe(true)
            }
          }
        },
      ),
      { numRuns: 200 },
    )
  })
})
