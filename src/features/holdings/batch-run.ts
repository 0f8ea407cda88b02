/**
 * Runs a list's plan (batch-plan.ts) through the cached sources and answers every row: its parcels,
 * or why none (unknown number, outside coverage, point in no parcel, unreadable row). Rows keep their
 * order and their own cells, so the export is the user's list with answers beside it.
 */
import type { FilterItem, ParcelRecord } from '../../../contract/schemas'
import type { PointSourceLike, QuerySourceLike, Runner } from '../../calls/runner'
import type { BatchPlan, NotFoundReason } from './batch-plan'
import { pointId } from './batch-plan'
import { PAGE, pageBody, type Scope } from './scoped-query'

export interface RowAnswer {
  /** 0-based position in the list (the user's order). */
  index: number
  records: ParcelRecord[]
  reason: NotFoundReason | null
  detail: string | null
}

export interface BatchResult {
  answers: RowAnswer[]
  /** Every parcel found, once, in list order. */
  records: ParcelRecord[]
  /** Matches per number query (the formula's m_c). */
  counts: number[]
  pointsAsked: number
}

export interface BatchOptions {
  onProgress?(done: number, planned: number): void
}

/** Parcel numbers compare without case and surrounding space (the query itself is exact). */
const numberKey = (v: unknown) =>
  String(v ?? '')
    .trim()
    .toUpperCase()

export async function runBatch(
  runner: Runner,
  sources: { query: QuerySourceLike; point: PointSourceLike },
  plan: BatchPlan,
  opts: BatchOptions = {},
): Promise<BatchResult> {
  let done = 0
  let planned = plan.numberQueries.length + plan.points.length
  const step = () => opts.onProgress?.(++done, planned)
  runner.plan(planned)
  opts.onProgress?.(0, planned)
  // Numbers: first pages of every county at once, then the rest of the pages.
  const found = new Map<string, ParcelRecord[]>()
  const counts: number[] = []
  const filtersOf = (numbers: string[]): FilterItem[] => [{ field: 'parcel_id', op: 'in', value: numbers }]
  const scopeOf = (q: BatchPlan['numberQueries'][number]): Scope => ({
    state: q.county.state,
    county_fp: q.county.county_fp,
  })
  const firsts = await runner.pool(plan.numberQueries, async (q) => {
    const page = await runner.get(sources.query, pageBody(filtersOf(q.numbers), scopeOf(q), 0))
    step()
    return page
  })
  const rest: { q: BatchPlan['numberQueries'][number]; offset: number }[] = []
  plan.numberQueries.forEach((q, i) => {
    const count = firsts[i]?.count ?? 0
    counts.push(count)
    for (let offset = PAGE; offset < count; offset += PAGE) rest.push({ q, offset })
  })
  planned += rest.length
  runner.plan(rest.length)
  const pages = await runner.pool(rest, async ({ q, offset }) => {
    const page = await runner.get(sources.query, pageBody(filtersOf(q.numbers), scopeOf(q), offset))
    step()
    return page
  })
  const all = [
    ...firsts.map((p, i) => ({ p, q: plan.numberQueries[i] })),
    ...pages.map((p, i) => ({ p, q: rest[i]?.q })),
  ]
  for (const { p, q } of all) {
    if (!q) continue
    for (const r of p.results) {
      const key = `${q.county.state_fp}${q.county.county_fp}|${numberKey(r.parcel_id)}`
      const list = found.get(key) ?? []
      if (!list.some((x) => x.svc_uuid === r.svc_uuid)) list.push(r)
      found.set(key, list)
    }
  }
  // Points: one call each (the cache answers repeats), in list order.
  const atPoint = new Map<string, ParcelRecord[]>()
  await runner.pool(plan.points, async (p) => {
    const res = await runner.get(sources.point, p)
    atPoint.set(pointId(p), res.results)
    step()
  })

  const answers = plan.lookups.map((l, index): RowAnswer => {
    if (l.kind === 'skip') return { index, records: [], reason: l.reason, detail: l.detail }
    if (l.kind === 'point') {
      const records = atPoint.get(pointId(l)) ?? []
      return records.length
        ? { index, records, reason: null, detail: null }
        : { index, records, reason: 'point in no parcel', detail: 'no parcel contains this point' }
    }
    const records = found.get(`${l.county.state_fp}${l.county.county_fp}|${numberKey(l.number)}`) ?? []
    return records.length
      ? { index, records, reason: null, detail: null }
      : {
          index,
          records,
          reason: 'unknown number',
          detail: `no parcel ${l.number} in ${l.county.county}, ${l.county.state}`,
        }
  })
  const seen = new Set<string>()
  const records: ParcelRecord[] = []
  for (const a of answers)
    for (const r of a.records)
      if (!seen.has(r.svc_uuid)) {
        seen.add(r.svc_uuid)
        records.push(r)
      }
  return { answers, records, counts, pointsAsked: plan.points.length }
}

/** The formula: Σ max(1, ⌈m_c/100⌉) over number queries + one per distinct point in coverage. */
export const batchCalls = (r: Pick<BatchResult, 'counts' | 'pointsAsked'>): number =>
  r.counts.reduce((s, m) => s + Math.max(1, Math.ceil(m / PAGE)), 0) + r.pointsAsked

/** Answer columns added after the user's own in the export. */
const ANSWER_COLUMNS = [
  'plat_match',
  'plat_reason',
  'plat_svc_uuid',
  'plat_parcel_id',
  'plat_owner',
  'plat_county',
  'plat_state',
  'plat_acres',
  'plat_parcel_value',
  'plat_situs',
] as const

/**
 * The list with its answers, in the user's order with the user's columns first: one line per parcel
 * found (a number shared by a stack, a point on a boundary), one line with the reason otherwise.
 */
export function answersTable(
  header: readonly string[],
  rows: readonly string[][],
  answers: readonly RowAnswer[],
  onlyNotFound = false,
): { header: string[]; rows: unknown[][] } {
  const out: unknown[][] = []
  for (const a of answers) {
    const own = rows[a.index] ?? []
    if (a.records.length === 0) {
      out.push([...own, 'not found', `${a.reason}${a.detail ? `: ${a.detail}` : ''}`, '', '', '', '', '', '', '', ''])
      continue
    }
    if (onlyNotFound) continue
    a.records.forEach((r, i) => {
      out.push([
        ...own,
        a.records.length > 1 ? `found (${i + 1} of ${a.records.length})` : 'found',
        '',
        r.svc_uuid,
        r.parcel_id ?? '',
        r.owner ?? '',
        r.county ?? '',
        r.state ?? '',
        r.acres ?? '',
        r.parcel_value ?? '',
        r.situs ?? '',
      ])
    })
  }
  return { header: [...header, ...ANSWER_COLUMNS], rows: out }
}
