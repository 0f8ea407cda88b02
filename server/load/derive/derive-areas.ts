/**
 * Records sharing a footprint (footprint.ts: condo units) form a stack; the stack's id is the
 * smallest id among them, so it is as stable as theirs.
 */
import { SQ_M_PER_ACRE } from '../../../contract/units'
import type { Stage } from '../stage/stage-table'

/** Geodesic area in acres (PostGIS on the WGS 84 spheroid) of the repaired geometry `g`, as SQL. */
const acresSql = (g: string) => `(ST_Area((${g})::geography) / ${SQ_M_PER_ACRE})`

/**
 * Each staged parcel's geodesic acres, measured once into a side table `_area` (seq, acres): the
 * same-owner holdings and the county's write both read it (issue 23: the geodesic area was computed
 * for most parcels twice, 2 s of a 200,000-parcel load). Filled range by range after each range's
 * geometry check (staged-ranges.ts), so rejected rows have none.
 */
export async function createAreaTable(stage: Stage): Promise<void> {
  await stage.db.exec(`CREATE UNLOGGED TABLE ${stage.table}_area (seq int PRIMARY KEY, acres double precision)`)
}

/** The acres of the checked rows with `after < seq <= upTo` (after repairRange of the same range). */
export async function measureAreas(stage: Stage, after: number, upTo: number): Promise<void> {
  const t = stage.table
  await stage.db.exec(`
    INSERT INTO ${t}_area (seq, acres)
    SELECT seq, ${acresSql('geom')} FROM ${t} WHERE seq > ${after} AND seq <= ${upTo} AND rejected IS NULL`)
}

/**
 * Stacks into a side table `_stacks` (footprint, stack id), read when the county is written, and
 * their count. Runs after deriveIds: a stack's id is the smallest final id among its records.
 */
export async function deriveStacks(stage: Stage): Promise<number> {
  const t = stage.table
  await stage.db.exec(`
    CREATE UNLOGGED TABLE ${t}_stacks AS
    SELECT s.footprint, min(coalesce(i.svc_uuid, s.svc_uuid)) AS stack
    FROM ${t} s LEFT JOIN ${t}_ids i ON i.seq = s.seq
    WHERE s.rejected IS NULL GROUP BY s.footprint HAVING count(*) > 1`)
  const rows = await stage.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}_stacks`)
  return rows[0]?.n ?? 0
}
