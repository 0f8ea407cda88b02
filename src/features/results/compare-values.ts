/**
 * Local sorting for the results table (pure). Values come from servers as open objects, so the
 * comparator tolerates anything: numbers compare numerically, strings by locale (numeric-aware),
 * and null/undefined/blank always sort last whatever the direction.
 */
import { isEmptyValue } from '../../format/format-value'

export type SortDirection = 'asc' | 'desc'

const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' })

/** Ascending order of two present values; numbers before strings before anything else. */
function compareAsc(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b)
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b)
  const ra = rank(a)
  const rb = rank(b)
  if (ra !== rb) return ra - rb
  return collator.compare(String(a), String(b))
}

function rank(v: unknown): number {
  if (typeof v === 'number') return Number.isNaN(v) ? 3 : 0
  if (typeof v === 'string') return 1
  return 2
}

function isMissing(v: unknown): boolean {
  return isEmptyValue(v) || (typeof v === 'number' && Number.isNaN(v))
}

/** Comparator with missing values last in both directions. */
export function compareValues(a: unknown, b: unknown, direction: SortDirection = 'asc'): number {
  const ma = isMissing(a)
  const mb = isMissing(b)
  if (ma || mb) return ma === mb ? 0 : ma ? 1 : -1
  const c = compareAsc(a, b)
  return direction === 'desc' ? -c : c
}

/**
 * Display order of `rows` (indices into it) sorted by `get(row)`; rows not loaded yet (undefined)
 * go last, ties keep their original order (stable).
 */
export function sortIndex<T>(
  rows: readonly (T | undefined)[],
  get: (row: T) => unknown,
  direction: SortDirection,
): number[] {
  const n = rows.length
  const keys: unknown[] = new Array(n)
  const present: number[] = []
  const absent: number[] = []
  for (let i = 0; i < n; i++) {
    const r = rows[i]
    if (r === undefined) absent.push(i)
    else {
      keys[i] = get(r)
      present.push(i)
    }
  }
  present.sort((i, j) => compareValues(keys[i], keys[j], direction) || i - j)
  return absent.length ? present.concat(absent) : present
}
