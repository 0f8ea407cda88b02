import type { Migration } from '../db/migrate'

/**
 * Parcel Watch's tables (migrations 50–59, listed in server/schema.ts). Every row hangs off its key:
 * deleting a key deletes its watches and their events. `watch_members` holds an area watch's
 * parcel set as of the last load, which the next load's set is compared with (entered / left);
 * the unique event key makes a repeated reload of the same data version add nothing.
 */
export const WATCHES_MIGRATIONS: readonly Migration[] = [
  {
    id: 50,
    sql: `
      CREATE TABLE watches (
        id text PRIMARY KEY,
        key_id text NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
        name text NOT NULL,
        kind text NOT NULL,
        spec jsonb NOT NULL,
        area geometry(MultiPolygon, 4326),
        value_share double precision NOT NULL,
        paused boolean NOT NULL DEFAULT false,
        feed_secret text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX watches_key ON watches (key_id, created_at);
      CREATE TABLE watch_members (
        watch_id text NOT NULL REFERENCES watches(id) ON DELETE CASCADE,
        svc_uuid text NOT NULL,
        state_fp text NOT NULL,
        county_fp text NOT NULL,
        PRIMARY KEY (watch_id, svc_uuid)
      );
      CREATE INDEX watch_members_county ON watch_members (state_fp, county_fp);
      CREATE TABLE watch_events (
        id bigserial PRIMARY KEY,
        watch_id text NOT NULL REFERENCES watches(id) ON DELETE CASCADE,
        svc_uuid text NOT NULL,
        kind text NOT NULL,
        before jsonb,
        after jsonb,
        state_fp text NOT NULL,
        county_fp text NOT NULL,
        parcel_id text,
        situs text,
        data_version text NOT NULL,
        at timestamptz NOT NULL,
        UNIQUE (watch_id, svc_uuid, kind, data_version)
      );
      CREATE INDEX watch_events_watch ON watch_events (watch_id, id);
    `,
  },
]
