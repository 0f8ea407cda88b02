import { createHash } from 'node:crypto'

/**
 * Remembered totals of `POST /parcels/query` (issue 40). Every page of a query answers its `count`,
 * and the app reads a large result as many pages of one query (offset 0, 100, 200, …), so each page
 * counted every match again: a condition over every state (acres 10–20) counted ~1,000,000 rows per
 * page at 5,000,000 parcels, 20× its time at 100,000 (BENCHMARKS, "At state size"). A count is
 * remembered with the data version it was read in (data-version-sql.ts), and a later page uses it
 * only when the page's own statement reads the same version: the total is exact for the data the
 * page comes from, on any process or replica. Only counts that cost something are kept: a cheap
 * count is cheaper to redo than to key.
 */

/** Counts faster than this are not remembered. */
export const COUNT_MEMO_MIN_MS = 15

/** The most totals kept per process (least recently used first out); a key is a 40-character digest. */
const ENTRIES = 500

export interface RememberedCount {
  count: number
  version: string
}

export interface CountMemo {
  /** The key of a query's matches: its WHERE clause and bound values (limit, offset and order aside). */
  keyOf(where: string, params: readonly unknown[]): string
  get(key: string): RememberedCount | undefined
  remember(key: string, count: RememberedCount, ms: number): void
}

export function countMemo({ entries = ENTRIES, minMs = COUNT_MEMO_MIN_MS } = {}): CountMemo {
  const counts = new Map<string, RememberedCount>()
  return {
    keyOf: (where, params) =>
      createHash('sha1').update(where).update('\0').update(JSON.stringify(params)).digest('hex'),
    get(key) {
      const hit = counts.get(key)
      if (hit) {
        // Most recently used last: a Map iterates in insertion order.
        counts.delete(key)
        counts.set(key, hit)
      }
      return hit
    },
    remember(key, count, ms) {
      if (ms < minMs) return
      counts.delete(key)
      counts.set(key, count)
      if (counts.size > entries) counts.delete(counts.keys().next().value as string)
    },
  }
}
