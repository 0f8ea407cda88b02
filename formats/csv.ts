/**
 * CSV (RFC 4180), both directions: writing for the results export, the mailing list and the comps
 * table; reading for the loader's CAMA join (server/load/readers/join-table.ts, streamed through
 * papaparse), which finds the delimiter with the rule here. Cells are written safe for spreadsheets
 * (OWASP CSV injection) and the file starts with a BOM, which Excel needs to see UTF-8.
 */

/** Excel only detects UTF-8 when the file starts with a byte order mark. */
export const CSV_BOM = '\uFEFF'
const CRLF = '\r\n'

// OWASP CSV injection: spreadsheet apps evaluate cells starting with these as formulas.
const FORMULA_START = /^[=+\-@\t\r]/
const NEEDS_QUOTES = /[",\r\n]/

/** Prefix a quote so a spreadsheet shows the text instead of evaluating it. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text
}

function quote(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/**
 * One cell. Real numbers are written as numbers (a negative number is data, not a formula); every
 * string — including a JSON rendering of an object — goes through formula neutralising.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  if (typeof value === 'bigint') return String(value)
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '')
  return quote(neutraliseFormula(text))
}

export function csvRow(values: readonly unknown[]): string {
  return values.map(csvCell).join(',') + CRLF
}

/** Small tables (mailing list, tests) that need no chunking. */
export function csvDocument(header: readonly string[], rows: readonly (readonly unknown[])[], bom = true): string {
  return (bom ? CSV_BOM : '') + csvRow(header) + rows.map(csvRow).join('')
}

/** The one of , ; tab | that a header line holds most of (assessors' tables use all four). */
export function csvDelimiter(headerLine: string): string {
  return [',', ';', '\t', '|'].sort((a, b) => headerLine.split(b).length - headerLine.split(a).length)[0] as string
}
