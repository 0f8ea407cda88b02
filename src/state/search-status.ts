/**
 * The life of one search run as a state machine, readable in one place:
 *
 *   idle → planning → asking → loading → done
 *                 ╰──────────────╯  ╰─→ stopped (Cancel, or 429 with rows kept) / failed
 *
 * planning: the area call and the first page(s) that tell how many records there are;
 * asking: the cost is above the threshold and the user decides (Continue / Cancel);
 * loading: pages stream in; done: nothing in flight (on-demand scrolling goes back to loading).
 * stopped and failed are final for the run: Resume starts a new run that finds what was loaded in
 * the cache.
 */
export type SearchStatus = 'idle' | 'planning' | 'asking' | 'loading' | 'done' | 'stopped' | 'failed'

const NEXT: Record<SearchStatus, readonly SearchStatus[]> = {
  idle: ['planning'],
  planning: ['asking', 'loading', 'done', 'stopped', 'failed'],
  asking: ['loading', 'stopped', 'failed'],
  loading: ['done', 'stopped', 'failed'],
  done: ['loading'],
  stopped: [],
  failed: [],
}

export function canMove(from: SearchStatus, to: SearchStatus): boolean {
  return NEXT[from].includes(to)
}

/** Calls may be in flight (the UI shows Cancel and a busy table). */
export function isBusy(status: SearchStatus): boolean {
  return status === 'planning' || status === 'loading'
}

/** The run can still go on (Cancel applies). */
export function isLive(status: SearchStatus): boolean {
  return status === 'planning' || status === 'asking' || status === 'loading'
}
