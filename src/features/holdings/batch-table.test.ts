import { describe, expect, it } from 'vitest'
import { guessColumns, parseTable } from './batch-table'

describe('parseTable', () => {
  it('reads a dirty CSV: BOM, semicolons, quotes, blank lines, CRLF, leading zeros kept as text', () => {
    const csv =
      '\uFEFFParcel Number;County;Note\r\n"0105100001";Story;"buyer says ""yes"""\r\n\r\n  007-12 ;"Finney";a;b\r\n;;\r\n'
    const t = parseTable(csv)
    expect(t.hasHeader).toBe(true)
    expect(t.header).toEqual(['Parcel Number', 'County', 'Note', 'Column 4'])
    expect(t.rows).toEqual([
      ['0105100001', 'Story', 'buyer says "yes"', ''],
      ['007-12', 'Finney', 'a', 'b'],
    ])
    expect(guessColumns(t)).toMatchObject({ kind: 'numbers', number: 0, county: 1 })
  })

  it('takes a bare pasted list of numbers as one column without a header', () => {
    const t = parseTable('01-05-100-001\n01-05-100-002\n\n01-05-100-003\n')
    expect(t.hasHeader).toBe(false)
    expect(t.rows.map((r) => r[0])).toEqual(['01-05-100-001', '01-05-100-002', '01-05-100-003'])
    expect(guessColumns(t)).toMatchObject({ kind: 'numbers', number: 0, county: null })
  })

  it('finds coordinates by header, or in bare "lat, lon" pairs', () => {
    expect(guessColumns(parseTable('name,Latitude,Longitude\nwell,42.03,-93.6\n'))).toMatchObject({
      kind: 'points',
      lat: 1,
      lon: 2,
    })
    expect(guessColumns(parseTable('42.03, -93.61\n42.04, -93.62\n'))).toMatchObject({ kind: 'points', lat: 0, lon: 1 })
    expect(guessColumns(parseTable('apn\tcounty\n1\tStory\n'))).toMatchObject({ kind: 'numbers', number: 0, county: 1 })
  })

  it('says when a quote is never closed and caps the rows', () => {
    expect(parseTable('apn\n"123\n456\n').problems[0]).toMatch(/not closed/)
    const long = parseTable(`apn\n${Array.from({ length: 10_005 }, (_, i) => i).join('\n')}`)
    expect(long.rows).toHaveLength(10_000)
    expect(long.problems[0]).toMatch(/10,005 rows/)
  })
})
