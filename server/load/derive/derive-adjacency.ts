/**
 * adjacent_acreage_sameowner: parcels that touch (or lie within ~0.1 m of each other, which absorbs
 * the slivers of digitised boundaries) and share a normalized owner name form a holding,
 * transitively; every parcel of it gets its total geodesic acres (from `_area`, derive-areas.ts),
 * each footprint counted once (a stack of units held by one owner is one piece of land). Parcels
 * without an owner get null; parcels with no same-owner neighbour get their own acres when the
 * county is written (write-county.ts), so `_adj` holds only the members of holdings.
 *
 * One statement: PostGIS's ST_ClusterDBSCAN with minpoints 1 per owner is exactly "connected by
 * distance ≤ tolerance" (every parcel is a core point), and it runs in PostGIS's own distance code, no
 * GEOS. It replaced a spatial self-join whose pairs went through a union–find in Node and back (issue
 * 23: 6.4 s → 1.6–2.3 s of a 200,000-parcel load, the same members and, to 4 decimals, the same acres).
 */
import type { Stage } from '../stage/stage-table'

/** Touching tolerance in degrees (~0.1 m). */
const TOUCH_TOLERANCE_DEG = 1e-6

export async function deriveAdjacency(stage: Stage): Promise<{ holdings: number }> {
  const t = stage.table
  // A holding never spans two owners, so owners split into disjoint halves (by a hash of the key)
  // cluster independently: on PostgreSQL the halves run side by side on two connections, so both
  // cores work (issue 23: the one statement took 11 s of a 1,000,000-parcel load on one core). The
  // embedded database has one connection: one statement over all owners.
  const parts = stage.db.kind === 'postgres' ? 2 : 1
  await stage.db.exec(`CREATE UNLOGGED TABLE ${t}_adj (seq int, acres double precision, owner_key text, cid int)`)
  await Promise.all(
    Array.from({ length: parts }, (_, k) =>
      stage.db.exec(`
        INSERT INTO ${t}_adj (seq, acres, owner_key, cid)
        WITH c AS (
          SELECT s.seq, s.owner_key, s.footprint, ar.acres,
                 ST_ClusterDBSCAN(s.geom, ${TOUCH_TOLERANCE_DEG}, 1) OVER (PARTITION BY s.owner_key) AS cid
          FROM ${t} s JOIN ${t}_area ar ON ar.seq = s.seq
          WHERE s.rejected IS NULL AND s.owner_key IS NOT NULL${parts > 1 ? ` AND mod(hashtext(s.owner_key)::bigint + 2147483648, ${parts}) = ${k}` : ''}),
        holding AS (SELECT owner_key, cid FROM c GROUP BY owner_key, cid HAVING count(*) > 1),
        -- Each footprint once per holding (a stack's records share it).
        pieces AS (SELECT DISTINCT ON (owner_key, cid, footprint) owner_key, cid, acres
                   FROM c JOIN holding USING (owner_key, cid) ORDER BY owner_key, cid, footprint, seq),
        total AS (SELECT owner_key, cid, sum(acres) AS acres FROM pieces GROUP BY owner_key, cid)
        SELECT c.seq, total.acres, c.owner_key, c.cid FROM c JOIN total USING (owner_key, cid)`),
    ),
  )
  await stage.db.exec(`ALTER TABLE ${t}_adj ADD PRIMARY KEY (seq)`)
  const rows = await stage.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT DISTINCT owner_key, cid FROM ${t}_adj) h`,
  )
  return { holdings: rows[0]?.n ?? 0 }
}
