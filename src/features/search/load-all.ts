/**
 * Load-all for an area: every record matching the user's filters among the area's ids, fetched as
 * `svc_uuid in <chunk>` + filters, 100 per call, with the fewest calls (strategy: chunk-plan.ts).
 *
 * Order of events: (no filters) 100-id chunks → estimate → confirm → all in parallel. (Filters) probe
 * chunk's first page → its `count` gives the match rate → size the other chunks → estimate → confirm
 * → the probe's other pages and every other chunk in parallel; each chunk's first page tells how
 * many pages it needs and those then run in parallel too (the server's `count` is the total).
 * Every decision depends only on counts, never on timing, so a repeated run asks for exactly the same
 * requests and the cache answers all of them.
 */
import type { FilterItem, ParcelRecord, QueryRequest, QueryResponse } from '../../../contract/schemas'
import { ApiError } from '../../api/api-error'
import { type Limiter, settleAll } from '../../calls/limiter'
import type { Tally } from '../../calls/tally'
import {
  chunkSizeFor,
  expectedPages,
  type IdRange,
  laterOffsets,
  PAGE,
  pagesFor,
  REACHABLE,
  splitEvenly,
  splitOverflow,
} from './chunk-plan'
import type { ChunkSizer } from './chunk-sizer'
import { chunkBody } from './query-body'
import type { SearchCost } from './search-types'

export interface LoadAllInput {
  ids: readonly string[]
  filters: readonly FilterItem[]
  includeBuildings: boolean
}

/** Where a page belongs in the result: rows are ordered by chunk start, then offset. */
export interface PageAt {
  chunkStart: number
  offset: number
}

export interface PlannerDeps {
  call(body: QueryRequest): Promise<QueryResponse>
  peek(body: QueryRequest): Promise<QueryResponse | undefined>
  limiter: Limiter
  /** Largest id list to send; lowered for the rest of the session when a server refuses one. */
  sizer: ChunkSizer
  tally: Tally
  onPage(at: PageAt, records: ParcelRecord[]): void
  /** Resolves to go on (the session asks the user when the cost is above the threshold). */
  confirm(cost: SearchCost): Promise<void>
}

const size = (r: IdRange) => r.end - r.start

/** Refused as too large: a 413, or a 422 on our own `svc_uuid` filter (the one after the user's). */
export function isTooLarge(e: unknown, userFilters: number): boolean {
  if (!(e instanceof ApiError)) return false
  return e.kind === 'too-large' || (e.kind === 'validation' && e.filterIndex === userFilters)
}

export async function loadAll(input: LoadAllInput, d: PlannerDeps): Promise<void> {
  const n = input.ids.length
  if (n === 0) return
  const run = new ChunkRunner(input, d)
  if (input.filters.length === 0) {
    const ranges = splitEvenly(0, n, PAGE).map((range) => ({ range, rate: 1 }))
    run.planRanges(ranges)
    await d.confirm(await run.estimate(null, ranges))
    await settleAll(
      ranges.map((r) => run.chunk(r.range, r.rate)),
      d.limiter,
    )
    return
  }

  d.tally.plan(1)
  const probe = await run.firstPage({ start: 0, end: Math.min(n, d.sizer.max) })
  const count = probe.response.count
  const rate = Math.min(1, count / size(probe.range))
  const rest = splitEvenly(probe.range.end, n, chunkSizeFor(rate, d.sizer.max)).map((range) => ({ range, rate }))
  let probeOffsets: number[] = []
  let ranges = rest
  if (count > REACHABLE) {
    // Offset paging cannot reach all of this chunk: re-cut it. The one call is not lost — it
    // measured the rate every other chunk is sized by.
    d.tally.finish(0)
    const pieces = splitOverflow(probe.range, count, d.sizer.max).map((range) => ({ range, rate }))
    ranges = [...pieces, ...rest]
  } else {
    run.deliver(probe.range, 0, probe.response)
    probeOffsets = laterOffsets(count)
    d.tally.plan(probeOffsets.length, count)
  }
  run.planRanges(ranges)
  const known = count > REACHABLE ? null : { range: probe.range, offsets: probeOffsets, count }
  await d.confirm(await run.estimate(known, ranges))
  await settleAll(
    [...probeOffsets.map((o) => run.page(probe.range, o)), ...ranges.map((r) => run.chunk(r.range, r.rate))],
    d.limiter,
  )
}

class ChunkRunner {
  private readonly slices = new Map<string, readonly string[]>()

  constructor(
    private readonly input: LoadAllInput,
    private readonly d: PlannerDeps,
  ) {}

  /** The same array object for every page of a chunk, so its cache-key hash is computed once. */
  private ids(r: IdRange): readonly string[] {
    const key = `${r.start}:${r.end}`
    let ids = this.slices.get(key)
    if (!ids) {
      ids = this.input.ids.slice(r.start, r.end)
      this.slices.set(key, ids)
    }
    return ids
  }

  body(r: IdRange, offset: number): QueryRequest {
    return chunkBody(this.input.filters, this.ids(r), offset, this.input.includeBuildings)
  }

  planRanges(ranges: { range: IdRange; rate: number }[]): void {
    for (const { range, rate } of ranges) {
      this.d.tally.plan(expectedPages(size(range), rate), Math.round(size(range) * rate))
    }
  }

  deliver(r: IdRange, offset: number, res: QueryResponse): void {
    this.d.onPage({ chunkStart: r.start, offset }, res.results)
    this.d.tally.finish(res.results.length)
  }

  private tooLarge(e: unknown): boolean {
    return isTooLarge(e, this.input.filters.length)
  }

  /** First page of a chunk; on "too large" halves the session's chunk size and retries smaller. */
  async firstPage(range: IdRange): Promise<{ range: IdRange; response: QueryResponse }> {
    let r = range
    for (;;) {
      try {
        return { range: r, response: await this.d.call(this.body(r, 0)) }
      } catch (e) {
        if (!this.tooLarge(e) || size(r) <= 1) throw e
        r = { start: r.start, end: r.start + this.d.sizer.refused(size(r)) }
      }
    }
  }

  /** A whole chunk: first page → count → the remaining pages in parallel (or re-cut and recurse). */
  async chunk(range: IdRange, rate: number): Promise<void> {
    const planned = expectedPages(size(range), rate)
    const plannedRecords = Math.round(size(range) * rate)
    if (size(range) > this.d.sizer.max) return this.recut(range, rate, planned, plannedRecords, this.d.sizer.max)
    let response: QueryResponse
    try {
      response = await this.d.call(this.body(range, 0))
    } catch (e) {
      if (!this.tooLarge(e) || size(range) <= 1) throw e
      return this.recut(range, rate, planned, plannedRecords, this.d.sizer.refused(size(range)))
    }
    const count = response.count
    if (count > REACHABLE) {
      this.d.tally.finish(0)
      const pieceRate = Math.min(1, count / size(range))
      const pieces = splitOverflow(range, count, this.d.sizer.max)
      return this.replace(pieces, pieceRate, planned - 1, plannedRecords)
    }
    this.deliver(range, 0, response)
    this.d.tally.plan(pagesFor(count) - planned, count - plannedRecords)
    await settleAll(
      laterOffsets(count).map((o) => this.page(range, o)),
      this.d.limiter,
    )
  }

  private recut(range: IdRange, rate: number, planned: number, records: number, maxSize: number): Promise<void> {
    return this.replace(splitEvenly(range.start, range.end, maxSize), rate, planned, records)
  }

  private async replace(pieces: IdRange[], rate: number, planned: number, records: number): Promise<void> {
    this.d.tally.plan(-planned, -records)
    this.planRanges(pieces.map((range) => ({ range, rate })))
    await settleAll(
      pieces.map((p) => this.chunk(p, rate)),
      this.d.limiter,
    )
  }

  async page(range: IdRange, offset: number): Promise<void> {
    this.deliver(range, offset, await this.d.call(this.body(range, offset)))
  }

  /**
   * Network calls still to spend (the cache answers the rest for free) and records expected: known
   * pages are peeked one by one; a chunk whose first page is cached has a known count, so its other
   * pages are peeked too; any other chunk is estimated from the rate.
   */
  async estimate(
    known: { range: IdRange; offsets: number[]; count: number } | null,
    ranges: { range: IdRange; rate: number }[],
  ): Promise<SearchCost> {
    const miss = async (r: IdRange, o: number): Promise<number> => ((await this.d.peek(this.body(r, o))) ? 0 : 1)
    const knownMisses = known ? await Promise.all(known.offsets.map((o) => miss(known.range, o))) : []
    const perRange = await Promise.all(
      ranges.map(async ({ range, rate }) => {
        const first = await this.d.peek(this.body(range, 0))
        if (!first || first.count > REACHABLE) {
          return { calls: expectedPages(size(range), rate), records: Math.round(size(range) * rate) }
        }
        const later = await Promise.all(laterOffsets(first.count).map((o) => miss(range, o)))
        return { calls: later.reduce((a, b) => a + b, 0), records: first.count }
      }),
    )
    return {
      calls: knownMisses.reduce((a, b) => a + b, 0) + perRange.reduce((a, b) => a + b.calls, 0),
      records: (known?.count ?? 0) + perRange.reduce((a, b) => a + b.records, 0),
    }
  }
}
