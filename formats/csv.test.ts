import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CSV_BOM, csvCell, csvDocument, csvRow, neutraliseFormula } from './csv'
import { parseCsv } from './csv.test-support'

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

describe('csvDocument', () => {
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
