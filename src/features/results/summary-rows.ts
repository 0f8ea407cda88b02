/**
 * The rows the totals are computed from (issue 37 item 9). Every snapshot of a loading search is a
 * new rows array, and the totals, crop mix, crop history and sales summary each walk all of them:
 * recomputed per snapshot, that was ~460 ms of main-thread work per 10,000-parcel search, taken
 * between pages, so the next pages' answers waited for it. While a search loads, the totals follow
 * its rows only every `HOLD_MS` (and as soon as the first rows come); once it is no longer loading
 * they take the rows at once. Each total is labelled with the rows it rests on ("of N loaded"), so a
 * held total never claims more than it counts. When loading is done nothing is held: what is shown
 * then is computed from every row, as before.
 */
import { useRef } from 'react'
import type { ParcelRecord } from '../../../contract/schemas'

type Rows = readonly (ParcelRecord | undefined)[]

/** How often, at most, the totals are recomputed while pages stream in. */
export const HOLD_MS = 2000

/** The rows to total: `rows` unless `loading`, when the last taken ones until `HOLD_MS` have passed. */
export function useSummaryRows(rows: Rows, loading: boolean, now: () => number = () => performance.now()): Rows {
  const held = useRef<{ rows: Rows; at: number } | null>(null)
  const h = held.current
  // The same rows, not loading, nothing shown yet, or held long enough: take these.
  if (!h || h.rows === rows || !loading || !h.rows.some(Boolean) || now() - h.at >= HOLD_MS) {
    if (h?.rows !== rows) held.current = { rows, at: now() }
  }
  return (held.current as { rows: Rows }).rows
}

/** Defined rows (a page-as-you-scroll search leaves holes): cheap, so the count is always the live one. */
export function loadedCount(rows: Rows): number {
  let n = 0
  for (const r of rows) if (r) n++
  return n
}
