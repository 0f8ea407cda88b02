/**
 * One search run: the state a single submitted spec produces, from the area call to the last page.
 * A run never outlives its AbortController: once aborted, nothing it receives is delivered, so a
 * stale response can never overwrite a newer search. The session (search-session.ts) owns runs and
 * turns the current one into snapshots.
 */
import type { ParcelRecord } from '../../contract/schemas'
import type { ApiError } from '../api/api-error'
import type { LoadPolicy, SearchSpec } from '../state/search-spec'
import { Limiter } from './limiter'
import type { PageAt } from './load-all'
import type { PagedQuery } from './paged-query'
import type { CallCounts } from './search-calls'
import type { SearchCost, SearchStatus } from './search-types'
import { Tally } from './tally'

export class SearchRun {
  readonly controller = new AbortController()
  readonly limiter: Limiter
  readonly counts: CallCounts = { area: 0, query: 0, cached: 0 }
  readonly tally: Tally
  status: SearchStatus = 'running'
  error: ApiError | null = null
  estimate: SearchCost | null = null
  /** Set when the user confirmed a cost (or resumed): this run does not ask again. */
  confirmed: boolean
  pendingConfirm: { resolve(): void; reject(e: unknown): void } | null = null
  /** Load-all: pages by position; on-demand: rows by index. */
  readonly pages = new Map<string, { at: PageAt; records: ParcelRecord[] }>()
  sparse: (ParcelRecord | undefined)[] | null = null
  paged: PagedQuery | null = null
  lastRange: [number, number] | null = null
  offsetCapped = false
  inFlight = 0
  done: Promise<void> = Promise.resolve()

  constructor(
    readonly spec: SearchSpec,
    readonly policy: LoadPolicy,
    readonly key: string,
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

  get signal(): AbortSignal {
    return this.controller.signal
  }

  get live(): boolean {
    return !this.signal.aborted
  }

  addPage(at: PageAt, records: ParcelRecord[]): void {
    if (!this.live) return
    this.pages.set(`${at.chunkStart}:${at.offset}`, { at, records })
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
