/** The search hook's public types (docs/spa-interfaces.md), importable without React. */
import type { ParcelRecord } from '../../../contract/schemas'
import type { ApiError } from '../../api/api-error'
import type { LocalFilterTally } from './local-filters'

export interface SearchProgress {
  /** Page requests finished (answered by the network or the cache). */
  callsDone: number
  /** Page requests the plan needs, as far as known (grows/shrinks as counts arrive). */
  callsPlanned: number
  recordsLoaded: number
  /** Total matches when known, else the planner's estimate. */
  recordsExpected?: number
  /** How many of callsDone the cache answered (cost nothing). */
  callsCached?: number
}

/** Estimate shown before a big run: network calls still to spend and records expected. */
export interface SearchCost {
  calls: number
  records: number
}

import type { SearchStatus } from '../../state/search-status'

export interface SearchResult {
  status: SearchStatus
  /**
   * Load-all: records loaded so far (rows are dense; the final count when 'done').
   * On-demand/direct: total matching records reachable by paging (≤ 10,100; see offsetCapped).
   */
  rowCount: number
  /** Length rowCount; undefined = not loaded yet (on-demand only). */
  rows: (ParcelRecord | undefined)[]
  /** On-demand: the table asks for a visible range [start, end). */
  requestRows(start: number, end: number): void
  progress: SearchProgress
  /** Set while status === 'asking'. */
  estimate: SearchCost | null
  /** 'stopped' with kind 'quota' keeps rows; resume() continues. */
  error: ApiError | null
  /** The server has more matches than offset paging can reach (10,100): narrow the filters. */
  offsetCapped: boolean
  /** Every match is loaded (done, not capped, nothing left to scroll to): sorts and totals can be local. */
  complete: boolean
  confirm(): void
  resume(): void
  cancel(): void
  /** Real network calls made by this run (cache hits are free and not counted). */
  calls: { area: number; query: number }
  /** Filters the server cannot evaluate, applied here to the loaded records; null when none. */
  localFilter: LocalFilterTally | null
}
