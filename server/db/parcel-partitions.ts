import { ADVISORY_LOCKS as LOCKS } from './advisory-locks'
import type { Database, Queryable } from './database'
import type { Migration } from './migrate'

/**
 * `parcels` partitioned by state on PostgreSQL (issue 40; docs/decisions.md): one partition per
 * state FIPS, `parcels_s<state_fp>`, made when a load first meets the state (ensureStatePartition).
 * No DEFAULT partition: every row enters through a county load, which makes its state's partition
 * first, and a default would have to be scanned, under an ACCESS EXCLUSIVE lock, each time a new
 * state's partition is attached. The primary key is (svc_uuid, state_fp), as PostgreSQL requires
 * of a partitioned table; svc_uuid leads it so a lookup by id alone is one index probe per
 * partition, and ids stay unique across states because the state FIPS is part of the name a
 * UUIDv5 is made from (derive-ids.ts). The embedded database (PGlite) stays unpartitioned.
 */

/**
 * Converts an unpartitioned `parcels` in the migration's one transaction (migrate.ts: the migrate
 * lock makes a second server wait): the table is renamed aside, the partitioned one made from its
 * columns (LIKE keeps types, collations, NOT NULLs and defaults), one partition per state present,
 * every row copied as it is (ids, stacks, holdings, crop columns and records unchanged), then the
 * primary key and the old table's non-unique indexes (Plat's and an operator's own) are built on the
 * partitioned table, each from one pass over the copied rows; an operator's unique index cannot be
 * kept without state_fp in it and is dropped with a notice. The table's triggers are made again on
 * the new table after the copy (a database that skipped this step and met migration 14 first has
 * parcel_states' trigger on the old one; the copied rows are already in parcel_states). An empty table converts instantly. Needs room for a second
 * copy of the table until the commit.
 */
const CONVERT_SQL = `
DO $$
DECLARE
  defs text[];
  tdefs text[];
  def text;
  idx text;
  fp text;
BEGIN
  IF (SELECT relkind FROM pg_class WHERE oid = 'parcels'::regclass) = 'p' THEN
    RETURN;
  END IF;
  SELECT coalesce(array_agg(pg_get_indexdef(i.indexrelid) ORDER BY c.relname), '{}') INTO defs
  FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
  WHERE i.indrelid = 'parcels'::regclass AND NOT i.indisunique;
  SELECT coalesce(array_agg(pg_get_triggerdef(t.oid) ORDER BY t.tgname), '{}') INTO tdefs
  FROM pg_trigger t WHERE t.tgrelid = 'parcels'::regclass AND NOT t.tgisinternal;
  FOR idx IN SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
             WHERE i.indrelid = 'parcels'::regclass AND NOT i.indisunique LOOP
    EXECUTE format('DROP INDEX %I', idx);
  END LOOP;
  FOR idx IN SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
             WHERE i.indrelid = 'parcels'::regclass AND i.indisunique AND NOT i.indisprimary LOOP
    RAISE NOTICE 'unique index % on parcels is not kept: on a partitioned table it would have to include state_fp', idx;
  END LOOP;
  ALTER TABLE parcels DROP CONSTRAINT IF EXISTS parcels_pkey;
  ALTER TABLE parcels RENAME TO parcels_unpartitioned;
  CREATE TABLE parcels (LIKE parcels_unpartitioned INCLUDING DEFAULTS INCLUDING CONSTRAINTS)
    PARTITION BY LIST (state_fp);
  FOR fp IN SELECT DISTINCT state_fp FROM parcels_unpartitioned ORDER BY 1 LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF parcels FOR VALUES IN (%L)', 'parcels_s' || fp, fp);
  END LOOP;
  INSERT INTO parcels SELECT * FROM parcels_unpartitioned;
  DROP TABLE parcels_unpartitioned;
  ALTER TABLE parcels ADD CONSTRAINT parcels_pkey PRIMARY KEY (svc_uuid, state_fp);
  FOREACH def IN ARRAY defs LOOP
    EXECUTE def;
  END LOOP;
  FOREACH def IN ARRAY tdefs LOOP
    EXECUTE def;
  END LOOP;
  ANALYZE parcels;
END $$`

/** Registered in server/schema.ts; id 13 of the data layer's range (below 20). */
export const PARTITION_MIGRATIONS: readonly Migration[] = [{ id: 13, sql: CONVERT_SQL, only: 'postgres' }]

/** The partition that holds a state's parcels. */
function statePartitionName(stateFp: string): string {
  // Loads know only two-digit FIPS (states.ts); the name goes into DDL unquoted.
  if (!/^\d{2}$/.test(stateFp)) throw new Error(`not a state FIPS code: ${JSON.stringify(stateFp)}`)
  return `parcels_s${stateFp}`
}

/** Whether `parcels` is partitioned (PostgreSQL after migration 13); never on the embedded database. */
export async function parcelsPartitioned(db: Queryable): Promise<boolean> {
  const rows = await db.query<{ p: boolean }>("SELECT relkind = 'p' AS p FROM pg_class WHERE oid = 'parcels'::regclass")
  return rows[0]?.p === true
}

/**
 * Makes the state's partition when there is none, before the county's transaction (write-county.ts),
 * so that transaction only writes rows. Made as a plain table and then attached: ATTACH takes a
 * SHARE UPDATE EXCLUSIVE lock on `parcels`, which neither readers nor another load's writes
 * conflict with (CREATE TABLE … PARTITION OF would take ACCESS EXCLUSIVE and make every reader
 * wait); the partition gets the table's indexes as it attaches, instantly while empty. Under an
 * advisory lock of its own: two loads meeting a new state at once would both pass the existence
 * check, and the second's CREATE would fail on the catalog.
 */
export async function ensureStatePartition(db: Database, stateFp: string): Promise<void> {
  if (db.kind !== 'postgres') return
  const name = statePartitionName(stateFp)
  const exists = async (q: Queryable) =>
    (await q.query<{ ok: boolean }>('SELECT to_regclass($1) IS NOT NULL AS ok', [name]))[0]?.ok === true
  if (await exists(db)) return
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCKS.statePartition])
    if (!(await parcelsPartitioned(tx)) || (await exists(tx))) return
    await tx.exec(`CREATE TABLE ${name} (LIKE parcels INCLUDING DEFAULTS INCLUDING CONSTRAINTS);
      ALTER TABLE parcels ATTACH PARTITION ${name} FOR VALUES IN ('${stateFp}')`)
  })
}
