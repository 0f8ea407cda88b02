/** Column metadata for the results table: labels, widths and cell text, all from the contract. */
import { FIELDS } from '../../contract/fields'
import { HISTORY_FIELD } from '../../contract/rotation'
import type { ParcelRecord } from '../../contract/schemas'
import { type DisplayFormat, fieldFormat, fieldLabel } from '../format/field-formats'
import { EMPTY, formatValue, isEmptyValue, isNumericFormat } from '../format/format-value'
import { BUILDINGS_COLUMN } from './default-columns'

const EXCLUDED = new Set(['geom', BUILDINGS_COLUMN])

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

/** The raw value used for sorting (buildings: how many). */
export function columnValue(record: ParcelRecord, name: string): unknown {
  if (name === BUILDINGS_COLUMN) return Array.isArray(record.buildings) ? record.buildings.length : null
  if (name === HISTORY_FIELD) return isEmptyValue(record[name]) ? null : formatValue(record[name], 'history')
  return record[name]
}

export function cellText(record: ParcelRecord, name: string): string {
  const v = columnValue(record, name)
  if (name === BUILDINGS_COLUMN) return v === null ? EMPTY : String(v)
  return name === HISTORY_FIELD ? ((v as string | null) ?? EMPTY) : formatValue(v, columnFormat(name))
}

function isScalar(v: unknown): boolean {
  return v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
}

/**
 * Every pickable column: the contract's FIELDS, then other scalar keys seen in the first loaded
 * records, then the Buildings count when any record carries a buildings array.
 */
export function availableColumns(rows: readonly (ParcelRecord | undefined)[], sample = 200): string[] {
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
      if (seen.has(k) || EXCLUDED.has(k) || !(isScalar(v) || k === HISTORY_FIELD)) continue
      seen.add(k)
      out.push(k)
    }
  }
  if (hasBuildings) out.push(BUILDINGS_COLUMN)
  return out
}
