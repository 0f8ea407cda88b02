/**
 * Which `POST /parcels/query` pages are heavy work (issue 39 §1). Lanes were chosen by endpoint: only
 * area searches went to the heavy lane, so a page with a 50,000-value `in`/`nin` list shared the
 * first-come queue with point lookups — `owner nin` 50,000 values took point p99 to 7.1 s and
 * `sale_date in` 50,000 to 3.7 s on the embedded database. A list above `HEAVY_LIST_VALUES` now marks
 * the page heavy: it waits behind cheap statements, takes turns by key (pglite-queue.ts; on PostgreSQL
 * it stays off the connections kept for cheap work) and counts against the key's heavy-query slots.
 * The app's own pages (`svc_uuid in` at most 100 values) stay cheap.
 */
import type { FilterItem } from '../../contract/schemas'

/** Values in one `in`/`nin` list above which a query page is heavy (docs/api.md, "API choices"). */
export const HEAVY_LIST_VALUES = 1_000

export function isHeavyQuery(filters: readonly Pick<FilterItem, 'op' | 'value'>[]): boolean {
  return filters.some(
    (f) => (f.op === 'in' || f.op === 'nin') && Array.isArray(f.value) && f.value.length > HEAVY_LIST_VALUES,
  )
}
