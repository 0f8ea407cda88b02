/**
 * The fixture county split the way many counties publish it: parcel shapes carrying little more
 * than the parcel number, and the assessor's (CAMA) export as a CSV keyed by it, dirty as real
 * exports are (a BOM, CRLF, quoted fields with commas, a key column named otherwise, a row for a
 * parcel with no shape, a repeated key).
 */
import { writeFileSync } from 'node:fs'
import { cellRect, type FixtureParcel } from './county-fixture.test-support'

/** GeoJSON text sequence of the shapes: PIN, SCHOOL_DST and the geometry only. */
export function writeShapesOnly(path: string, parcels: readonly FixtureParcel[]): void {
  const rs = String.fromCharCode(0x1e)
  writeFileSync(
    path,
    parcels
      .map(
        (p) =>
          `${rs}${JSON.stringify({ type: 'Feature', properties: { PIN: p.PIN, SCHOOL_DST: p.SCHOOL_DST }, geometry: p.geom })}\n`,
      )
      .join(''),
  )
}

const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)

/** Parcels no shape has, and how many rows repeat a key, in the CSV below. */
const CAMA_EXTRA_ROWS = ['19-9999']
const CAMA_REPEATED_KEY = '19-0002'

/** The assessor table: key column PARCEL_NO, the fixture's attributes, a TAX_DIST code with leading zeros. */
export function writeCamaCsv(path: string, parcels: readonly FixtureParcel[]): void {
  const head = ['PARCEL_NO', 'OWNER', 'TOTAL_VAL', 'ACRES', 'SALE_DT', 'ADDR', 'CITY', 'ZONING', 'TAX_DIST']
  const row = (p: Omit<FixtureParcel, 'geom'>, i: number) =>
    [
      p.PIN,
      p.OWNER,
      p.TOTAL_VAL,
      p.ACRES === null ? '' : String(p.ACRES),
      p.SALE_DT,
      p.ADDR,
      p.CITY,
      p.ZONING,
      String(i % 12).padStart(3, '0'),
    ]
      .map(quote)
      .join(',')
  const rows = parcels.map(row)
  const first = parcels.find((p) => p.PIN === CAMA_REPEATED_KEY)!
  rows.push(row({ ...first, OWNER: 'A LATER ROW' }, 0))
  for (const pin of CAMA_EXTRA_ROWS) rows.push(row({ ...first, PIN: pin, OWNER: 'NO SHAPE FOR ME' }, 0))
  writeFileSync(path, `\uFEFF${head.join(',')}\r\n${rows.join('\r\n')}\r\n`)
}

/**
 * A county of `n` square parcels on a grid (PIN W-1, W-2, …; owner OWNER n), for the wide assessor
 * table below.
 */
export function gridParcels(n: number): FixtureParcel[] {
  const perRow = Math.ceil(Math.sqrt(n))
  return Array.from({ length: n }, (_, i) => ({
    PIN: `W-${i + 1}`,
    OWNER: `OWNER ${i + 1}`,
    TOTAL_VAL: '',
    ACRES: null,
    SALE_DT: '',
    ADDR: '',
    CITY: '',
    ZONING: '',
    SCHOOL_DST: '',
    geom: { type: 'MultiPolygon', coordinates: [cellRect(i % perRow, Math.floor(i / perRow))] },
  }))
}

/**
 * An assessor table as wide as some offices export (issue 39: a 3.5 MB CSV of 5,000 columns took a
 * load to 623 MB): PARCEL_NO, OWNER, then `columns` more (C1, C2, …) of short codes, one in three
 * empty.
 */
export function writeWideCamaCsv(
  path: string,
  parcels: readonly Pick<FixtureParcel, 'PIN' | 'OWNER'>[],
  columns: number,
): void {
  const names = Array.from({ length: columns }, (_, c) => `C${c + 1}`)
  const lines = [['PARCEL_NO', 'OWNER', ...names].join(',')]
  for (const [i, p] of parcels.entries()) {
    const values = names.map((_, c) => ((i + c) % 3 === 0 ? '' : String((i * 7 + c * 13) % 997)))
    lines.push([quote(p.PIN), quote(p.OWNER), ...values].join(','))
  }
  writeFileSync(path, `${lines.join('\n')}\n`)
}
