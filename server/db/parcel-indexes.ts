import type { Database } from './database'

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
]

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
