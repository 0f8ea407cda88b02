/**
 * Which columns an export carries. Geometry and buildings never become columns: they have their
 * own representation (GeoJSON/KML geometry) and would be unreadable JSON blobs in a spreadsheet.
 */
import { FIELDS } from '../../contract/fields'
import { HISTORY_FIELD } from '../../contract/rotation'
import type { ParcelRecord } from '../../contract/schemas'
import { historyColumns, historyValue } from './history-columns'

/** Not a record key: the number of building footprints loaded for the parcel. */
export const BUILDING_COUNT = 'building_count'

const NOT_COLUMNS = new Set(['geom', 'buildings'])

/** Drop undefined rows (on-demand loading leaves holes) so every exporter sees only real records. */
export function loadedRecords(rows: readonly (ParcelRecord | undefined)[]): ParcelRecord[] {
  const out: ParcelRecord[] = []
  for (const r of rows) if (r) out.push(r)
  return out
}

/**
 * Catalog fields first (a stable, documented order), then any extra keys seen in the records in
 * first-seen order — the server may send more than the catalog lists and an "all fields" export
 * should not silently lose them.
 */
export function allColumns(records: readonly ParcelRecord[]): string[] {
  const cols = FIELDS.map((f) => f.name)
  const seen = new Set(cols)
  let anyBuildings = false
  for (const r of records) {
    for (const key of Object.keys(r)) {
      if (NOT_COLUMNS.has(key) || seen.has(key) || key === HISTORY_FIELD) continue
      seen.add(key)
      cols.push(key)
    }
    if (Array.isArray(r.buildings)) anyBuildings = true
  }
  if (anyBuildings && !seen.has(BUILDING_COUNT)) cols.push(BUILDING_COUNT)
  return [...cols, ...historyColumns(records).filter((c) => !seen.has(c))]
}

/** The table's visible columns, minus anything that cannot be a cell; never empty. */
export function visibleExportColumns(visible: readonly string[]): string[] {
  const cols = [...new Set(visible.filter((c) => !NOT_COLUMNS.has(c)))]
  return cols.length > 0 ? cols : ['svc_uuid']
}

export function columnValue(record: ParcelRecord, column: string): unknown {
  if (column === BUILDING_COUNT && !(BUILDING_COUNT in record)) {
    return Array.isArray(record.buildings) ? record.buildings.length : null
  }
  const history = record[column] === undefined || column === HISTORY_FIELD ? historyValue(record, column) : undefined
  return history !== undefined ? history : record[column]
}
