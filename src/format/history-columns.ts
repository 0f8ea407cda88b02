/**
 * The crop history as flat export columns (issue 25): spreadsheets and GIS tools cannot read a
 * nested `cdl_history`, so it becomes `crop_history` ("C S C S C") and per year `cdl_YYYY` (class
 * name) and `cdl_YYYY_pct` (its share); `rotation` and `corn_years_5` are filled from the history
 * when the server did not send them.
 */
import { cornYearsOf, HISTORY_FIELD, historyOf, historyText, rotationOf } from '../../contract/rotation'
import type { ParcelRecord } from '../../contract/schemas'

const YEAR_COLUMN = /^cdl_(\d{4})(_pct)?$/

export function historyColumns(records: readonly ParcelRecord[]): string[] {
  const years = new Set<number>()
  for (const r of records) for (const y of historyOf(r)) years.add(y.year)
  if (years.size === 0) return []
  const sorted = [...years].sort((a, b) => a - b)
  return ['crop_history', ...sorted.flatMap((y) => [`cdl_${y}`, `cdl_${y}_pct`])]
}

/** The value of a history column, or undefined when `column` is not one. */
export function historyValue(record: ParcelRecord, column: string): unknown {
  if (column === 'crop_history' || column === HISTORY_FIELD) return historyText(historyOf(record)) || null
  if (column === 'rotation') return rotationOf(record)
  if (column === 'corn_years_5') return cornYearsOf(record)
  const m = YEAR_COLUMN.exec(column)
  if (!m || column in record) return undefined
  const entry = historyOf(record).find((y) => y.year === Number(m[1]))
  if (!entry) return null
  return m[2] ? entry.percent : entry.name
}

/** The flat columns of one record, for GeoJSON properties beside the nested history. */
export function flatHistory(record: ParcelRecord): Record<string, unknown> {
  const history = historyOf(record)
  if (history.length === 0) return {}
  const out: Record<string, unknown> = { crop_history: historyText(history), rotation: rotationOf(record) }
  for (const y of history) {
    out[`cdl_${y.year}`] = y.name
    out[`cdl_${y.year}_pct`] = y.percent
  }
  return out
}
