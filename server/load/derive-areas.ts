/**
 * Records sharing a footprint (footprint.ts: condo units) form a stack; the stack's id is the
 * smallest id among them (chosen when the county is written), so it is as stable as theirs.
 */
import { SQ_M_PER_ACRE } from '../../contract/units'
import type { Stage } from './stage-table'

/** Geodesic area in acres (PostGIS on the WGS 84 spheroid) of the repaired geometry `g`, as SQL. */
const acresSql = (g: string) => `(ST_Area((${g})::geography) / ${SQ_M_PER_ACRE})`

/**
 * Each staged parcel's geodesic acres, measured once into a side table `_area` (seq, acres): the
 * same-owner holdings and the county's write both read it (issue 23: the geodesic area was computed
 * for most parcels twice, 2 s of a 200,000-parcel load). One CREATE TABLE AS, which PostgreSQL
 * spreads over parallel workers.
 */
export async function measureAreas(stage: Stage): Promise<void> {
  const t = stage.table
  await stage.db.exec(`
    CREATE UNLOGGED TABLE ${t}_area AS SELECT seq, ${acresSql('geom')} AS acres FROM ${t} WHERE rejected IS NULL;
    ALTER TABLE ${t}_area ADD PRIMARY KEY (seq)`)
}

export async function countStacks(stage: Stage): Promise<number> {
  const rows = await stage.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT footprint FROM ${stage.table} WHERE rejected IS NULL
                                     GROUP BY footprint HAVING count(*) > 1) s`,
  )
  return rows[0]?.n ?? 0
}
