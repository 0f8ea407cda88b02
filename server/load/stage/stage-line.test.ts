import { describe, expect, it } from 'vitest'
import { STAGED_FIELDS, stageLine } from './stage-table'

const geom = {
  type: 'MultiPolygon' as const,
  coordinates: [
    [
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 0],
      ],
    ],
  ],
}

describe('stageLine (COPY text format)', () => {
  it('escapes backslash, tab and line breaks, writes \\N for null and rounds extra floats to 6 decimals', () => {
    const line = stageLine({
      seq: 7,
      row: {
        feature: 9,
        layer: 'a\tb',
        attrs: { owner: 'SMITH\nJOHN', legal: 'LOT 1\\2', acres: 80.5, parcel_value: Number.NaN, parcel_id: 1234 },
        extra: { frac: 1.23456789, n: 3, nested: null },
        geom,
        fixes: ['ring closed', 'ring closed'],
      },
      ownerKey: null,
      pidKey: 'P-1',
      footprint: 'abc',
      svcUuid: null,
    })
    expect(line.endsWith('\n')).toBe(true)
    const cells = line.slice(0, -1).split('\t')
    expect(cells).toHaveLength(12 + STAGED_FIELDS.length)
    expect(cells.slice(0, 3)).toEqual(['7', '9', 'a\\tb'])
    // JSON's own escapes (\n, \\) are escaped again for COPY, so PostgreSQL reads the JSON text back.
    expect(cells[3]).toBe(
      '{"owner":"SMITH\\\\nJOHN","legal":"LOT 1\\\\\\\\2","acres":80.5,"parcel_value":null,"parcel_id":1234}',
    )
    expect(cells[4]).toBe('{"frac":1.234568,"n":3,"nested":null}')
    expect(cells.slice(5, 11)).toEqual(['[]', '\\N', 'P-1', 'ring closed', '\\N', 'abc'])
    expect(cells[11]).toMatch(/^0106000020e6100000/)
    // The catalog values again as typed columns, as (attrs->>name)::float8 and attrs->>name read them.
    const typed = Object.fromEntries(STAGED_FIELDS.map((f, i) => [f.name, cells[12 + i]]))
    expect(typed).toMatchObject({
      owner: 'SMITH\\nJOHN',
      legal: 'LOT 1\\\\2',
      acres: '80.5',
      parcel_value: '\\N',
      parcel_id: '1234',
      zoning: '\\N',
    })
  })
})
