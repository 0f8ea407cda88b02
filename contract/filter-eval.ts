/**
 * A query's filters and order evaluated in memory, as our server evaluates them in SQL (README "API
 * choices"): filters ANDed; `ne`/`nin` never match a null; `ilike` a case-insensitive substring with
 * `%`/`_` literal; numbers given for text and identifier fields compared as their decimal text; order
 * with nulls last in both directions and ties broken by `svc_uuid` ascending. For records held in the
 * browser (an offline field pack, issue 24), so the table, filters and themes work with no signal.
 * The extension fields `rotation` and `corn_years_5` are derived from `cdl_history` for records that
 * do not carry them (servers without the extension columns), as the map theme does.
 *
 * Production code, unlike `filter-match.test-support.ts` (the API tests' oracle, which also models
 * other servers' null handling); `filter-eval.test.ts` checks the two agree on our server's rules.
 */
import { fieldDef } from './fields'
import { cornYearsOf, rotationOf } from './rotation'
import type { FilterItem, OrderItem } from './schemas'

type Rec = Readonly<Record<string, unknown>>

const isNull = (v: unknown): boolean => v === null || v === undefined

/** The value a filter or order sees: the record's own, or an extension column derived from its history. */
function fieldValue(record: Rec, field: string): unknown {
  const v = record[field]
  if (v !== undefined) return v
  if (field === 'rotation') return rotationOf(record)
  if (field === 'corn_years_5') return cornYearsOf(record)
  return undefined
}

/** Text and identifier fields compare as text (a number given for one is its decimal text). */
function normalize(field: string, x: unknown): unknown {
  const group = fieldDef(field)?.group
  if (group === 'numeric') return typeof x === 'string' && x.trim() !== '' ? Number(x) : x
  return typeof x === 'number' ? String(x) : x
}

function asText(v: unknown): unknown {
  return typeof v === 'number' ? String(v) : v
}

export function filterMatches(record: Rec, filter: Pick<FilterItem, 'field' | 'op' | 'value'>): boolean {
  const numeric = fieldDef(filter.field)?.group === 'numeric'
  const raw = fieldValue(record, filter.field)
  const v = numeric ? raw : asText(raw)
  const x = filter.value
  const one = normalize(filter.field, x)
  const list = Array.isArray(x) ? x.map((e) => normalize(filter.field, e)) : []
  switch (filter.op) {
    case 'isnull':
      return x === true ? isNull(v) : !isNull(v)
    case 'eq':
      return !isNull(v) && v === one
    case 'ne':
      return !isNull(v) && v !== one
    case 'in':
      return !isNull(v) && list.includes(v)
    case 'nin':
      return !isNull(v) && !list.includes(v)
    case 'gt':
      return typeof v === 'number' && v > (one as number)
    case 'gte':
      return typeof v === 'number' && v >= (one as number)
    case 'lt':
      return typeof v === 'number' && v < (one as number)
    case 'lte':
      return typeof v === 'number' && v <= (one as number)
    case 'between': {
      const [lo, hi] = list as [number, number]
      return typeof v === 'number' && v >= lo && v <= hi
    }
    case 'ilike':
      return typeof v === 'string' && v.toLowerCase().includes(String(x).toLowerCase())
    default:
      return false
  }
}

export function recordMatches(record: Rec, filters: readonly Pick<FilterItem, 'field' | 'op' | 'value'>[]): boolean {
  return filters.every((f) => filterMatches(record, f))
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
    const va = fieldValue(a, order.field)
    const vb = fieldValue(b, order.field)
    if (isNull(va) || isNull(vb)) return isNull(va) === isNull(vb) ? byId(a, b) : isNull(va) ? 1 : -1
    return dir * compareValues(va, vb) || byId(a, b)
  })
}
