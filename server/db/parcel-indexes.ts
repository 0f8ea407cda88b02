import { ADVISORY_LOCKS as LOCKS } from './advisory-locks'
import type { Database, Queryable } from './database'
import { parcelsPartitioned } from './parcel-partitions'

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
 * it, and ids stay unique (a duplicate fails the transaction, as the insert would have). A
 * partitioned `parcels` (parcel-partitions.ts) must have its partition key in the key.
 */
export async function restoreParcelKey(tx: Queryable): Promise<void> {
  const key = (await parcelsPartitioned(tx)) ? 'svc_uuid, state_fp' : 'svc_uuid'
  await tx.exec(`ALTER TABLE parcels ADD CONSTRAINT parcels_pkey PRIMARY KEY (${key})`)
}

/**
 * One index's build. On PostgreSQL it holds a transaction-level advisory lock of its own (one key
 * per index) while it builds, so a server building what a killed load left out
 * (buildMissingParcelIndexes) and a load building the same index never race: two concurrent
 * `CREATE INDEX IF NOT EXISTS` of one name both pass the check, and the second fails on the catalog
 * ("duplicate key value violates unique constraint") once the first commits. The lock rides in the
 * statement's own implicit transaction, so it needs no connection of its own.
 */
function buildIndex(db: Database, k: number): Promise<void> {
  const sql = INDEXES[k]!
  return db.exec(db.kind === 'postgres' ? `SELECT pg_advisory_xact_lock(${LOCKS.indexes}, ${k}); ${sql}` : sql)
}

export interface IndexBuildOptions {
  /** only these (INDEX_NAMES); all by default */
  only?: readonly string[]
  /** PostgreSQL: builds at once, each holding a connection (all by default, as a load wants) */
  atOnce?: number
}

export async function createParcelIndexes(db: Database, o: IndexBuildOptions = {}): Promise<void> {
  const ks = INDEX_NAMES.flatMap((name, k) => (!o.only || o.only.includes(name) ? [k] : []))
  if (db.kind === 'postgres') {
    // Side by side, each on a connection of its own (CREATE INDEX takes a SHARE lock, which does not
    // block another): a GiST or GIN build runs on one core, and a bulk load waits for all of them
    // (issue 23). The embedded database has one connection: one after the other.
    const queue = [...ks]
    const worker = async () => {
      for (let k = queue.shift(); k !== undefined; k = queue.shift()) await buildIndex(db, k)
    }
    await Promise.all(Array.from({ length: Math.min(queue.length, o.atOnce ?? queue.length) }, worker))
  } else {
    for (const k of ks) await buildIndex(db, k)
  }
  await db.exec('ANALYZE parcels')
}

/** Plat's parcel indexes that are not there (a catalog read: it waits for no lock on `parcels`). */
export async function missingParcelIndexes(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    "SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'parcels'",
  )
  const have = new Set(rows.map((r) => r.name))
  return INDEX_NAMES.filter((n) => !have.has(n))
}

/**
 * At server start: a first load killed after its commit but before its index builds (or a demo
 * generation killed the same way) leaves `parcels` with rows and without the secondary indexes, so
 * area search and the filters scan the whole table until the next load builds them. This builds
 * what is missing (none when nothing is; none on an empty table, whose first load builds them) and
 * returns the names it built. Meant to run beside serving: reads keep working during a build (its
 * SHARE lock does not block them), only slower until it ends.
 */
export async function buildMissingParcelIndexes(db: Database, log: (line: string) => void): Promise<string[]> {
  const missing = await missingParcelIndexes(db)
  if (missing.length === 0) return []
  // Waits while a first load's transaction holds the empty table (dropParcelIndexesWhenEmpty); that
  // load then builds the same indexes, and the per-index locks (buildIndex) keep the builds apart.
  const [row] = await db.query<{ any: boolean }>('SELECT EXISTS (SELECT 1 FROM parcels) AS any')
  if (!row?.any) return []
  const t0 = performance.now()
  log(
    `Building ${missing.length} missing parcel index(es) (${missing.join(', ')}; a load stopped before its last step leaves them out): searches are slower until they are built…`,
  )
  // Two at a time: the server keeps its other connections for the requests it serves meanwhile.
  await createParcelIndexes(db, { only: missing, atOnce: 2 })
  log(`  built in ${((performance.now() - t0) / 1000).toFixed(1)}s.`)
  return missing
}
