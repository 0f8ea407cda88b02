/**
 * RFC 4180 CSV. The header row uses field *names*, not labels: names are unique, stable across
 * releases and match the API, so a file can be re-imported or joined reliably; labels can collide
 * and change wording.
 */
import type { ParcelRecord } from '../../../contract/schemas'
import { columnValue, exportName } from '../../format/record-columns'

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

/** The header row: each column's export name (the Buildings count is `building_count`). */
export function csvHeader(columns: readonly string[]): string {
  return csvRow(columns.map(exportName))
}

export function csvRecordRow(record: ParcelRecord, columns: readonly string[]): string {
  return csvRow(columns.map((c) => columnValue(record, c)))
}

/** Small tables (mailing list, tests) that need no chunking. */
export function csvDocument(header: readonly string[], rows: readonly (readonly unknown[])[], bom = true): string {
  return (bom ? CSV_BOM : '') + csvRow(header) + rows.map(csvRow).join('')
}
