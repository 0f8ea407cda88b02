/**
 * The arithmetic of spending as few query calls as possible. Pure numbers, no I/O.
 *
 * Lower bound for an area search: 1 area call + ceil(M / 100) query calls (M = matches). A chunk of
 * ids with m matches costs max(1, ceil(m / 100)) calls, so the total exceeds the bound by less than
 * one call per chunk ("waste" < number of chunks). Hence:
 * - no user filters: m = ids, so chunks of ≤ 100 ids cost exactly one call each → exactly the bound
 *   (and each body stays ~4 KB);
 * - with filters: as FEW chunks as possible. A probe chunk as large as the server takes learns the
 *   match rate from `count`; later chunks are sized so each holds ~TARGET_MATCHES (many full pages,
 *   under the 10,100 records offset paging can reach), never more ids than the server accepts.
 *   With ≤ 100,000 ids and 50,000-id chunks that is ≤ 2 chunks when the filter is selective (waste
 *   ≤ 2 calls) and ≈ M / 9,000 + 2 chunks otherwise (waste ≈ 1 % of the bound + 2).
 */
import { MAX_IN_VALUES, MAX_LIMIT, MAX_OFFSET } from '../../../contract/limits'

/** Records per call: the schema's maximum `limit`. */
export const PAGE = MAX_LIMIT

/** Records one filter set can deliver by offset paging: offsets 0…10,000, 100 each. */
export const REACHABLE = MAX_OFFSET + MAX_LIMIT

/**
 * Matches aimed at per chunk: 90 pages, so the one partial page costs ≤ ~1 %; 1,100 below REACHABLE
 * (≈ 11 standard deviations of the sampling noise), so a chunk almost never overflows.
 */
const TARGET_MATCHES = 9_000

/** Ids per `svc_uuid in` list the reference server accepts (≈ 2 MB body); others may answer 413/422. */
export const DEFAULT_MAX_CHUNK = MAX_IN_VALUES

/** A slice [start, end) of the area's id list. */
export interface IdRange {
  start: number
  end: number
}

/** Calls needed to read `count` matches of one filter set (at least one call to learn the count). */
export function pagesFor(count: number): number {
  return Math.max(1, Math.ceil(Math.min(count, REACHABLE) / PAGE))
}

/** Offsets of every page after the first, for a result set of `count` records. */
export function laterOffsets(count: number): number[] {
  const out: number[] = []
  for (let page = 1; page < pagesFor(count); page++) out.push(page * PAGE)
  return out
}

/** [start, end) cut into the fewest pieces of at most `maxSize`, sizes differing by at most one. */
export function splitEvenly(start: number, end: number, maxSize: number): IdRange[] {
  const n = end - start
  if (n <= 0) return []
  const size = Math.max(1, Math.floor(maxSize))
  const parts = Math.ceil(n / size)
  const out: IdRange[] = []
  for (let i = 0; i < parts; i++) {
    out.push({ start: start + Math.floor((i * n) / parts), end: start + Math.floor(((i + 1) * n) / parts) })
  }
  return out
}

/**
 * Ids per chunk for a match rate. rate 1 (every id matches, as with no filters) → 100-id chunks, each
 * exactly one full page; rate 0 → the largest chunk; else enough ids for ~TARGET_MATCHES matches.
 */
export function chunkSizeFor(rate: number, maxChunk: number): number {
  if (rate >= 1) return PAGE
  if (rate <= 0) return maxChunk
  return Math.max(PAGE, Math.min(maxChunk, Math.floor(TARGET_MATCHES / rate)))
}

/** A chunk whose count exceeds REACHABLE: pieces sized so each holds ~TARGET_MATCHES of its matches. */
export function splitOverflow(range: IdRange, count: number, maxChunk: number): IdRange[] {
  const n = range.end - range.start
  const rate = Math.min(1, count / n)
  const size = Math.min(chunkSizeFor(rate, maxChunk), Math.max(1, Math.floor(n / 2)))
  return splitEvenly(range.start, range.end, size)
}

/** Expected calls for a chunk of `ids` ids at `rate`. */
export function expectedPages(ids: number, rate: number): number {
  return pagesFor(Math.round(ids * rate))
}
