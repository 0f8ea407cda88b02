/**
 * The parse as the Plat link that opens its search set up but not run (its filters from
 * contract/words/search-filters.ts; docs/url-format.md: `m=d` direct query when no area is named,
 * `f` filters, `o` order, `t` theme, `v` last). The area the words name has no polygon yet, so the
 * link leaves it to the app.
 */
import { encodeFilters } from '../../contract/link-filters'
import type { FilterItem } from '../../contract/schemas'
import type { WordsParse } from '../../contract/words/words-types'

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
