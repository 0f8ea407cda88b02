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
  {
    // Delivery (webhooks, e-mail). `watch_outbox` is written in the load's transaction beside the
    // events and drained after it commits (delivery-outbox.ts): one row per watch, channel and
    // reload, kept until delivered or given up, so a restart loses nothing. `watch_deliveries` is
    // the log of every attempt the API shows.
    id: 51,
    sql: `
      ALTER TABLE watches
        ADD COLUMN origin text,
        ADD COLUMN webhook_url text,
        ADD COLUMN webhook_secret text,
        ADD COLUMN webhook_failures integer NOT NULL DEFAULT 0,
        ADD COLUMN webhook_disabled_at timestamptz,
        ADD COLUMN webhook_disabled_reason text,
        ADD COLUMN email text,
        ADD COLUMN email_failures integer NOT NULL DEFAULT 0,
        ADD COLUMN email_disabled_at timestamptz,
        ADD COLUMN email_disabled_reason text;
      CREATE TABLE watch_outbox (
        id bigserial PRIMARY KEY,
        watch_id text NOT NULL REFERENCES watches(id) ON DELETE CASCADE,
        channel text NOT NULL,
        data_version text NOT NULL,
        state text NOT NULL DEFAULT 'pending',
        attempts integer NOT NULL DEFAULT 0,
        next_at timestamptz NOT NULL DEFAULT now(),
        lease_until timestamptz,
        UNIQUE (watch_id, channel, data_version)
      );
      CREATE INDEX watch_outbox_due ON watch_outbox (next_at) WHERE state = 'pending';
      CREATE TABLE watch_deliveries (
        id bigserial PRIMARY KEY,
        outbox_id bigint NOT NULL REFERENCES watch_outbox(id) ON DELETE CASCADE,
        watch_id text NOT NULL REFERENCES watches(id) ON DELETE CASCADE,
        channel text NOT NULL,
        attempt integer NOT NULL,
        ok boolean NOT NULL,
        status integer,
        error text,
        at timestamptz NOT NULL DEFAULT now(),
        duration_ms integer NOT NULL
      );
      CREATE INDEX watch_deliveries_watch ON watch_deliveries (watch_id, id);
    `,
  },
]
