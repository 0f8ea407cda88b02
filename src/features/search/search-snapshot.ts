/** The agreed `SearchResult` as a plain value: built from the current run, or the idle one. */
import type { SearchRun } from './search-run'
import type { SearchResult } from './search-types'

type Actions = Pick<SearchResult, 'confirm' | 'resume' | 'cancel' | 'requestRows'>

export function idleResult(actions: Actions): SearchResult {
  return {
    ...actions,
    status: 'idle',
    rowCount: 0,
    rows: [],
    progress: { callsDone: 0, callsPlanned: 0, recordsLoaded: 0 },
    estimate: null,
    error: null,
    offsetCapped: false,
    complete: false,
    calls: { area: 0, query: 0 },
    localFilter: null,
  }
}

export function snapshotOf(run: SearchRun, actions: Actions): SearchResult {
  const rows = run.rows()
  const t = run.tally
  return {
    ...actions,
    status: run.status,
    rowCount: rows.length,
    rows,
    progress: {
      callsDone: t.done,
      callsPlanned: Math.max(t.planned, t.done),
      recordsLoaded: t.recordsLoaded,
      recordsExpected: t.recordsExpected,
      callsCached: run.counts.cached,
    },
    estimate: run.status === 'asking' ? run.estimate : null,
    error: run.error,
    offsetCapped: run.offsetCapped,
    complete: run.complete,
    calls: { area: run.counts.area, query: run.counts.query },
    localFilter: run.local ? { ...run.local.tally } : null,
  }
}
