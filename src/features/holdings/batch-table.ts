/**
 * A pasted or imported list as a table: CSV with commas, semicolons (European spreadsheets), tabs
 * or pipes, quoted cells, a byte order mark, blank lines, CRLF — read by papaparse with every cell
 * kept as text, so parcel numbers keep their leading zeros ("0105100001" stays a string). Then which
 * columns hold parcel numbers, counties, states or coordinates is guessed from the header (or, for a
 * bare pasted list, from the values); the panel lets the user correct the guess.
 */
import Papa from 'papaparse'

export interface Table {
  /** Column names: the file's header, or "Column 1…n" when it has none. */
  header: string[]
  hasHeader: boolean
  rows: string[][]
  problems: string[]
}

/** A list longer than this is refused before any call is planned. */
const MAX_ROWS = 10_000

const NUMBER_NAMES =
  /^(apn|pin|parcel|parcels|parcel_?id|parcel ?(number|no\.?|num|#)|parcelnumber|parcel_num|tax ?id|account|folio)$/i
const COUNTY_NAMES = /^(county|county ?name|county_?fp|county ?fips|fips|cnty)$/i
const STATE_NAMES = /^(state|st|state ?abbr|state_?fp)$/i
const LAT_NAMES = /^(lat|latitude|y|lat_?dd|gps ?lat)$/i
const LON_NAMES = /^(lon|lng|long|longitude|x|lon_?dd|gps ?lon)$/i
const KNOWN = [NUMBER_NAMES, COUNTY_NAMES, STATE_NAMES, LAT_NAMES, LON_NAMES]

export function parseTable(input: string): Table {
  const text = input.replace(/^\uFEFF/, '')
  const parsed = Papa.parse<string[]>(text, {
    delimiter: '',
    delimitersToGuess: [',', ';', '\t', '|'],
    skipEmptyLines: 'greedy',
    dynamicTyping: false,
  })
  const problems: string[] = []
  const rows = parsed.data.map((r) => r.map((c) => c.trim()))
  for (const e of parsed.errors.slice(0, 3))
    if (e.type === 'Quotes')
      problems.push(`Row ${(e.row ?? 0) + 1}: a quoted cell is not closed; it was read to the end of the line.`)
  const first = rows[0] ?? []
  const hasHeader = first.some((c) => KNOWN.some((re) => re.test(c.replace(/[_\s]+/g, ' ').trim()) || re.test(c)))
  const width = Math.max(0, ...rows.map((r) => r.length))
  const header = hasHeader
    ? Array.from({ length: width }, (_, i) => first[i] || `Column ${i + 1}`)
    : Array.from({ length: width }, (_, i) => `Column ${i + 1}`)
  let body = hasHeader ? rows.slice(1) : rows
  if (body.length > MAX_ROWS) {
    problems.push(
      `The list has ${body.length.toLocaleString('en-US')} rows; only the first ${MAX_ROWS.toLocaleString('en-US')} are looked up.`,
    )
    body = body.slice(0, MAX_ROWS)
  }
  return { header, hasHeader, rows: body.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? '')), problems }
}

export interface ColumnGuess {
  kind: 'numbers' | 'points'
  number: number | null
  county: number | null
  state: number | null
  lat: number | null
  lon: number | null
}

const isCoord = (v: string, max: number) => /^[-+]?\d{1,3}(\.\d+)?$/.test(v) && Math.abs(Number(v)) <= max

export function guessColumns(t: Table): ColumnGuess {
  const find = (re: RegExp) => {
    const i = t.header.findIndex((h) => re.test(h.trim()) || re.test(h.replace(/[_\s]+/g, ' ').trim()))
    return i < 0 || !t.hasHeader ? null : i
  }
  let lat = find(LAT_NAMES)
  let lon = find(LON_NAMES)
  if ((lat === null || lon === null) && !t.hasHeader && t.header.length === 2) {
    // A bare pasted list of "lat, lon" pairs.
    const sample = t.rows.slice(0, 20)
    if (
      sample.length > 0 &&
      sample.every((r) => isCoord(r[0] ?? '', 90) && isCoord(r[1] ?? '', 180)) &&
      sample.some((r) => (r[0] ?? '').includes('.'))
    ) {
      lat = 0
      lon = 1
    }
  }
  if (lat !== null && lon !== null) return { kind: 'points', number: null, county: null, state: null, lat, lon }
  const number = find(NUMBER_NAMES) ?? 0
  const county = find(COUNTY_NAMES)
  return {
    kind: 'numbers',
    number: t.header.length > 0 ? number : null,
    county,
    state: find(STATE_NAMES),
    lat: null,
    lon: null,
  }
}
