/**
 * Geodesic area (PostGIS on the WGS 84 spheroid, of the repaired geometry). Records sharing a
 * footprint (footprint.ts: condo units) form a stack; the stack's id is the smallest id among them,
 * so it is as stable as theirs.
 */
import type { Stage } from './stage-table'

export const SQ_M_PER_ACRE = 4046.8564224

export async function deriveAreas(stage: Stage): Promise<void> {
  await stage.db.exec(`
    UPDATE ${stage.table} SET acres_calc = ST_Area(geom::geography) / ${SQ_M_PER_ACRE} WHERE rejected IS NULL`)
}

export async function deriveStacks(stage: Stage): Promise<number> {
  const t = stage.table
  await stage.db.exec(`
    UPDATE ${t} SET stack_uuid = s.id
    FROM (SELECT footprint, min(svc_uuid) AS id FROM ${t} WHERE rejected IS NULL
          GROUP BY footprint HAVING count(*) > 1) s
    WHERE ${t}.footprint = s.footprint AND ${t}.rejected IS NULL`)
  const rows = await stage.db.query<{ n: number }>(
    `SELECT count(DISTINCT stack_uuid)::int AS n FROM ${t} WHERE stack_uuid IS NOT NULL`,
  )
  return rows[0]?.n ?? 0
}
