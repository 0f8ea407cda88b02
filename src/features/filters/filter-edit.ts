/**
 * Pure transitions for editing one filter: what value a new operator starts with, what survives a
 * change of field or operator, and how typed/pasted text becomes `in` list items.
 */
import { type FieldGroup, fieldDef, type Operator, operatorsFor } from '../../../contract/fields'
import type { FilterItem } from '../../../contract/schemas'
import { toNumber } from '../../format/format-value'

type Value = FilterItem['value']

/**
 * Text fields whose values are a fixed list of ids (contract/rotation.ts): they open on "is" with
 * the list, like the other enum filters, not as a free-text "contains" box nobody knows the ids for.
 */
const LISTED_TEXT_FIELDS: ReadonlySet<string> = new Set(['rotation'])

/** The operator a freshly chosen field starts with: the one people want most often for it. */
export function defaultOperator(field: string): Operator {
  const def = fieldDef(field)
  if (!def || LISTED_TEXT_FIELDS.has(field)) return 'eq'
  if (def.group === 'text') return 'ilike'
  if (def.group === 'numeric') return 'gte'
  return 'eq'
}

/** An empty value of the shape `op` takes (validation then says what is missing). */
export function emptyValueFor(op: string): Value {
  if (op === 'isnull') return true
  if (op === 'between') return [] as number[]
  if (op === 'in' || op === 'nin') return [] as string[]
  return ''
}

export function newFilter(field = 'acres'): FilterItem {
  const op = defaultOperator(field)
  return { field, op, value: emptyValueFor(op) }
}

/**
 * Switching field keeps the operator when the new field allows it, and the value when it still
 * fits the field's group (a number stays a number for numeric fields, text for text fields).
 */
export function changeField(filter: FilterItem, field: string): FilterItem {
  const ops = operatorsFor(field)
  const keeps = ops.includes(filter.op as Operator) && !(LISTED_TEXT_FIELDS.has(field) && filter.op === 'ilike')
  const op = keeps ? filter.op : defaultOperator(field)
  const group = fieldDef(field)?.group
  const sameGroup = group !== undefined && group === fieldDef(filter.field)?.group
  if (op === filter.op && sameGroup) return { field, op, value: filter.value }
  if (op === filter.op) return { field, op, value: coerceValue(filter.value, op, group) }
  return { field, op, value: emptyValueFor(op) }
}

/** Switching operator keeps what still makes sense: a scalar across scalar ops, a list across in/nin. */
export function changeOperator(filter: FilterItem, op: string): FilterItem {
  const kind = (o: string) => (o === 'in' || o === 'nin' ? 'list' : o === 'between' || o === 'isnull' ? o : 'scalar')
  const value = kind(op) === kind(filter.op) ? filter.value : emptyValueFor(op)
  return { ...filter, op, value }
}

function coerceValue(value: Value, op: string, group: FieldGroup | undefined): Value {
  if (group !== 'numeric') {
    if (Array.isArray(value)) return value.map(String)
    return typeof value === 'number' ? String(value) : value
  }
  if (Array.isArray(value)) return value.map((v) => toNumber(v) ?? v)
  if (typeof value === 'string' && value !== '') return toNumber(value) ?? value
  return value ?? emptyValueFor(op)
}

/**
 * Pasted or typed list text → items. Commas, semicolons, tabs and newlines separate (spreadsheet
 * columns paste as newlines); surrounding quotes go; duplicates go. For numeric fields each item is
 * a number when it parses, else it stays a string so validation can name the problem.
 */
export function parseListText(text: string, numeric: boolean): (string | number)[] {
  const out: (string | number)[] = []
  const seen = new Set<string>()
  for (const raw of text.split(/[,;\t\r\n]+/)) {
    const token = raw
      .trim()
      .replace(/^(["'])(.*)\1$/, '$2')
      .trim()
    if (token === '') continue
    const item = numeric ? (toNumber(token) ?? token) : token
    const key = `${typeof item}:${item}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push(item)
  }
  return out
}

/** Appends new items to a list value without duplicates. */
export function addListItems(current: Value, items: readonly (string | number)[]): (string | number)[] {
  const list = Array.isArray(current) ? [...current] : []
  const seen = new Set(list.map((v) => `${typeof v}:${v}`))
  for (const item of items) {
    const key = `${typeof item}:${item}`
    if (!seen.has(key)) {
      seen.add(key)
      list.push(item)
    }
  }
  return list
}

/** A number input's text → the filter value: a number when it parses, else the raw text (flagged by validation). */
export function parseNumberInput(text: string): number | string {
  return toNumber(text) ?? text
}

const CROP_FIELD = 'cdl_majority_category'
/** The land-use class picker's field (issue 23): an extension of our server. */
export const LAND_USE_FIELD = 'land_use_class'

/**
 * Index of the filter a standalone picker edits: the first `<field> in [...]` (the crop types'
 * `cdl_majority_category`, the land-use classes' `land_use_class`).
 */
export function pickerFilterIndex(filters: readonly FilterItem[], field: string): number {
  return filters.findIndex((f) => f.field === field && f.op === 'in')
}

export function pickerSelection(filters: readonly FilterItem[], field: string): string[] {
  const f = filters[pickerFilterIndex(filters, field)]
  return f && Array.isArray(f.value) ? f.value.map(String) : []
}

/** Writes a picker's choice back: update its filter in place, add it, or drop it when nothing is picked. */
export function applyPickerSelection(
  filters: readonly FilterItem[],
  field: string,
  values: readonly string[],
): FilterItem[] {
  const i = pickerFilterIndex(filters, field)
  if (values.length === 0) return i < 0 ? [...filters] : filters.filter((_, j) => j !== i)
  const filter: FilterItem = { field, op: 'in', value: [...values] }
  if (i < 0) return [...filters, filter]
  return filters.map((f, j) => (j === i ? filter : f))
}

/** Index of the filter the standalone crop picker edits: the first `cdl_majority_category in [...]`. */
export const cropFilterIndex = (filters: readonly FilterItem[]): number => pickerFilterIndex(filters, CROP_FIELD)

export const cropSelection = (filters: readonly FilterItem[]): string[] => pickerSelection(filters, CROP_FIELD)

export const applyCropSelection = (filters: readonly FilterItem[], names: readonly string[]): FilterItem[] =>
  applyPickerSelection(filters, CROP_FIELD, names)
