/**
 * The parse as a search: its filter rows plus the scope's rows (state_fp, county_fp), ready for
 * POST /parcels/query, and the Plat link that opens them set up but not run (docs/url-format.md:
 * `m=d` direct query when no area is named, `f` filters, `o` order, `t` theme, `v` last). The area
 * the words name has no polygon yet, so the link leaves it to the app.
 */
import { encodeFilters } from '../../contract/link-filters'
import type { FilterItem } from '../../contract/schemas'
import type { WordsParse } from '../../contract/words/words-types'

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

export function wordsLink(parse: WordsParse, filters: readonly FilterItem[]): string {
  const params: string[] = []
  if (!parse.area) params.push('m=d')
  if (filters.length) {
    params.push(`f=${encodeFilters(filters)}`)
  }
  if (parse.order) params.push(`o=${parse.order.field}.${parse.order.direction === 'desc' ? 'd' : 'a'}`)
  if (parse.theme) params.push(`t=${parse.theme.id}`)
  params.push('v=1')
  return `/?${params.join('&')}`
}
