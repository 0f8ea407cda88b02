import type { Queryable, QueryOptions } from './database'
import type { Migration } from './migrate'

/**
 * Which state partitions hold a list of parcel ids (issue 40), so a `svc_uuid in …` page reads only
 * those partitions. PostgreSQL has no index across partitions: an id page against `parcels`
 * partitioned by state probes every partition's key index for every id, and at 5,000,000 parcels in
 * 50 states a page of 100 ids took 3.05× its time at 100,000 (BENCHMARKS, "At state size"). On a
 * test table of 50 partitions, naming the state as a constant cut the page from ~21 ms to ~0.7 ms.
 *
 * `parcel_states` maps each id to its state and is written only by a statement trigger on
 * `parcels`, in the inserting transaction: every row enters through `parcels` (a county load, the
 * partition conversion, the bench's state-size copies), so no writer can forget it. Deletes are not
 * tracked: an id is a UUIDv5 of state + county FIPS and parcel number (derive-ids.ts), so its state
 * never changes and a row left for a deleted parcel still names the right partition; the table grows
 * only by ids that ever existed. The key is (svc_uuid, state_fp) rather than svc_uuid alone because
 * `parcels` allows one id in two states; both are then named. PostgreSQL only: the embedded table is
 * not partitioned.
 */
const ID_STATES_SQL = `
CREATE TABLE parcel_states (
  svc_uuid text COLLATE "C" NOT NULL,
  state_fp text NOT NULL,
  PRIMARY KEY (svc_uuid, state_fp)
);
INSERT INTO parcel_states SELECT DISTINCT svc_uuid, state_fp FROM parcels;
CREATE FUNCTION parcel_states_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO parcel_states SELECT DISTINCT svc_uuid, state_fp FROM inserted ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
CREATE TRIGGER parcel_states_add AFTER INSERT ON parcels
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION parcel_states_add();
ANALYZE parcel_states`

/** Registered in server/schema.ts; id 14 of the data layer's range (below 20), after the conversion (13). */
export const ID_STATE_MIGRATIONS: readonly Migration[] = [{ id: 14, sql: ID_STATES_SQL, only: 'postgres' }]

/**
 * The state FIPS codes of `ids`, or null when any id is not in `parcel_states` (not a parcel, or
 * added after this read on a replica still replaying): the caller then reads every partition, so
 * the answer is the same with or without this lookup.
 */
export async function statesOfIds(
  db: Queryable,
  ids: readonly string[],
  opts?: QueryOptions,
): Promise<string[] | null> {
  const distinct = [...new Set(ids)]
  if (distinct.length === 0) return null
  const rows = await db.query<{ found: number; states: string[] | null }>(
    `SELECT count(DISTINCT svc_uuid)::int AS found, array_agg(DISTINCT state_fp) AS states
     FROM parcel_states WHERE svc_uuid = ANY($1::text[])`,
    [distinct],
    opts,
  )
  const row = rows[0]
  return row && row.found === distinct.length && row.states ? row.states : null
}
