/**
 * The parse as a search: its filter rows plus the scope's rows (state_fp, county_fp), ready for
 * POST /parcels/query, and the Plat link that opens them set up but not run (docs/url-format.md:
 * `m=d` direct query when no area is named, `f` filters, `o` order, `t` theme, `v` last). The area
 * the words name has no polygon yet, so the link leaves it to the app.
 */
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

// The link format's value writing (src/features/share/filter-codec.ts), which the server cannot import.
const escapeText = (s: string) =>
  encodeURIComponent(s).replace(/[.!~*'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
const scalar = (v: unknown): string =>
  typeof v === 'boolean'
    ? v
      ? 't'
      : 'f'
    : typeof v === 'number'
      ? String(v).replace('e+', 'e')
      : `s${escapeText(String(v))}`

export function wordsLink(parse: WordsParse, filters: readonly FilterItem[]): string {
  const params: string[] = []
  if (!parse.area) params.push('m=d')
  if (filters.length) {
    const f = filters.map(
      (r) => `${r.field}:${r.op}:${Array.isArray(r.value) ? `l${r.value.map(scalar).join(',')}` : scalar(r.value)}`,
    )
    params.push(`f=${f.join('~')}`)
  }
  if (parse.order) params.push(`o=${parse.order.field}.${parse.order.direction === 'desc' ? 'd' : 'a'}`)
  if (parse.theme) params.push(`t=${parse.theme.id}`)
  params.push('v=1')
  return `/?${params.join('&')}`
}
