/** A short description of a search for file names and saved-search names ("2 areas, state IA, crop Corn"). */
import { fieldDef } from '../../contract/fields'
import type { FilterItem } from '../../contract/schemas'

const valueText = (v: FilterItem['value']) =>
  Array.isArray(v) ? v.slice(0, 3).join(' or ') + (v.length > 3 ? '…' : '') : v === undefined ? '' : String(v)

/** The areas by name where they all have one ("Story County, IA"), else by count ("2 areas"). */
function describeAreas(areas: readonly { label?: string }[]): string {
  const names = [...new Set(areas.map((a) => a.label))]
  if (areas.length > 0 && names.every((n) => n)) {
    return names.slice(0, 2).join(' and ') + (names.length > 2 ? ` +${names.length - 2} more` : '')
  }
  return `${areas.length} area${areas.length === 1 ? '' : 's'}`
}

export function describeSearch(s: {
  mode: 'area' | 'direct'
  areas: readonly { label?: string }[]
  filters: readonly FilterItem[]
}): string {
  const parts: string[] = []
  if (s.mode === 'area') parts.push(describeAreas(s.areas))
  for (const f of s.filters.slice(0, 3)) {
    const label = fieldDef(f.field)?.label ?? f.field
    const op =
      {
        eq: '',
        in: '',
        gt: '>',
        gte: '≥',
        lt: '<',
        lte: '≤',
        ne: 'not',
        nin: 'not',
        between: '',
        ilike: '~',
        isnull: '',
      }[f.op] ?? f.op
    parts.push(
      f.op === 'isnull'
        ? `${label} ${f.value ? 'empty' : 'set'}`
        : `${label} ${op ? `${op} ` : ''}${valueText(f.value)}`,
    )
  }
  if (s.filters.length > 3) parts.push(`+${s.filters.length - 3} filters`)
  return parts.join(', ') || 'all parcels'
}
