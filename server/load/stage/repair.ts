/**
 * Invalid geometry (bow-ties, self-touching rings, overlapping parts…) is repaired with
 * ST_MakeValid, keeping the polygonal parts; what has no area left is rejected with PostGIS's
 * reason. Nothing is dropped without a line in the report.
 */
import { type Stage, stagedColumn } from './stage-table'

export interface RepairCounts {
  repaired: number
  rejected: number
}

/**
 * Checks the staged rows with `after < seq <= upTo` and repairs the invalid ones (ST_IsValid is the
 * cost). Ranges are disjoint, so ranges on different connections never wait on each other; the load
 * runs them while it reads (staged-ranges.ts).
 */
export async function repairRange(stage: Stage, after: number, upTo: number): Promise<void> {
  const t = stage.table
  const range = `seq > ${after} AND seq <= ${upTo}`
  await stage.db.exec(`
    UPDATE ${t} SET problem = ST_IsValidReason(geom) WHERE ${range} AND NOT ST_IsValid(geom);
    UPDATE ${t} SET geom = ST_Multi(ST_CollectionExtract(ST_MakeValid(geom), 3)) WHERE ${range} AND problem IS NOT NULL;
    UPDATE ${t} SET rejected = CASE WHEN problem IS NULL THEN 'no area'
                                    ELSE problem || ' (nothing polygonal left after repair)' END
      WHERE ${range} AND (ST_IsEmpty(geom) OR ST_Area(geom) = 0);`)
}

/** The repaired and rejected rows, once every range was checked. */
export async function repairCounts(stage: Stage): Promise<RepairCounts> {
  const rows = await stage.db.query<{ repaired: number; rejected: number }>(
    `SELECT count(*) FILTER (WHERE rejected IS NULL AND (problem IS NOT NULL OR fixes IS NOT NULL))::int AS repaired,
            count(*) FILTER (WHERE rejected IS NOT NULL)::int AS rejected
     FROM ${stage.table}`,
  )
  return rows[0] ?? { repaired: 0, rejected: 0 }
}

/** Repaired and rejected rows for the report, in feature order, a page at a time. */
export async function* repairReport(
  stage: Stage,
): AsyncGenerator<
  { feature: number; layer: string | null; parcel_id: string | null; action: string; reason: string }[]
> {
  let after = 0
  for (;;) {
    const rows = await stage.db.query<{
      seq: number
      feature: number
      layer: string | null
      parcel_id: string | null
      action: string
      reason: string
    }>(
      `SELECT seq, feature, layer, ${stagedColumn('parcel_id')} AS parcel_id,
              CASE WHEN rejected IS NOT NULL THEN 'rejected' ELSE 'repaired' END AS action,
              coalesce(rejected, concat_ws('; ', problem, fixes)) AS reason
       FROM ${stage.table}
       WHERE (rejected IS NOT NULL OR problem IS NOT NULL OR fixes IS NOT NULL) AND seq > $1
       ORDER BY seq LIMIT 5000`,
      [after],
    )
    if (rows.length === 0) return
    after = rows.at(-1)!.seq
    yield rows
  }
}
