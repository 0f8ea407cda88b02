/**
 * Records sharing a footprint (footprint.ts: condo units) form a stack; the stack's id is the
 * smallest id among them (chosen when the county is written), so it is as stable as theirs.
 */
import { SQ_M_PER_ACRE } from '../../contract/units'
import type { Stage } from './stage-table'

/** Geodesic area in acres (PostGIS on the WGS 84 spheroid) of the repaired geometry `g`, as SQL. */
export const acresSql = (g: string) => `(ST_Area((${g})::geography) / ${SQ_M_PER_ACRE})`

export async function countStacks(stage: Stage): Promise<number> {
  const rows = await stage.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT footprint FROM ${stage.table} WHERE rejected IS NULL
                                     GROUP BY footprint HAVING count(*) > 1) s`,
  )
  return rows[0]?.n ?? 0
}
