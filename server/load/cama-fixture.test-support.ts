/**
 * The fixture county split the way many counties publish it: parcel shapes carrying little more
 * than the parcel number, and the assessor's (CAMA) export as a CSV keyed by it, dirty as real
 * exports are (a BOM, CRLF, quoted fields with commas, a key column named otherwise, a row for a
 * parcel with no shape, a repeated key).
 */
import { writeFileSync } from 'node:fs'
import type { FixtureParcel } from './county-fixture.test-support'

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
