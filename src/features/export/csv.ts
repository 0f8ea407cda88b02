/**
 * Records as CSV rows. The header row uses field *names*, not labels: names are unique, stable
 * across releases and match the API, so a file can be re-imported or joined reliably; labels can
 * collide and change wording. The cells themselves are written by formats/csv.ts.
 */
import type { ParcelRecord } from '../../../contract/schemas'
import { csvRow } from '../../../formats/csv'
import { columnValue, exportName } from '../../format/record-columns'

/** The header row: each column's export name (the Buildings count is `building_count`). */
export function csvHeader(columns: readonly string[]): string {
  return csvRow(columns.map(exportName))
}

export function csvRecordRow(record: ParcelRecord, columns: readonly string[]): string {
  return csvRow(columns.map((c) => columnValue(record, c)))
}
