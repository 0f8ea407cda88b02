/**
 * The one record-column model: which columns a parcel record has, and each column's label, format,
 * width, value and text. The results table, the details card and every export read it, so a column
 * the table shows is the column an export writes.
 *
 * Columns are record keys, plus one derived column: `buildings`, the number of footprints loaded
 * with the parcel (records fetched with include_buildings carry them as an array). Geometry never
 * becomes a column: it has its own representation (the map, GeoJSON/KML geometry) and would be an
 * unreadable blob in a cell.
 */
import { FIELDS } from '../../contract/fields'
import { landUseClassOf } from '../../contract/land-use-classify'
import { HISTORY_FIELD } from '../../contract/rotation'
import type { ParcelRecord } from '../../contract/schemas'
import { type DisplayFormat, fieldFormat, fieldLabel } from './field-formats'
import { EMPTY, formatValue, isNumericFormat } from './format-value'
import { historyColumns, historyValue } from './history-columns'

/** The derived column: how many building footprints were loaded for the parcel. */
export const BUILDINGS_COLUMN = 'buildings'
/**
 * Its name in exported files. In a file, `buildings` would read as the footprints themselves (a KML
 * export writes those as placemarks of their own), so the count keeps the name exports always had.
 */
const BUILDINGS_EXPORT_NAME = 'building_count'

/** Record keys that are never a cell (the footprints array is a cell only as its count). */
const NOT_CELLS = new Set(['geom'])

export function isCellColumn(name: string): boolean {
  return !NOT_CELLS.has(name)
}

export function columnLabel(name: string): string {
  if (name === BUILDINGS_COLUMN) return 'Buildings'
  return fieldLabel(name)
}

function columnFormat(name: string): DisplayFormat {
  if (name === BUILDINGS_COLUMN) return 'integer'
  return fieldFormat(name)
}

export function isNumericColumn(name: string): boolean {
  return isNumericFormat(columnFormat(name))
}

const WIDE: Record<string, number> = { owner: 220, situs: 240, mail_addr: 240, legal: 280 }

export function columnWidth(name: string): number {
  const wide = WIDE[name]
  if (wide) return wide
  switch (columnFormat(name)) {
    case 'uuid':
      return 290
    case 'usd':
      return 120
    case 'acres':
    case 'percent':
    case 'meters':
    case 'integer':
    case 'decimal':
      return 100
    case 'date':
      return 116
    default:
      return name === 'state' || name === 'state_fp' ? 72 : 150
  }
}

/**
 * The raw value: what a table sorts by and an export writes (buildings: how many; the crop history,
 * an object, as one letter per year `C S C S C`, and its flat export columns from it).
 */
export function columnValue(record: ParcelRecord, name: string): unknown {
  if (name === BUILDINGS_COLUMN) return Array.isArray(record.buildings) ? record.buildings.length : null
  // Servers without the land-use class: the class the built-in rules read from code and description.
  if (name === 'land_use_class') return landUseClassOf(record)
  if (name === HISTORY_FIELD || record[name] === undefined) {
    const history = historyValue(record, name)
    if (history !== undefined) return history
  }
  return record[name]
}

/** The value as the table shows it. */
export function cellText(record: ParcelRecord, name: string): string {
  const v = columnValue(record, name)
  if (name === BUILDINGS_COLUMN) return v === null ? EMPTY : String(v)
  if (name === HISTORY_FIELD) return (v as string | null) ?? EMPTY
  return formatValue(v, columnFormat(name))
}

/** A column's name in a file's header (CSV) or data names (KML). */
export function exportName(name: string): string {
  return name === BUILDINGS_COLUMN ? BUILDINGS_EXPORT_NAME : name
}

function isScalar(v: unknown): boolean {
  return v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
}

/** Drop undefined rows (on-demand loading leaves holes) so every exporter sees only real records. */
export function loadedRecords(rows: readonly (ParcelRecord | undefined)[]): ParcelRecord[] {
  const out: ParcelRecord[] = []
  for (const r of rows) if (r) out.push(r)
  return out
}

/**
 * Every column the table offers: the contract's FIELDS, then other scalar keys seen in the first
 * loaded records, then Buildings when any record carries a buildings array.
 */
export function tableColumns(rows: readonly (ParcelRecord | undefined)[], sample = 200): string[] {
  const out: string[] = FIELDS.map((f) => f.name)
  const seen = new Set(out)
  let hasBuildings = false
  let looked = 0
  for (const r of rows) {
    if (looked >= sample) break
    if (!r) continue
    looked++
    if (Array.isArray(r.buildings)) hasBuildings = true
    for (const [k, v] of Object.entries(r)) {
      // The crop history is an object shown as one letter per year (`C S C S C`).
      if (seen.has(k) || k === BUILDINGS_COLUMN || !isCellColumn(k) || !(isScalar(v) || k === HISTORY_FIELD)) continue
      seen.add(k)
      out.push(k)
    }
  }
  if (hasBuildings) out.push(BUILDINGS_COLUMN)
  return out
}

/**
 * Every column an "all fields" export writes: catalog fields first (a stable, documented order),
 * then any extra keys of every record in first-seen order — the server may send more than the
 * catalog lists and such an export should not silently lose them — then Buildings.
 */
export function allColumns(records: readonly ParcelRecord[]): string[] {
  const cols = FIELDS.map((f) => f.name)
  const seen = new Set(cols)
  let anyBuildings = false
  for (const r of records) {
    for (const key of Object.keys(r)) {
      // The nested crop history is written as its flat columns (below), not as a JSON blob.
      if (key === BUILDINGS_COLUMN || key === HISTORY_FIELD || !isCellColumn(key) || seen.has(key)) continue
      seen.add(key)
      cols.push(key)
    }
    if (Array.isArray(r.buildings)) anyBuildings = true
  }
  // A server that sends its own building_count keeps it; ours would be a second column of that name.
  if (anyBuildings && !seen.has(BUILDINGS_EXPORT_NAME)) cols.push(BUILDINGS_COLUMN)
  return [...cols, ...historyColumns(records).filter((c) => !seen.has(c))]
}

/** The table's visible columns, minus anything that cannot be a cell; never empty. */
export function visibleExportColumns(visible: readonly string[]): string[] {
  const cols = [...new Set(visible.filter(isCellColumn))]
  return cols.length > 0 ? cols : ['svc_uuid']
}
