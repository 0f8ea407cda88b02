/**
 * A query's filters and order evaluated in memory, as our server evaluates them in SQL (docs/api.md "API
 * choices"): filters ANDed; `ne`/`nin` never match a null; `ilike` a case-insensitive substring with
 * `%`/`_` literal; numbers given for text and identifier fields compared as their decimal text; order
 * with nulls last in both directions and ties broken by `svc_uuid` ascending. For records held in the
 * browser (an offline field pack, issue 24), so the table, filters and themes work with no signal.
 * Extension fields are read as contract/extension-fields.ts derives them for records without them.
 *
 * The operators themselves are contract/filter-match.ts's (the one evaluator, also the API tests'
 * oracle); this module adds our server's reading of values and the order.
 */
import { readExtensionAware } from './extension-fields'
import { fieldDef } from './fields'
import { type FieldReader, type MatchFilter, matchesAll } from './filter-match'
import type { FilterItem, OrderItem } from './schemas'

type Rec = Readonly<Record<string, unknown>>

const isNull = (v: unknown): boolean => v === null || v === undefined
const numericField = (field: string): boolean => fieldDef(field)?.group === 'numeric'
const asText = (v: unknown): unknown => (typeof v === 'number' ? String(v) : v)

/** Text and identifier fields compare as text (a number given for one is its decimal text). */
function normalize(field: string, x: unknown): unknown {
  if (numericField(field)) return typeof x === 'string' && x.trim() !== '' ? Number(x) : x
  return asText(x)
}

/** Our server's reading of a record: extension columns derived, text and identifiers as text. */
const readAsOurServer: FieldReader = (record, field) => {
  const v = readExtensionAware(record, field)
  return numericField(field) ? v : asText(v)
}

function normalizeFilter(filter: Pick<FilterItem, 'field' | 'op' | 'value'>): MatchFilter {
  if (filter.op === 'isnull' || filter.op === 'ilike') return filter
  const x = filter.value
  return { ...filter, value: Array.isArray(x) ? x.map((e) => normalize(filter.field, e)) : normalize(filter.field, x) }
}

export function recordMatches(record: Rec, filters: readonly Pick<FilterItem, 'field' | 'op' | 'value'>[]): boolean {
  return matchesAll(record, filters.map(normalizeFilter), 'sql', readAsOurServer)
}

function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  const sa = String(a)
  const sb = String(b)
  return sa < sb ? -1 : sa > sb ? 1 : 0
}

/** Sorts a copy as our server orders a query (without `order`: `svc_uuid` ascending). */
export function orderRecords<T extends Rec>(records: readonly T[], order: OrderItem | null | undefined): T[] {
  const byId = (a: T, b: T) => compareValues(a.svc_uuid, b.svc_uuid)
  if (!order) return [...records].sort(byId)
  const dir = order.direction === 'desc' ? -1 : 1
  return [...records].sort((a, b) => {
    const va = readExtensionAware(a, order.field)
    const vb = readExtensionAware(b, order.field)
    if (isNull(va) || isNull(vb)) return isNull(va) === isNull(vb) ? byId(a, b) : isNull(va) ? 1 : -1
    return dir * compareValues(va, vb) || byId(a, b)
  })
}
