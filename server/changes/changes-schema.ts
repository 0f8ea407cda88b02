/**
 * The change log (issue 23, migrations 40–49; server/schema.ts lists every part of the schema).
 * `change_loads`: one row per load, reload or delete of a county, with the data version before and
 * after it (db/data-version-sql.ts) and its counts; `parcel_changes`: one row per changed parcel of a
 * reload (contract/changes.ts kinds). The loader writes both in the transaction that replaces the
 * county (db/change-log-write.ts), so the log and the data never disagree; `GET /changes` reads them.
 */
import type { Migration } from '../db/migrate'

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
