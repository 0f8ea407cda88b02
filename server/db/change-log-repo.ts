/**
 * The change log's one home (issue 23): its tables (migrations 40–49, listed with every part of the
 * schema in server/schema.ts) and the writes every load, reload and delete of a county makes in the
 * transaction that changes its parcels, so the log and the data never disagree. `change_loads`: one
 * row per load with the data version before and after it (data-version-sql.ts) and its counts by
 * kind; `parcel_changes`: one row per changed parcel of a reload (contract/changes.ts kinds; the
 * per-parcel rows of a reload are load/write/compare-county.ts's, `GET /changes` reads them in
 * changes/). A lock makes concurrent loads on one PostgreSQL take turns here, so each row's
 * `previous_version` is the version the one before it left.
 */
import type { ChangeCounts } from '../../contract/changes'
import { ADVISORY_LOCKS as LOCKS } from './advisory-locks'
import { DATA_VERSION_SQL } from './data-version-sql'
import type { Queryable } from './database'
import type { Migration } from './migrate'

export const CHANGES_MIGRATIONS: readonly Migration[] = [
  {
    id: 40,
    sql: `
      CREATE TABLE change_loads (
        id serial PRIMARY KEY,
        state_fp text NOT NULL,
        county_fp text NOT NULL,
        state text NOT NULL,
        county text NOT NULL,
        kind text NOT NULL,
        previous_version text NOT NULL,
        version text NOT NULL,
        loaded_at timestamptz NOT NULL,
        source text NOT NULL,
        parcels int NOT NULL,
        counts jsonb NOT NULL DEFAULT '{}'
      );
      CREATE INDEX change_loads_version ON change_loads (version);
      CREATE INDEX change_loads_previous ON change_loads (previous_version);
      CREATE TABLE parcel_changes (
        id bigserial PRIMARY KEY,
        load_id int NOT NULL REFERENCES change_loads(id) ON DELETE CASCADE,
        svc_uuid text NOT NULL,
        kind text NOT NULL,
        facets text[] NOT NULL DEFAULT '{}',
        related text[] NOT NULL DEFAULT '{}',
        lon double precision,
        lat double precision,
        parcel_id text,
        situs text,
        before jsonb,
        after jsonb
      );
      CREATE INDEX parcel_changes_load ON parcel_changes (load_id, id);
      CREATE INDEX parcel_changes_uuid ON parcel_changes (svc_uuid);
      CREATE INDEX parcel_changes_related ON parcel_changes USING gin (related);
    `,
  },
]

export type LoadKind = 'first' | 'reload' | 'delete'

export interface LoadEntry {
  id: number
  version: string
}

/** Takes the change log's lock and reads the version before this transaction's change. */
export async function openChangeLog(tx: Queryable): Promise<string> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCKS.changeLog])
  const rows = await tx.query<{ version: string }>(`SELECT ${DATA_VERSION_SQL} AS version`)
  return rows[0]?.version ?? 'empty'
}

/** Records the load (after the county's `counties` row is written or deleted); counts come later. */
export async function recordLoad(
  tx: Queryable,
  o: {
    county: { state_fp: string; county_fp: string; state: string; county: string }
    kind: LoadKind
    source: string
    parcels: number
    previousVersion: string
  },
): Promise<LoadEntry> {
  const rows = await tx.query<{ id: number; version: string }>(
    `INSERT INTO change_loads (state_fp, county_fp, state, county, kind, previous_version, version, loaded_at, source, parcels)
     SELECT $1, $2, $3, $4, $5, $6, ${DATA_VERSION_SQL}, now(), $7, $8
     RETURNING id, version`,
    [
      o.county.state_fp,
      o.county.county_fp,
      o.county.state,
      o.county.county,
      o.kind,
      o.previousVersion,
      o.source,
      o.parcels,
    ],
  )
  return rows[0]!
}

/** Counts the load's parcel rows by kind into its `change_loads` row. */
export async function finishLoad(tx: Queryable, load: LoadEntry): Promise<ChangeCounts> {
  const rows = await tx.query<{ counts: ChangeCounts | string | null }>(
    `UPDATE change_loads SET counts = coalesce(
       (SELECT jsonb_object_agg(kind, n) FROM (SELECT kind, count(*)::int AS n FROM parcel_changes
                                                WHERE load_id = $1 GROUP BY kind) k), '{}')
     WHERE id = $1 RETURNING counts`,
    [load.id],
  )
  const counts = rows[0]?.counts ?? {}
  return typeof counts === 'string' ? (JSON.parse(counts) as ChangeCounts) : counts
}

/**
 * A county deleted (`npm run load -- --delete`): call before its parcels go. Its parcels are logged
 * as removed, so a link to them learns where they went.
 */
export async function logCountyDeleted(
  tx: Queryable,
  county: { state_fp: string; county_fp: string },
): Promise<ChangeCounts | null> {
  const previousVersion = await openChangeLog(tx)
  const row = (
    await tx.query<{ state: string; county: string; parcels: number }>(
      'SELECT state, county, parcels FROM counties WHERE state_fp = $1 AND county_fp = $2',
      [county.state_fp, county.county_fp],
    )
  )[0]
  if (!row) return null
  // The counties row goes with the parcels; the version after the delete is the one without it.
  await tx.query('DELETE FROM counties WHERE state_fp = $1 AND county_fp = $2', [county.state_fp, county.county_fp])
  const load = await recordLoad(tx, {
    county: { ...county, state: row.state, county: row.county },
    kind: 'delete',
    source: 'deleted',
    parcels: 0,
    previousVersion,
  })
  await tx.query(
    `INSERT INTO parcel_changes (load_id, svc_uuid, kind, facets, lon, lat, parcel_id, situs, before)
     SELECT $1, svc_uuid, 'removed', '{removed}', (ST_XMin(geom) + ST_XMax(geom)) / 2, (ST_YMin(geom) + ST_YMax(geom)) / 2,
            parcel_id, situs, jsonb_build_object('owner', owner, 'sale_date', sale_date, 'sale_price', sale_price,
                                                 'parcel_value', parcel_value)
     FROM parcels WHERE state_fp = $2 AND county_fp = $3`,
    [load.id, county.state_fp, county.county_fp],
  )
  return finishLoad(tx, load)
}
