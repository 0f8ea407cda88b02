/**
 * The legend's rows for a theme over the loaded results: every class of a range theme (so the
 * scale reads the same from search to search), and for crops only the classes present, commonest
 * first (34 CDL classes would bury the few a search has). Each row counts the loaded results in it.
 */
import { classify, NO_VALUE_COLOR, OTHER_COLOR, type Theme, themeProps } from './themes'

export interface LegendRow {
  label: string
  color: string
  count: number
}

export function legendRows(theme: Theme, records: readonly (Record<string, unknown> | undefined)[]): LegendRow[] {
  if (theme.kind === 'plain' || theme.prop === null) return []
  const prop = theme.prop
  const counts = new Array<number>(theme.classes.length).fill(0)
  let other = 0
  let none = 0
  for (const r of records) {
    if (!r) continue
    const c = classify(theme, themeProps(r)[prop])
    if (c === 'none') none++
    else if (c === 'other') other++
    else counts[c] = (counts[c] ?? 0) + 1
  }
  let rows = theme.classes.map((c, i) => ({ label: c.label, color: c.color, count: counts[i] ?? 0 }))
  if (theme.kind === 'categories') {
    rows = rows.filter((r) => r.count > 0).sort((a, b) => b.count - a.count)
    if (other > 0) rows.push({ label: 'Other', color: OTHER_COLOR, count: other })
  }
  if (none > 0) rows.push({ label: 'No value', color: NO_VALUE_COLOR, count: none })
  return rows
}
