/**
 * The query semantics of the spec, evaluated locally over records the API returned. `ne`/`nin` on a
 * null value is not specified: 'sql' excludes nulls (plain `<>`), 'distinct' includes them
 * (`IS DISTINCT FROM`); tests accept either but require the server to be consistent with one.
 */
import type { Filter, Order, Parcel } from './data'

export type NullMode = 'sql' | 'distinct'

const isNull = (v: unknown) => v === null || v === undefined

export function matches(record: Parcel, filter: Filter, nullMode: NullMode = 'sql'): boolean {
  const v = record[filter.field]
  const x = filter.value
  switch (filter.op) {
    case 'isnull':
      return x === true ? isNull(v) : !isNull(v)
    case 'eq':
      return !isNull(v) && v === x
    case 'ne':
      return isNull(v) ? nullMode === 'distinct' : v !== x
    case 'in':
      return !isNull(v) && (x as unknown[]).includes(v)
    case 'nin':
      return isNull(v) ? nullMode === 'distinct' : !(x as unknown[]).includes(v)
    case 'gt':
      return typeof v === 'number' && v > (x as number)
    case 'gte':
      return typeof v === 'number' && v >= (x as number)
    case 'lt':
      return typeof v === 'number' && v < (x as number)
    case 'lte':
      return typeof v === 'number' && v <= (x as number)
    case 'between': {
      const [lo, hi] = x as [number, number]
      return typeof v === 'number' && v >= lo && v <= hi
    }
    case 'ilike':
      return typeof v === 'string' && v.toLowerCase().includes(String(x).toLowerCase())
    default:
      throw new Error(`oracle: unknown op ${filter.op}`)
  }
}

export const matchesAll = (record: Parcel, filters: readonly Filter[], nullMode: NullMode = 'sql') =>
  filters.every((f) => matches(record, f, nullMode))

/** Numbers numerically, strings by code unit (the C collation); nulls are not compared here. */
export function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  const sa = String(a)
  const sb = String(b)
  return sa < sb ? -1 : sa > sb ? 1 : 0
}

/** The server's documented order: by the field in its direction, ties by svc_uuid ascending. */
export function sortLikeServer(records: readonly Parcel[], order: Order): Parcel[] {
  const sign = order.direction === 'desc' ? -1 : 1
  return [...records].sort((a, b) => {
    const c = compareValues(a[order.field], b[order.field]) * sign
    if (c !== 0) return c
    return a.svc_uuid < b.svc_uuid ? -1 : a.svc_uuid > b.svc_uuid ? 1 : 0
  })
}
