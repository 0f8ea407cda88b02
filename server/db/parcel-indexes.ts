import type { Database, Queryable } from './database'

/**
 * Indexes the filters, orders and lookups need, built once after a bulk load. The GiST index serves
 * area and point search; trigram indexes serve `ilike` on owner and the fuzzy address lookup; btree
 * indexes serve the scope fields and the common filters/orders (every order ends with svc_uuid, the
 * primary key, so paging is stable).
 */
const INDEXES = [
  'CREATE INDEX IF NOT EXISTS parcels_geom_gist ON parcels USING gist (geom)',
  'CREATE INDEX IF NOT EXISTS parcels_address_trgm ON parcels USING gin (address_text gin_trgm_ops)',
  'CREATE INDEX IF NOT EXISTS parcels_owner_trgm ON parcels USING gin (owner gin_trgm_ops)',
  'CREATE INDEX IF NOT EXISTS parcels_county ON parcels (state_fp, county_fp)',
  'CREATE INDEX IF NOT EXISTS parcels_state ON parcels (state)',
  'CREATE INDEX IF NOT EXISTS parcels_crop ON parcels (cdl_majority_category)',
  'CREATE INDEX IF NOT EXISTS parcels_acres ON parcels (acres)',
  'CREATE INDEX IF NOT EXISTS parcels_value ON parcels (parcel_value)',
  'CREATE INDEX IF NOT EXISTS parcels_stack ON parcels (svc_stack_uuid)',
  // Also made by migration 12 (migrate.ts); here so a load that dropped it builds it again.
  'CREATE INDEX IF NOT EXISTS parcels_land_use_class ON parcels (land_use_class)',
]

/** The index names in INDEXES: the only indexes a load drops (an operator's own are left alone). */
const INDEX_NAMES = INDEXES.map((sql) => /IF NOT EXISTS (\w+) ON/.exec(sql)![1]!)

/**
 * Rows go into an empty `parcels` as a restore writes them: the indexes are dropped first and built
 * after the rows, each from one sorted pass instead of a random insert per row (at 200,000 parcels,
 * 3.1–3.5 s with the primary key and the land-use index in place against 1.4 s for the rows plus
 * 0.6 s to build both; issue 23). Inside the county's transaction: on PostgreSQL the DROP takes an
 * ACCESS EXCLUSIVE lock, so readers of the (empty) table wait for the commit; a table that holds
 * any row (a reload, another county) keeps its indexes and readers never wait. Returns whether it
 * dropped them: then `restoreParcelKey` must run before the commit and createParcelIndexes after.
 */
export async function dropParcelIndexesWhenEmpty(tx: Queryable): Promise<boolean> {
  const rows = await tx.query<{ empty: boolean }>('SELECT NOT EXISTS (SELECT 1 FROM parcels) AS empty')
  if (!rows[0]?.empty) return false
  await tx.exec(
    `ALTER TABLE parcels DROP CONSTRAINT parcels_pkey; ${INDEX_NAMES.map((n) => `DROP INDEX IF EXISTS ${n}`).join('; ')}`,
  )
  return true
}

/**
 * The primary key, back inside the same transaction: no other session ever sees `parcels` without
 * it, and ids stay unique (a duplicate fails the transaction, as the insert would have).
 */
export async function restoreParcelKey(tx: Queryable): Promise<void> {
  await tx.exec('ALTER TABLE parcels ADD CONSTRAINT parcels_pkey PRIMARY KEY (svc_uuid)')
}

export async function createParcelIndexes(db: Database, onStep?: (name: string) => void): Promise<void> {
  if (db.kind === 'postgres') {
    // Side by side, each on a connection of its own (CREATE INDEX takes a SHARE lock, which does not
    // block another): a GiST or GIN build runs on one core, and a bulk load waits for all of them
    // (issue 23). The embedded database has one connection: one after the other.
    onStep?.('all')
    await Promise.all(INDEXES.map((sql) => db.exec(sql)))
  } else {
    for (const sql of INDEXES) {
      onStep?.(sql.split(' ')[5] ?? sql)
      await db.exec(sql)
    }
  }
  await db.exec('ANALYZE parcels')
}
