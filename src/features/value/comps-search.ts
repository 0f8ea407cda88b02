/**
 * Runs the comps plan (comps-plan.ts) against cached sources: the app hands in the same
 * cache-then-network sources the search uses (TanStack Query memory + IndexedDB), so a repeated comps
 * search, or a page another search already loaded, costs no call. Counts network calls and cache hits,
 * reports progress, and asks before spending more than `confirmAbove` calls.
 */
import type { FeatureCollection, Polygon } from 'geojson'
import type { AreaResponse, FilterItem, ParcelRecord, QueryRequest, QueryResponse } from '../../../contract/schemas'
import { areaRequestBody } from '../../cache/request-key'
import { chunkIds, PAGE, pageBody, pagesFor } from './comps-plan'

export interface Source<Req, Res> {
  peek(req: Req): Promise<Res | undefined>
  fetch(req: Req, signal: AbortSignal): Promise<{ value: Res; network: boolean }>
}

export interface CompsSources {
  area: Source<FeatureCollection, AreaResponse>
  query: Source<QueryRequest, QueryResponse>
}

export interface CompsProgress {
  /** Network calls made, and calls the cache answered. */
  calls: number
  cached: number
  /** Calls the plan needs in all (known after the first page of each chunk). */
  planned: number
  records: number
}

export interface FoundSales {
  records: ParcelRecord[]
  idsInCircle: number
  /** Matches per id chunk (the formula's m_c). */
  matches: number[]
  progress: CompsProgress
}

export class CompsCancelled extends Error {
  constructor() {
    super('Comparable sales search cancelled.')
  }
}

const CONCURRENCY = 4

export async function findSales(
  sources: CompsSources,
  circle: readonly Polygon[],
  filters: readonly FilterItem[],
  opts: {
    signal: AbortSignal
    onProgress?(p: CompsProgress): void
    /** Asked when the calls still to make exceed `confirmAbove`; false cancels. */
    confirm?(calls: number, records: number): Promise<boolean>
    confirmAbove?: number
  },
): Promise<FoundSales> {
  const p: CompsProgress = { calls: 0, cached: 0, planned: 1, records: 0 }
  const tell = () => opts.onProgress?.({ ...p })
  async function get<Req, Res>(source: Source<Req, Res>, req: Req): Promise<Res> {
    const hit = await source.peek(req)
    if (opts.signal.aborted) throw opts.signal.reason
    if (hit !== undefined) {
      p.cached++
      tell()
      return hit
    }
    const { value, network } = await source.fetch(req, opts.signal)
    if (network) p.calls++
    else p.cached++
    tell()
    return value
  }

  tell()
  const area = await get(sources.area, areaRequestBody(circle))
  const chunks = chunkIds([...area.svc_uuids].sort())
  p.planned = 1 + chunks.length
  tell()
  const records: ParcelRecord[] = []
  const firsts = await pool(chunks, (ids) => get(sources.query, pageBody(filters, ids, 0)))
  const matches = firsts.map((r) => r.count)
  for (const r of firsts) records.push(...r.results)
  p.records = records.length
  p.planned = 1 + matches.reduce((s, m) => s + pagesFor(m), 0)
  tell()

  const rest: QueryRequest[] = []
  chunks.forEach((ids, c) => {
    for (let offset = PAGE; offset < (matches[c] as number); offset += PAGE) rest.push(pageBody(filters, ids, offset))
  })
  const misses = (await Promise.all(rest.map(async (b) => ((await sources.query.peek(b)) ? 0 : 1)))).reduce(
    (a: number, b: number) => a + b,
    0,
  )
  if (opts.confirm && misses > (opts.confirmAbove ?? Number.POSITIVE_INFINITY)) {
    const total = matches.reduce((a, b) => a + b, 0)
    if (!(await opts.confirm(misses, total))) throw new CompsCancelled()
  }
  const pages = await pool(rest, (b) => get(sources.query, b))
  for (const r of pages) records.push(...r.results)
  p.records = records.length
  tell()
  return { records, idsInCircle: area.svc_uuids.length, matches, progress: { ...p } }
}

/** Runs `fn` over `items` with at most CONCURRENCY at once; results in input order. */
async function pool<T, R>(items: readonly T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await fn(items[i] as T)
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker))
  return out
}
