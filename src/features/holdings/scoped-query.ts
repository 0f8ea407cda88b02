/**
 * A filter set over every covered county, read in full, in the fewest calls the spec allows.
 * Spec rule 3: a filter on `owner`, `parcel_id`, `situs` or `mail_addr` needs a filter on `state_fp`,
 * `state` or `county_fp` in the same request — any operator, so `state in [IA, KS, CA]` scopes one
 * query to every covered state at once. Pages hold 100 records (the schema's maximum), ordered by
 * svc_uuid so offset paging is stable. So:
 *
 *   calls = max(1, ⌈n / 100⌉)   n = matching parcels in the covered states (n ≤ 10,100)
 *
 * Past the offset cap (offset ≤ 10,000, so 10,100 records) the scope is split by state, then by
 * county, each part paged the same way: calls = Σ_parts max(1, ⌈n_part / 100⌉). A server that reads
 * rule 3 as "one state" and answers 400 to the `in` gets one query per state from then on (the
 * refused call is an error, which the spec's allowance does not count on our server).
 */
import { MAX_LIMIT, MAX_OFFSET } from '../../../contract/limits'
import type { FilterItem, OrderItem, ParcelRecord, QueryRequest } from '../../../contract/schemas'
import { Cancelled, type QuerySourceLike, type Runner } from '../../calls/runner'

export const PAGE = MAX_LIMIT
/** Records offset paging reaches: the last page starts at offset 10,000. */
export const REACHABLE = MAX_OFFSET + PAGE
const ID_ORDER: OrderItem = { field: 'svc_uuid', direction: 'asc' }

/** Query calls to read `count` matches (one call learns the count even when it is 0). */
export const pagesFor = (count: number): number => Math.max(1, Math.ceil(Math.min(count, REACHABLE) / PAGE))

export interface ScopeCounty {
  state: string
  county_fp: string
}

/** A part of the coverage one query is scoped to. */
export type Scope = { states: string[] } | { state: string; county_fp: string }

function scopeFilters(scope: Scope): FilterItem[] {
  if ('county_fp' in scope)
    return [
      { field: 'state', op: 'eq', value: scope.state },
      { field: 'county_fp', op: 'eq', value: scope.county_fp },
    ]
  const states = [...scope.states].sort()
  return [
    states.length === 1
      ? { field: 'state', op: 'eq', value: states[0] as string }
      : { field: 'state', op: 'in', value: states },
  ]
}

export function pageBody(filters: readonly FilterItem[], scope: Scope, offset: number): QueryRequest {
  return { filters: [...filters, ...scopeFilters(scope)], order: ID_ORDER, limit: PAGE, offset }
}

export interface ScopedResult {
  records: ParcelRecord[]
  /** Matches per part queried (the formula's n_part). */
  counts: number[]
  /** Matches beyond the offset cap even in a single county: not all were read. */
  capped: boolean
}

export interface ScopedOptions {
  /** Asked once the first page told the size, when more than `confirmAbove` calls remain. */
  confirm?(calls: number, records: number): Promise<boolean>
  confirmAbove?: number
  /** The server refused `state in` as a scope: query state by state (remembered by the caller). */
  perState?: boolean
  onScopeRefused?(): void
}

const statesOf = (counties: readonly ScopeCounty[]): string[] => [...new Set(counties.map((c) => c.state))].sort()

/**
 * Reads every record matching `filters` in the covered counties. Throws `Cancelled` when the
 * user declines the cost or the signal aborts.
 */
export async function loadScoped(
  runner: Runner,
  source: QuerySourceLike,
  filters: readonly FilterItem[],
  counties: readonly ScopeCounty[],
  opts: ScopedOptions = {},
): Promise<ScopedResult> {
  const states = statesOf(counties)
  if (states.length === 0) return { records: [], counts: [], capped: false }
  let scopes: Scope[] = opts.perState ? states.map((s) => ({ states: [s] })) : [{ states }]
  runner.plan(scopes.length)
  // First pages: they tell each part's size; a part past the offset cap is split further.
  const firsts: { scope: Scope; count: number; records: ParcelRecord[] }[] = []
  while (scopes.length > 0) {
    const next: Scope[] = []
    await runner.pool(scopes, async (scope) => {
      let page: Awaited<ReturnType<QuerySourceLike['fetch']>>['value']
      try {
        page = await runner.get(source, pageBody(filters, scope, 0))
      } catch (e) {
        if (!('states' in scope) || scope.states.length < 2 || !refusedScope(e)) throw e
        opts.onScopeRefused?.()
        const parts = scope.states.map((s) => ({ states: [s] }))
        runner.plan(parts.length - 1)
        next.push(...parts)
        return
      }
      const parts = page.count > REACHABLE ? split(scope, counties) : null
      if (parts) {
        runner.plan(parts.length - 1)
        next.push(...parts)
      } else firsts.push({ scope, count: page.count, records: page.results })
    })
    scopes = next
  }
  const rest: QueryRequest[] = []
  for (const f of firsts)
    for (let offset = PAGE; offset < Math.min(f.count, REACHABLE); offset += PAGE)
      rest.push(pageBody(filters, f.scope, offset))
  runner.plan(rest.length)
  const total = firsts.reduce((s, f) => s + f.count, 0)
  if (opts.confirm && rest.length > (opts.confirmAbove ?? Number.POSITIVE_INFINITY)) {
    const misses = (await Promise.all(rest.map((b) => runner.cached(source, b)))).filter((c) => !c).length
    if (misses > (opts.confirmAbove ?? 0) && !(await opts.confirm(misses, total))) throw new Cancelled()
  }
  const pages = await runner.pool(rest, (b) => runner.get(source, b))
  const records = [...firsts.flatMap((f) => f.records), ...pages.flatMap((p) => p.results)]
  return {
    records: dedupe(records),
    counts: firsts.map((f) => f.count),
    capped: firsts.some((f) => f.count > REACHABLE),
  }
}

/** A part too big for offset paging: its states one by one, or a state's counties one by one. */
function split(scope: Scope, counties: readonly ScopeCounty[]): Scope[] | null {
  if ('county_fp' in scope) return null
  if (scope.states.length > 1) return scope.states.map((s) => ({ states: [s] }))
  const state = scope.states[0] as string
  const parts = counties.filter((c) => c.state === state).map((c) => ({ state, county_fp: c.county_fp }))
  return parts.length > 1 ? parts : null
}

/** A 400 about the geographic scope (not a field or operator the server does not know). */
function refusedScope(e: unknown): boolean {
  const err = e as { status?: number; detail?: unknown; message?: unknown }
  const text = `${String(err.detail ?? '')} ${String(err.message ?? '')}`
  return err.status === 400 && /scope/i.test(text)
}

function dedupe(records: ParcelRecord[]): ParcelRecord[] {
  const seen = new Set<string>()
  return records.filter((r) => {
    if (seen.has(r.svc_uuid)) return false
    seen.add(r.svc_uuid)
    return true
  })
}
