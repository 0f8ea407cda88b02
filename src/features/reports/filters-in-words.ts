/**
 * A search's set-up as a sentence a reader of the printout understands: "Within 2 drawn areas
 * (Story County, IA); acres at least 40; land use is one of Agricultural – cropland, Pasture".
 * Values are shown as the app shows them (dollars, acres), operators in words.
 */
import type { FilterItem } from '../../../contract/schemas'
import { fieldFormat } from '../../format/field-formats'
import { formatValue } from '../../format/format-value'
import { columnLabel } from '../../format/record-columns'

const show = (field: string, v: unknown) => formatValue(v, fieldFormat(field, v))

function list(field: string, v: FilterItem['value']): string {
  const items = Array.isArray(v) ? v : [v]
  const shown = items.slice(0, 6).map((x) => show(field, x))
  return shown.join(', ') + (items.length > 6 ? ` and ${items.length - 6} more` : '')
}

function filterInWords(f: FilterItem): string {
  const label = columnLabel(f.field)
  const one = () => show(f.field, Array.isArray(f.value) ? f.value[0] : f.value)
  switch (f.op) {
    case 'eq':
      return `${label} is ${one()}`
    case 'ne':
      return `${label} is not ${one()}`
    case 'gt':
      return `${label} over ${one()}`
    case 'gte':
      return `${label} at least ${one()}`
    case 'lt':
      return `${label} under ${one()}`
    case 'lte':
      return `${label} at most ${one()}`
    case 'between': {
      const [lo, hi] = Array.isArray(f.value) ? f.value : [f.value, f.value]
      return `${label} between ${show(f.field, lo)} and ${show(f.field, hi)}`
    }
    case 'in':
      return `${label} is one of ${list(f.field, f.value)}`
    case 'nin':
      return `${label} is none of ${list(f.field, f.value)}`
    case 'ilike':
      return `${label} matches "${String(f.value ?? '')}"`
    case 'isnull':
      return `${label} ${f.value === false ? 'has a value' : 'is empty'}`
    default:
      return `${label} ${f.op} ${String(f.value ?? '')}`
  }
}

export function searchInWords(s: {
  mode: 'area' | 'direct'
  areas: readonly { label?: string }[]
  filters: readonly FilterItem[]
}): string {
  const parts: string[] = []
  if (s.mode === 'area') {
    const names = [...new Set(s.areas.map((a) => a.label).filter(Boolean))]
    const n = s.areas.length
    parts.push(`Within ${n} area${n === 1 ? '' : 's'}${names.length ? ` (${names.join(', ')})` : ''}`)
  } else parts.push('Filters only (no area)')
  for (const f of s.filters) parts.push(filterInWords(f))
  return `${parts.join('; ')}.`
}
