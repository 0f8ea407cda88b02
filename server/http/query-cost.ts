/**
 * Which `POST /parcels/query` pages are heavy work (issue 39 §1). Lanes were chosen by endpoint: only
 * area searches went to the heavy lane, so a page with a 50,000-value `in`/`nin` list shared the
 * first-come queue with point lookups — `owner nin` 50,000 values took point p99 to 7.1 s and
 * `sale_date in` 50,000 to 3.7 s on the embedded database. A list above `HEAVY_LIST_VALUES` now marks
 * the page heavy: it waits behind cheap statements, takes turns by key (pglite-queue.ts; on PostgreSQL
 * it stays off the connections kept for cheap work) and counts against the key's heavy-query slots.
 * The app's own pages (`svc_uuid in` at most 100 values) stay cheap.
 */
import type { ValidationIssue } from '../../contract/errors'
import { MAX_IN_VALUES_NON_ID } from '../../contract/limits'
import { checkFieldAndOperator, checkFilterValue } from '../../contract/query-rules'
import type { FilterItem } from '../../contract/schemas'

/** Values in one `in`/`nin` list above which a query page is heavy (docs/api.md, "API choices"). */
export const HEAVY_LIST_VALUES = 1_000

export function isHeavyQuery(filters: readonly Pick<FilterItem, 'op' | 'value'>[]): boolean {
  return filters.some(
    (f) => (f.op === 'in' || f.op === 'nin') && Array.isArray(f.value) && f.value.length > HEAVY_LIST_VALUES,
  )
}

/**
 * An `in`/`nin` list over its cap, found before the body meets the schema: the schema checks every
 * value one by one (0.3–0.7 s of the event loop for 50,000, measured here at load 25), so a client
 * looping such pages held point lookups behind it although each page was refused (bench:api,
 * api-fairness-*). The answer is the one checkQueryRequest gives, a 422 at the filter's value; null
 * when no list is over a cap, or when an earlier filter is wrong in another way (the full check
 * answers that one, so the first faulty filter still decides between 400 and 422).
 */
export function overCapList(body: unknown): ValidationIssue | null {
  const filters = (body as { filters?: unknown } | null)?.filters
  if (!Array.isArray(filters)) return null
  const long = (f: unknown) =>
    Array.isArray((f as { value?: unknown } | null)?.value) &&
    (f as { value: unknown[] }).value.length > MAX_IN_VALUES_NON_ID
  if (!filters.some(long)) return null
  for (const [index, f] of filters.entries()) {
    if (typeof f !== 'object' || f === null || typeof f.field !== 'string' || typeof f.op !== 'string') return null
    if (checkFieldAndOperator(f)) return null
    const problem = checkFilterValue(f as FilterItem)
    if (problem) return long(f) ? { loc: ['body', 'filters', index, 'value'], msg: problem, type: 'value_error' } : null
  }
  return null
}
