/**
 * The parse as the filters of a search: its rows plus the scope's rows (state_fp, county_fp), ready
 * for POST /parcels/query. One home for GET /parse-query and the app's words box, so the app runs
 * the very search the API's answer and link describe.
 */
import type { FilterItem } from '../schemas'
import type { WordsParse } from './words-types'

export function searchFilters(parse: WordsParse): FilterItem[] {
  const rows: FilterItem[] = parse.filters.map(({ field, op, value }) => ({
    field,
    op,
    value: typeof value === 'object' ? [...value] : value,
  }))
  const scope = parse.scope
  if (scope) rows.push({ field: 'state_fp', op: 'eq', value: scope.fips.slice(0, 2) })
  if (scope?.kind === 'county') rows.push({ field: 'county_fp', op: 'eq', value: scope.fips.slice(2) })
  return rows
}
