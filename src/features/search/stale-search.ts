/**
 * Do the rows on screen still answer what is set up now (issue 18, problem 1)? The table, map,
 * totals, export and link all show the submitted search's rows; once the areas, filters, mode or
 * buildings toggle are edited without pressing Search, those rows answer the previous question and
 * every place that shows them must say so. "Same search" is the spec key's rule (same requests), so
 * a table sort that the table does locally or a renamed area is not an edit.
 */
import { fieldDef } from '../../../contract/fields'
import type { FilterItem } from '../../../contract/schemas'
import type { LoadPolicy, SearchSpec } from '../../state/search-spec'
import { serverSorted, specKey } from './spec-key'

export function isStale(submitted: SearchSpec | null, current: SearchSpec, policy: LoadPolicy): boolean {
  if (!submitted) return false
  return specKey(submitted, policy) !== specKey(current, policy)
}

const OPS: Record<string, string> = {
  eq: '=',
  ne: '≠',
  gt: '>',
  gte: '≥',
  lt: '<',
  lte: '≤',
  in: 'is',
  nin: 'is not',
  between: 'between',
  ilike: 'like',
}

function valueText(v: FilterItem['value']): string {
  if (Array.isArray(v)) return v.slice(0, 3).join(', ') + (v.length > 3 ? ` +${v.length - 3}` : '')
  return v === undefined || v === null ? '' : String(v)
}

/** "Acres ≥ 40": short enough for a notice line. */
export function filterText(f: FilterItem): string {
  const label = fieldDef(f.field)?.label ?? f.field
  if (f.op === 'isnull') return `${label} ${f.value ? 'empty' : 'set'}`
  if (f.op === 'between' && Array.isArray(f.value)) return `${label} ${f.value[0]}–${f.value[1]}`
  return `${label} ${OPS[f.op] ?? f.op} ${valueText(f.value)}`
}

const filterKey = (f: FilterItem) =>
  JSON.stringify([f.field, f.op, Array.isArray(f.value) ? [...f.value].sort() : f.value])
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

/** Counts of a multiset difference: items of `a` not matched by an equal item of `b`. */
function minus<T>(a: readonly T[], b: readonly T[], key: (t: T) => string): T[] {
  const left = new Map<string, number>()
  for (const x of b) left.set(key(x), (left.get(key(x)) ?? 0) + 1)
  return a.filter((x) => {
    const k = key(x)
    const n = left.get(k) ?? 0
    if (n === 0) return true
    left.set(k, n - 1)
    return false
  })
}

/**
 * What was edited since the search on screen ran, in words a person reads in one glance
 * ("1 area removed", "filter added: Acres ≥ 40"). Empty when nothing that changes the answer was.
 */
export function describeChanges(submitted: SearchSpec | null, current: SearchSpec, policy: LoadPolicy): string[] {
  if (!submitted || !isStale(submitted, current, policy)) return []
  const out: string[] = []
  if (submitted.mode !== current.mode) {
    out.push(current.mode === 'direct' ? 'now searching by filters only' : 'now searching drawn areas')
  } else if (current.mode === 'area') {
    const geo = (a: { geometry: unknown }) => JSON.stringify(a.geometry)
    const before = new Map(submitted.areas.map((a) => [a.id, geo(a)]))
    const after = new Map(current.areas.map((a) => [a.id, geo(a)]))
    let added = 0
    let removed = 0
    let edited = 0
    for (const [id, g] of after) {
      const was = before.get(id)
      if (was === undefined) added++
      else if (was !== g) edited++
    }
    for (const id of before.keys()) if (!after.has(id)) removed++
    if (added) out.push(`${plural(added, 'area')} added`)
    if (removed) out.push(`${plural(removed, 'area')} removed`)
    if (edited) out.push(`${plural(edited, 'area')} reshaped`)
  }
  for (const f of minus(current.filters, submitted.filters, filterKey)) out.push(`filter added: ${filterText(f)}`)
  for (const f of minus(submitted.filters, current.filters, filterKey)) out.push(`filter removed: ${filterText(f)}`)
  if (submitted.includeBuildings !== current.includeBuildings) {
    out.push(current.includeBuildings ? 'building footprints turned on' : 'building footprints turned off')
  }
  if (
    serverSorted(current, policy) &&
    JSON.stringify(submitted.order ?? null) !== JSON.stringify(current.order ?? null)
  ) {
    out.push('sort order changed')
  }
  // The key differs but none of the above names why (e.g. an area redrawn under a new id): still say it.
  if (out.length === 0) out.push('the search was edited')
  return out
}
