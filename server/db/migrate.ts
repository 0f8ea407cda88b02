import { ADVISORY_LOCKS as LOCKS } from './advisory-locks'
import type { Database } from './database'

/** One schema step; ids are unique across the whole schema and applied in ascending order. */
export interface Migration {
  id: number
  sql: string
  /** Applied on this backend only; elsewhere recorded as done without running (parcel-partitions.ts). */
  only?: Database['kind']
}

/**
 * The data layer's own schema (ids below 20): parcels, keys, usage, dataset meta, counties. The
 * features add theirs (tiles 20–29 in tiles/tiles-schema.ts, proxy 30–39 in proxy/proxy-schema.ts;
 * the tables two features share, beside their SQL: places-repo.ts 22, change-log-repo.ts 40);
 * server/schema.ts lists them all, so this layer imports no feature. Applied in order and recorded
 * in `schema_migrations`. Every queryable field of
 * the contract is a real column (filters and orders run on these);
 * `record` holds the whole record as ready-to-send JSON text and `buildings` its buildings as a JSON
 * array, both written once at load, so serving a page costs no per-row JSON assembly. Secondary indexes are built
 * after a bulk load (see parcel-indexes.ts), not here, so loading stays fast.
 */
export const DB_MIGRATIONS: readonly Migration[] = [
  {
    id: 1,
    sql: `
      CREATE EXTENSION IF NOT EXISTS postgis;
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE TABLE parcels (
        svc_uuid text COLLATE "C" PRIMARY KEY,
        svc_stack_uuid text,
        owner text, parcel_id text, situs text, mail_addr text, city text,
        land_use text, land_use_code text, legal text, cdl_majority_category text,
        acres double precision, acres_calc double precision, parcel_value double precision,
        land_value double precision, improvements_value double precision,
        agricultural_value double precision, building_value double precision,
        sale_price double precision, tax_amount double precision, elevation double precision,
        adjacent_acreage_sameowner double precision, cdl_majority_value double precision,
        cdl_majority_percent double precision, sq_feet double precision,
        state_fp text NOT NULL, state text NOT NULL, county_fp text NOT NULL, county text NOT NULL,
        postal text, zoning text, owner_type text, sale_date text,
        record text NOT NULL,
        buildings text NOT NULL DEFAULT '[]',
        address_text text,
        geom geometry(MultiPolygon, 4326) NOT NULL
      );
      CREATE TABLE api_keys (
        id text PRIMARY KEY,
        name text NOT NULL,
        key_hash text NOT NULL UNIQUE,
        key_prefix text NOT NULL,
        endpoints text[] NOT NULL,
        monthly_limit bigint,
        quota_unit text NOT NULL DEFAULT 'requests',
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE api_usage (
        key_id text NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
        month text NOT NULL,
        used bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (key_id, month)
      );
      CREATE TABLE dataset_meta (key text PRIMARY KEY, value jsonb NOT NULL);
    `,
  },
  {
    // The demo key is marked so DEMO=off can revoke it even when its file is gone.
    id: 2,
    sql: 'ALTER TABLE api_keys ADD COLUMN demo boolean NOT NULL DEFAULT false',
  },
  {
    // The loaded counties (issue 12), kept by every load; a DATA_DIR from before gets its rows here.
    id: 10,
    sql: `
      CREATE TABLE counties (
        state_fp text NOT NULL,
        county_fp text NOT NULL,
        state text NOT NULL,
        county text NOT NULL,
        parcels int NOT NULL,
        west double precision, south double precision, east double precision, north double precision,
        loaded_at timestamptz NOT NULL DEFAULT now(),
        source text NOT NULL,
        PRIMARY KEY (state_fp, county_fp)
      );
      INSERT INTO counties (state_fp, county_fp, state, county, parcels, west, south, east, north, source)
      SELECT state_fp, county_fp, min(state), min(county), count(*)::int,
             ST_XMin(ST_Extent(geom)::box3d), ST_YMin(ST_Extent(geom)::box3d),
             ST_XMax(ST_Extent(geom)::box3d), ST_YMax(ST_Extent(geom)::box3d),
             CASE WHEN EXISTS (SELECT 1 FROM dataset_meta WHERE key = 'demo') THEN 'demo' ELSE 'unknown' END
      FROM parcels GROUP BY state_fp, county_fp;
    `,
  },
  {
    // Crop-history extension columns (issue 25), derived at load from cdl_history. Ids are applied
    // one by one (not "above the highest"), so a database that already has 20–32 still gets this.
    id: 11,
    sql: 'ALTER TABLE parcels ADD COLUMN rotation text, ADD COLUMN corn_years_5 double precision',
  },
  {
    // The national land-use class (issue 23), derived at load from land_use_code and land_use
    // (contract/land-use-classify.ts). Rows loaded before it stay null until their county is
    // loaded again; the index serves the class filter and the land-use theme's pick-list.
    id: 12,
    sql: `ALTER TABLE parcels ADD COLUMN land_use_class text;
          CREATE INDEX IF NOT EXISTS parcels_land_use_class ON parcels (land_use_class)`,
  },
]

/** Applies the steps of `migrations` not yet recorded, in ascending id order. */
export async function migrate(db: Database, migrations: readonly Migration[]): Promise<void> {
  const ordered = [...migrations].sort((a, b) => a.id - b.id)
  // One transaction: a migration applies whole or not at all, and on PostgreSQL the advisory lock
  // makes a second server process starting at the same moment wait, then find the work done.
  await db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCKS.migrate])
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (id int PRIMARY KEY, applied_at timestamptz DEFAULT now())',
    )
    const done = new Set((await tx.query<{ id: number }>('SELECT id FROM schema_migrations')).map((r) => r.id))
    for (const m of ordered) {
      if (done.has(m.id)) continue
      if (!m.only || m.only === db.kind) await tx.exec(m.sql)
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [m.id])
    }
  })
}
