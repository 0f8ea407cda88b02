/**
 * Ordering as the server documents it, evaluated locally over records the API returned. The filter
 * semantics are `contract/filter-match.ts` (tests accept either null mode but require the server to
 * be consistent with one).
 */
import type { Order, Parcel } from './data'

/** Numbers numerically, strings by code unit (the C collation); nulls are not compared here. */
function compareValues(a: unknown, b: unknown): number {
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
