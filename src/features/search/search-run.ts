/**
 * One search run: the state a single submitted spec produces, from the area call to the last page,
 * owned by the session (search-session.ts). Its status moves only through `move` along the state
 * machine in search-status.ts; the planners (load-all, paged-query) never touch it, they report
 * pages and costs through callbacks. A run never outlives its AbortController: once aborted, nothing
 * it receives is delivered, so a stale response can never overwrite a newer search.
 */
import type { ParcelRecord } from '../../../contract/schemas'
import type { ApiError } from '../../api/api-error'
import { Limiter } from '../../calls/limiter'
import { Tally } from '../../calls/tally'
import type { LoadPolicy, SearchSpec } from '../../state/search-spec'
import { canMove, type SearchStatus } from '../../state/search-status'
import type { PageAt } from './load-all'
import type { LocalFilter } from './local-filters'
import type { PagedQuery } from './paged-query'
import type { CallCounts } from './search-calls'
import type { SearchCost } from './search-types'

export class SearchRun {
  readonly controller = new AbortController()
  readonly limiter: Limiter
  readonly counts: CallCounts = { area: 0, query: 0, cached: 0 }
  readonly tally: Tally
  private state: SearchStatus = 'idle'
  error: ApiError | null = null
  estimate: SearchCost | null = null
  /** Set when the user confirmed a cost (or resumed): this run does not ask again. */
  confirmed: boolean
  pendingConfirm: { resolve(): void; reject(e: unknown): void } | null = null
  /** Load-all: pages by position; on-demand: rows by index. */
  private readonly pages = new Map<string, { at: PageAt; records: ParcelRecord[] }>()
  sparse: (ParcelRecord | undefined)[] | null = null
  paged: PagedQuery | null = null
  lastRange: [number, number] | null = null
  offsetCapped = false
  /** Filters applied here to what arrives (the server cannot evaluate them); null when none. */
  local: LocalFilter | null = null
  /** The user's row of each filter sent (a server error names the index of what it received). */
  serverIndex: number[] | null = null
  inFlight = 0
  done: Promise<void> = Promise.resolve()

  constructor(
    public spec: SearchSpec,
    readonly policy: LoadPolicy,
    public key: string,
    concurrency: number,
    confirmed: boolean,
    onChange: () => void,
  ) {
    this.limiter = new Limiter(concurrency, this.controller.signal)
    this.confirmed = confirmed
    this.tally = new Tally(() => {
      if (!this.signal.aborted) onChange()
    })
  }

  get status(): SearchStatus {
    return this.state
  }

  /** Moves along the state machine; a move it does not allow is ignored (returns false). */
  move(to: SearchStatus): boolean {
    if (!canMove(this.state, to)) return false
    this.state = to
    if (to !== 'asking') this.estimate = null
    return true
  }

  get signal(): AbortSignal {
    return this.controller.signal
  }

  get live(): boolean {
    return !this.signal.aborted
  }

  /** Every match is loaded: sorting and totals can be local and exact. */
  get complete(): boolean {
    if (this.state !== 'done' || this.offsetCapped) return false
    // Load-all that finished loaded every reachable match; on-demand only what was scrolled to.
    return this.sparse ? this.sparse.every((r) => r !== undefined) : true
  }

  addPage(at: PageAt, records: ParcelRecord[]): void {
    if (!this.live) return
    this.pages.set(`${at.chunkStart}:${at.offset}`, { at, records: this.local ? this.local.keep(records) : records })
  }

  /** On-demand rows: sized once the count is known, filled by position. */
  addRows(offset: number, records: ParcelRecord[], rowCount: number): void {
    if (!this.live) return
    if (!this.sparse || this.sparse.length !== rowCount) {
      const next: (ParcelRecord | undefined)[] = new Array(rowCount)
      if (this.sparse) for (let i = 0; i < Math.min(rowCount, this.sparse.length); i++) next[i] = this.sparse[i]
      this.sparse = next
    }
    for (let i = 0; i < records.length && offset + i < rowCount; i++) this.sparse[offset + i] = records[i]
  }

  /** Rows in plan order: chunk by chunk (ascending ids), each chunk's pages by offset. */
  rows(): (ParcelRecord | undefined)[] {
    if (this.sparse) return [...this.sparse]
    const pages = [...this.pages.values()].sort(
      (a, b) => a.at.chunkStart - b.at.chunkStart || a.at.offset - b.at.offset,
    )
    const out: ParcelRecord[] = []
    for (const p of pages) for (const r of p.records) out.push(r)
    return out
  }
}
