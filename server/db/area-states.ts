/**
 * Which states an area search may find parcels in: those whose loaded counties' extents (the
 * `counties` table every load keeps, as coverage and the density prior read it) meet the searched
 * box. Written into each piece's statement as constants (area-search.ts), so on a partitioned
 * `parcels` (parcel-partitions.ts) the planner reads only those states' partitions and their
 * indexes: an area inside one state touches one partition, an area across a state line both. The
 * states cannot come from a subquery in the statement itself: PostgreSQL prunes by `= ANY(array)`
 * only when the planner sees the array, not when an InitPlan makes it. On the unpartitioned table
 * (the embedded database) it is one cheap filter on rows already found.
 */
import type { Box } from './area-pieces'
import type { Queryable, QueryOptions } from './database'

type StateBox = {
  state_fp: string
  west: number
  south: number
  east: number
  north: number
}

const meets = (a: Box, b: StateBox) => a[0] <= b.east && b.west <= a[2] && a[1] <= b.north && b.south <= a[3]

/** The box around boxes (Infinity-wide when there are none, which meets nothing). */
export function boxAround(boxes: readonly Box[]): Box {
  let [w, s, e, n] = [
    Number.POSITIVE_INFINITY,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
  ]
  for (const box of boxes) {
    w = Math.min(w, box[0])
    s = Math.min(s, box[1])
    e = Math.max(e, box[2])
    n = Math.max(n, box[3])
  }
  return [w, s, e, n]
}

/**
 * The loaded counties meeting `box`, read once per search (one small statement). A county's extent
 * holds its parcels' boxes, so a parcel that meets a cell is in a state whose county meets it. Read
 * before the pieces, as the pieces themselves are read one after another: a county whose load
 * commits meanwhile may or may not be in the answer, as with the search's other pieces.
 */
export async function loadedStates(db: Queryable, box: Box, opts: QueryOptions = {}) {
  const counties = await db.query<StateBox>(
    `SELECT state_fp, west, south, east, north FROM counties
     WHERE west <= $3::float8 AND east >= $1::float8 AND south <= $4::float8 AND north >= $2::float8`,
    [...box],
    opts,
  )
  return {
    /** The condition a statement reading `parcels p` within `within` adds: its states as constants. */
    condition(within: Box): string {
      const states = [...new Set(counties.filter((c) => meets(within, c)).map((c) => c.state_fp))].sort()
      return `p.state_fp = ANY('{${states.map((s) => `"${s.replace(/[\\"']/g, '')}"`).join(',')}}'::text[])`
    },
  }
}
