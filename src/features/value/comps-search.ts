/**
 * Runs the comps plan (comps-plan.ts) against the app's cached sources — the workspace's own
 * (TanStack Query memory + IndexedDB, src/cache/cached-sources.ts), so a repeated comps search, or
 * a page another search already loaded, costs no call. Counts network calls and cache hits, reports
 * progress, and asks before spending more than `confirmAbove` calls.
 *
 * A repeat is answered synchronously when memory holds every call (`salesInMemory`): the panel then
 * renders the ranked list in its first frame, with no await, no disk and no network. The records of
 * the same cached pages are the same array (memoised by page identity), so the ranking built on them
 * is memoised too (comps-memo.ts).
 */
import type { FeatureCollection, Polygon } from 'geojson'
import { chunkIds, PAGE, pageBody, pagesFor } from '../../../contract/comps/comps-plan'
import type { AreaResponse, FilterItem, ParcelRecord, QueryRequest, QueryResponse } from '../../../contract/schemas'
import { areaRequestBody } from '../../api/request-key'
import { Runner, type RunnerOptions, STANDARD_RETRY } from '../../calls/runner'
import type { MemorySource } from '../../calls/source'
import type { Spent } from '../../calls/tally'

export interface CompsSources {
  area: MemorySource<FeatureCollection, AreaResponse>
  query: MemorySource<QueryRequest, QueryResponse>
}

/** Calls spent and answered (`planned` is known after the first page of each chunk), and sales found. */
export type CompsProgress = Spent & { records: number }

export interface FoundSales {
  records: readonly ParcelRecord[]
  idsInCircle: number
  /** Matches per id chunk (the formula's m_c). */
  matches: number[]
  /** The sale-date list (in an assumed date style) found nothing, so the search was asked without it. */
  loosened: boolean
  progress: CompsProgress
}

/** The filters to ask with, and the looser ones to fall back on (comps-request.ts). */
export interface SalesQuery {
  circle: readonly Polygon[]
  filters: readonly FilterItem[]
  loose: readonly FilterItem[] | null
}

// --- the same pages → the same records array ----------------------------------------------------

const sortedChunks = new WeakMap<AreaResponse, string[][]>()
/** The area's ids sorted and chunked once per response, so each chunk's key hash is computed once. */
function chunksOf(area: AreaResponse): string[][] {
  let chunks = sortedChunks.get(area)
  if (!chunks) {
    chunks = chunkIds([...area.svc_uuids].sort())
    sortedChunks.set(area, chunks)
  }
  return chunks
}

const RECENT = 8
const recent: { pages: readonly QueryResponse[]; records: ParcelRecord[] }[] = []
function recordsOf(pages: readonly QueryResponse[]): ParcelRecord[] {
  const hit = recent.find((r) => r.pages.length === pages.length && r.pages.every((p, i) => p === pages[i]))
  if (hit) return hit.records
  const records = pages.flatMap((p) => p.results)
  recent.unshift({ pages, records })
  recent.length = Math.min(recent.length, RECENT)
  return records
}

// --- from memory, synchronously -----------------------------------------------------------------

function readMemory(sources: CompsSources, circle: readonly Polygon[], filters: readonly FilterItem[]) {
  const area = sources.area.peekMemory(areaRequestBody(circle))
  if (!area) return null
  const chunks = chunksOf(area)
  const pages: QueryResponse[] = []
  const matches: number[] = []
  for (const ids of chunks) {
    const first = sources.query.peekMemory(pageBody(filters, ids, 0))
    if (!first) return null
    pages.push(first)
    matches.push(first.count)
    for (let offset = PAGE; offset < first.count; offset += PAGE) {
      const page = sources.query.peekMemory(pageBody(filters, ids, offset))
      if (!page) return null
      pages.push(page)
    }
  }
  return { area, pages, matches }
}

/** The whole search answered from memory, or null when any of its calls is not held there. */
export function salesInMemory(sources: CompsSources, q: SalesQuery): FoundSales | null {
  let loosened = false
  let got = readMemory(sources, q.circle, q.filters)
  let answered = got ? 1 + got.pages.length : 0
  if (got && q.loose && got.matches.every((m) => m === 0)) {
    got = readMemory(sources, q.circle, q.loose)
    answered += got ? 1 + got.pages.length : 0
    loosened = true
  }
  if (!got) return null
  const records = recordsOf(got.pages)
  return {
    records,
    idsInCircle: got.area.svc_uuids.length,
    matches: got.matches,
    loosened,
    progress: { calls: 0, cached: answered, planned: answered, records: records.length },
  }
}

// --- through the cache and the network ----------------------------------------------------------

interface RunOptions {
  signal: AbortSignal
  /** Tests run without waiting between retries. */
  retry?: RunnerOptions['retry']
  onProgress?(p: CompsProgress): void
  /** Asked when the calls still to make exceed `confirmAbove`; false cancels. */
  confirm?(calls: number, records: number): Promise<boolean>
  confirmAbove?: number
}

/** The search, falling back to the looser filters when the date list found nothing. */
export async function findSales(sources: CompsSources, q: SalesQuery, opts: RunOptions): Promise<FoundSales> {
  const p: CompsProgress = { calls: 0, cached: 0, planned: 1, records: 0 }
  const strict = await runPlan(sources, q.circle, q.filters, opts, p)
  if (!q.loose || strict.matches.some((m) => m > 0)) return strict
  p.planned += 1
  return { ...(await runPlan(sources, q.circle, q.loose, opts, p)), loosened: true }
}

async function runPlan(
  sources: CompsSources,
  circle: readonly Polygon[],
  filters: readonly FilterItem[],
  opts: RunOptions,
  p: CompsProgress,
): Promise<FoundSales> {
  const base = p.calls + p.cached
  const tell = () => opts.onProgress?.({ ...p })
  // One runner per plan: the cache first, else a call retried by the one policy, counted into `p`.
  const before = { calls: p.calls, cached: p.cached }
  const runner = new Runner({
    signal: opts.signal,
    retry: opts.retry ?? STANDARD_RETRY,
    onTally: (t) => {
      p.calls = before.calls + t.calls
      p.cached = before.cached + t.cached
      tell()
    },
  })

  tell()
  const area = await runner.get(sources.area, areaRequestBody(circle))
  const chunks = chunksOf(area)
  p.planned = base + 1 + chunks.length
  tell()
  const firsts = await runner.pool(chunks, (ids) => runner.get(sources.query, pageBody(filters, ids, 0)))
  const matches = firsts.map((r) => r.count)
  p.records += firsts.reduce((n, r) => n + r.results.length, 0)
  p.planned = base + 1 + matches.reduce((s, m) => s + pagesFor(m), 0)
  tell()

  const rest: { chunk: number; body: QueryRequest }[] = []
  chunks.forEach((ids, c) => {
    for (let offset = PAGE; offset < (matches[c] as number); offset += PAGE)
      rest.push({ chunk: c, body: pageBody(filters, ids, offset) })
  })
  const ask = opts.confirm
  if (ask) {
    const total = matches.reduce((a, b) => a + b, 0)
    const misses = await runner.misses(
      sources.query,
      rest.map((r) => r.body),
    )
    await runner.confirm(misses, opts.confirmAbove, (calls) => ask(calls, total))
  }
  const pages = await runner.pool(rest, (r) => runner.get(sources.query, r.body))
  // Chunk by chunk, each chunk's pages in order: the order the memory path reads them in.
  const ordered = firsts.flatMap((first, c) => [first, ...pages.filter((_, i) => rest[i]?.chunk === c)])
  const records = recordsOf(ordered)
  p.records = records.length
  tell()
  return { records, idsInCircle: area.svc_uuids.length, matches, loosened: false, progress: { ...p } }
}
