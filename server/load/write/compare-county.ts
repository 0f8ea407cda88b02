/**
 * What a reload changed (issue 23), inside the transaction that replaces the county: the old
 * parcels are set aside as they are deleted (`setAsideOldCounty`), and once the new ones are in,
 * `compareCounty` writes one `parcel_changes` row per changed parcel.
 *
 * Same id on both sides (stable ids, derive-ids.ts): sold (a new sale date or price), new owner
 * (owner names compared as `ownerKeySql` normalises them), value changed, in set-based SQL, so a
 * county-wide revaluation costs one statement. Ids gone, new, or whose boundary moved: their
 * overlaps with the other side are measured in PostGIS and change-structure.ts decides split,
 * merged, renumbered, added, removed or reshaped. Precedence and facets: contract/changes.ts.
 */
import type { ChangeCounts } from '../../../contract/changes'
import { finishLoad, type LoadEntry } from '../../db/change-log-repo'
import type { Queryable } from '../../db/database'
import { ownerKeySql } from '../derive/owner-key'
import { classifyStructure, type StructureChange } from './change-structure'

/** The county's old parcels while its transaction lasts (read by the watches' evaluation, issue 41). */
export const OLD_COUNTY_TABLE = 'plat_old_county'
const OLD = OLD_COUNTY_TABLE
const DIFF = 'plat_county_diff'

const SNAPSHOT_COLUMNS = 'svc_uuid, parcel_id, situs, owner, sale_date, sale_price, parcel_value, land_use_class, geom'

/** Deletes the county's parcels, keeping what the comparison needs until the transaction ends. */
export async function setAsideOldCounty(tx: Queryable, stateFp: string, countyFp: string): Promise<number> {
  await tx.exec(`DROP TABLE IF EXISTS ${OLD};
    CREATE TEMP TABLE ${OLD} ON COMMIT DROP AS SELECT ${SNAPSHOT_COLUMNS} FROM parcels WITH NO DATA`)
  const rows = await tx.query<{ n: number }>(
    `WITH d AS (DELETE FROM parcels WHERE state_fp = $1 AND county_fp = $2 RETURNING ${SNAPSHOT_COLUMNS}),
          i AS (INSERT INTO ${OLD} SELECT * FROM d RETURNING 1)
     SELECT count(*)::int AS n FROM i`,
    [stateFp, countyFp],
  )
  return rows[0]?.n ?? 0
}

const snapshot = (t: string) =>
  `jsonb_build_object('owner', ${t}.owner, 'sale_date', ${t}.sale_date, 'sale_price', ${t}.sale_price, 'parcel_value', ${t}.parcel_value)`
const centre = (g: string, axis: 'X' | 'Y') => `(ST_${axis}Min(${g}) + ST_${axis}Max(${g})) / 2`

/** Every id that differs in any compared way, with both sides' values and points. */
const DIFF_SQL = `CREATE TEMP TABLE ${DIFF} ON COMMIT DROP AS
  SELECT coalesce(n.svc_uuid, o.svc_uuid) AS svc_uuid, o.svc_uuid IS NOT NULL AS had, n.svc_uuid IS NOT NULL AS has,
         o.svc_uuid IS NOT NULL AND n.svc_uuid IS NOT NULL AND NOT ST_OrderingEquals(o.geom, n.geom) AS moved,
         (n.sale_date IS NOT NULL AND n.sale_date IS DISTINCT FROM o.sale_date)
           OR (n.sale_price IS NOT NULL AND n.sale_price IS DISTINCT FROM o.sale_price) AS sold,
         o.owner IS DISTINCT FROM n.owner AND ${ownerKeySql('o.owner')} IS DISTINCT FROM ${ownerKeySql('n.owner')} AS new_owner,
         o.parcel_value IS DISTINCT FROM n.parcel_value AS value_changed,
         ST_Area(o.geom) AS old_area, ST_Area(n.geom) AS new_area,
         ${centre('o.geom', 'X')} AS old_lon, ${centre('o.geom', 'Y')} AS old_lat,
         ${centre('n.geom', 'X')} AS new_lon, ${centre('n.geom', 'Y')} AS new_lat,
         coalesce(n.parcel_id, o.parcel_id) AS parcel_id, coalesce(n.situs, o.situs) AS situs,
         CASE WHEN o.svc_uuid IS NOT NULL THEN ${snapshot('o')} END AS before,
         CASE WHEN n.svc_uuid IS NOT NULL THEN ${snapshot('n')} END AS after
  FROM ${OLD} o
  FULL JOIN (SELECT ${SNAPSHOT_COLUMNS} FROM parcels WHERE state_fp = $1 AND county_fp = $2) n ON n.svc_uuid = o.svc_uuid
  WHERE o.svc_uuid IS NULL OR n.svc_uuid IS NULL OR NOT ST_OrderingEquals(o.geom, n.geom)
     OR o.owner IS DISTINCT FROM n.owner OR o.sale_date IS DISTINCT FROM n.sale_date
     OR o.sale_price IS DISTINCT FROM n.sale_price OR o.parcel_value IS DISTINCT FROM n.parcel_value`

/** Overlaps between the old and new boundaries of ids that are gone, new or moved. */
const OVERLAPS_SQL = `SELECT o.svc_uuid AS old, n.svc_uuid AS new, ST_Area(ST_Intersection(o.geom, n.geom)) AS area
  FROM ${OLD} o
  JOIN ${DIFF} od ON od.svc_uuid = o.svc_uuid AND (NOT od.has OR od.moved)
  JOIN parcels n ON n.state_fp = $1 AND n.county_fp = $2 AND n.geom && o.geom AND ST_Intersects(n.geom, o.geom)
  JOIN ${DIFF} nd ON nd.svc_uuid = n.svc_uuid AND (NOT nd.had OR nd.moved)`

const ATTRIBUTE_KIND = `CASE WHEN d.sold THEN 'sold' WHEN d.new_owner THEN 'new_owner' ELSE 'value_changed' END`
const ATTRIBUTE_FACETS = `array_remove(ARRAY[CASE WHEN d.sold THEN 'sold' END, CASE WHEN d.new_owner THEN 'new_owner' END,
                                             CASE WHEN d.value_changed THEN 'value_changed' END], NULL)`

export interface CountyChanges {
  counts: ChangeCounts
  /** parcels whose id was there before and that nothing changed */
  unchanged: number
}

export async function compareCounty(
  tx: Queryable,
  county: { state_fp: string; county_fp: string },
  load: LoadEntry,
): Promise<CountyChanges> {
  const params = [county.state_fp, county.county_fp]
  await tx.query(`DROP TABLE IF EXISTS ${DIFF}`)
  await tx.query(DIFF_SQL, params)
  const sides = await tx.query<{ svc_uuid: string; had: boolean; has: boolean; old_area: number; new_area: number }>(
    `SELECT svc_uuid, had, has, old_area, new_area FROM ${DIFF} WHERE NOT had OR NOT has OR moved`,
  )
  const overlaps = sides.length ? await tx.query<{ old: string; new: string; area: number }>(OVERLAPS_SQL, params) : []
  const structure = classifyStructure(
    sides.filter((s) => s.had).map((s) => ({ id: s.svc_uuid, area: s.old_area, both: s.has })),
    sides.filter((s) => s.has).map((s) => ({ id: s.svc_uuid, area: s.new_area, both: s.had })),
    overlaps,
  )
  await insertStructure(tx, load, structure)
  // Attribute changes of ids on both sides, unless the id is told as a split, merge or renumbering.
  const told = structure.filter((c) => c.kind !== 'reshaped').flatMap((c) => [c.id, ...c.related])
  const reshaped = structure.filter((c) => c.kind === 'reshaped').map((c) => c.id)
  await tx.query(
    `WITH ins AS (
       INSERT INTO parcel_changes (load_id, svc_uuid, kind, facets, lon, lat, parcel_id, situs, before, after)
       SELECT $1, d.svc_uuid, ${ATTRIBUTE_KIND},
              ${ATTRIBUTE_FACETS} || CASE WHEN d.svc_uuid = ANY($3::text[]) THEN ARRAY['reshaped'] ELSE '{}'::text[] END,
              d.new_lon, d.new_lat, d.parcel_id, d.situs, d.before, d.after
       FROM ${DIFF} d
       WHERE d.had AND d.has AND (d.sold OR d.new_owner OR d.value_changed) AND NOT d.svc_uuid = ANY($2::text[])
       RETURNING svc_uuid)
     DELETE FROM parcel_changes p USING ins WHERE p.load_id = $1 AND p.svc_uuid = ins.svc_uuid AND p.kind = 'reshaped'`,
    [load.id, told, reshaped],
  )
  const counts = await finishLoad(tx, load)
  const kept = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${OLD} o JOIN parcels n ON n.svc_uuid = o.svc_uuid
     WHERE n.state_fp = $1 AND n.county_fp = $2`,
    params,
  )
  const touched = await tx.query<{ n: number }>(
    `SELECT count(DISTINCT u)::int AS n FROM parcel_changes c, unnest(ARRAY[c.svc_uuid] || c.related) u
     WHERE c.load_id = $1 AND EXISTS (SELECT 1 FROM ${DIFF} d WHERE d.svc_uuid = u AND d.had AND d.has)`,
    [load.id],
  )
  return { counts, unchanged: (kept[0]?.n ?? 0) - (touched[0]?.n ?? 0) }
}

/** Structural rows, told from the old boundary (split, renumbered, removed) or the new one. */
async function insertStructure(tx: Queryable, load: LoadEntry, changes: readonly StructureChange[]): Promise<void> {
  if (changes.length === 0) return
  await tx.query(
    `INSERT INTO parcel_changes (load_id, svc_uuid, kind, facets, related, lon, lat, parcel_id, situs, before, after)
     SELECT $1, c.id, c.kind, ARRAY[c.kind], c.related,
            CASE WHEN c.side = 'old' THEN d.old_lon ELSE d.new_lon END,
            CASE WHEN c.side = 'old' THEN d.old_lat ELSE d.new_lat END,
            d.parcel_id, d.situs, d.before, d.after
     FROM jsonb_to_recordset($2::jsonb) AS c(id text, kind text, related text[], side text)
     JOIN ${DIFF} d ON d.svc_uuid = c.id`,
    [load.id, JSON.stringify(changes)],
  )
}
