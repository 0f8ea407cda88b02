/**
 * One filter set paged by offset with the server's order: direct mode (filters only), and on-demand
 * area mode (the area's ids are then just one more filter). The first page's `count` sizes the
 * result; offset paging reaches at most 10,100 records (offset ≤ 10,000), past that the result is
 * "offset capped" and the UI suggests narrowing the filters.
 */
import type { FilterItem, OrderItem, ParcelRecord, QueryRequest, QueryResponse } from '../../../contract/schemas'
import { type Limiter, settleAll } from '../../calls/limiter'
import type { Tally } from '../../calls/tally'
import { laterOffsets, PAGE, REACHABLE } from './chunk-plan'
import { pagedBody } from './query-body'
import type { SearchCost } from './search-types'

export interface PagedInput {
  /** Complete filters as sent (in area mode including the `svc_uuid in` one, last). */
  filters: readonly FilterItem[]
  order: OrderItem | null
  includeBuildings: boolean
}

export interface PagedDeps {
  call(body: QueryRequest): Promise<QueryResponse>
  peek(body: QueryRequest): Promise<QueryResponse | undefined>
  limiter: Limiter
  tally: Tally
  onPage(offset: number, records: ParcelRecord[]): void
  confirm(cost: SearchCost): Promise<void>
}

export class PagedQuery {
  /** Total matches (server's count); null until the first page arrived. */
  count: number | null = null
  private readonly requested = new Set<number>()

  constructor(
    private readonly input: PagedInput,
    private readonly d: PagedDeps,
  ) {}

  get reachable(): number {
    return Math.min(this.count ?? 0, REACHABLE)
  }

  get offsetCapped(): boolean {
    return (this.count ?? 0) > REACHABLE
  }

  body(offset: number): QueryRequest {
    return pagedBody(this.input.filters, this.input.order, offset, this.input.includeBuildings)
  }

  async first(): Promise<number> {
    this.requested.add(0)
    this.d.tally.plan(1)
    const res = await this.d.call(this.body(0))
    this.count = res.count
    this.d.tally.plan(0, res.count)
    this.deliver(0, res)
    return res.count
  }

  /** Load-all in direct mode: every reachable page, after the cost check. */
  async loadAll(): Promise<void> {
    const count = this.count ?? (await this.first())
    const offsets = laterOffsets(count).filter((o) => !this.requested.has(o))
    const misses = await Promise.all(
      offsets.map(async (o): Promise<number> => ((await this.d.peek(this.body(o))) ? 0 : 1)),
    )
    await this.d.confirm({ calls: misses.reduce((a, b) => a + b, 0), records: Math.min(count, REACHABLE) })
    await this.fetch(offsets)
  }

  /** On-demand: the pages covering rows [start, end) that are neither loaded nor on their way. */
  async requestRange(start: number, end: number): Promise<void> {
    if (this.count === null) return
    const last = Math.min(end, this.reachable) - 1
    const offsets: number[] = []
    for (let o = Math.max(0, Math.floor(start / PAGE) * PAGE); o <= last; o += PAGE) {
      if (!this.requested.has(o)) offsets.push(o)
    }
    await this.fetch(offsets)
  }

  private async fetch(offsets: number[]): Promise<void> {
    for (const o of offsets) this.requested.add(o)
    this.d.tally.plan(offsets.length)
    await settleAll(
      offsets.map(async (o) => {
        try {
          this.deliver(o, await this.d.call(this.body(o)))
        } catch (e) {
          this.requested.delete(o) // so a later scroll (or resume) asks again
          throw e
        }
      }),
      this.d.limiter,
    )
  }

  private deliver(offset: number, res: QueryResponse): void {
    this.d.onPage(offset, res.results)
    this.d.tally.finish(res.results.length)
  }
}
