/**
 * Undo/redo of area edits as a pure value: snapshots of the area list (areas are immutable, so a
 * snapshot is one array). Capped so a long freehand session cannot grow memory without bound.
 */
import type { DrawnArea } from './search-spec'

const HISTORY_LIMIT = 100

export interface AreaHistory {
  past: DrawnArea[][]
  future: DrawnArea[][]
}

export const EMPTY_HISTORY: AreaHistory = { past: [], future: [] }

/** Records `before` as the state to return to; a new edit clears the redo list. */
export function recordEdit(h: AreaHistory, before: DrawnArea[]): AreaHistory {
  const past = h.past.length >= HISTORY_LIMIT ? h.past.slice(1 - HISTORY_LIMIT) : h.past.slice()
  past.push(before)
  return { past, future: [] }
}

export function undoStep(h: AreaHistory, current: DrawnArea[]): { history: AreaHistory; areas: DrawnArea[] } | null {
  const previous = h.past.at(-1)
  if (!previous) return null
  return { history: { past: h.past.slice(0, -1), future: [...h.future, current] }, areas: previous }
}

export function redoStep(h: AreaHistory, current: DrawnArea[]): { history: AreaHistory; areas: DrawnArea[] } | null {
  const next = h.future.at(-1)
  if (!next) return null
  return { history: { past: [...h.past, current], future: h.future.slice(0, -1) }, areas: next }
}
