import type { Migration } from '../db/migrate'

/** Schema for proxy mode (migrations 30–39; server/schema.ts lists every part of the schema). */
export const PROXY_MIGRATIONS: readonly Migration[] = [
  {
    // Operator keys may read GET /proxy/usage (`npm run keys -- create --operator`).
    id: 30,
    sql: 'ALTER TABLE api_keys ADD COLUMN operator boolean NOT NULL DEFAULT false',
  },
  {
    // Paid-for upstream answers (response-cache.ts): keyed by a digest of the normalized request, so
    // no request text (addresses, owners) and never the upstream key; times in epoch milliseconds.
    id: 31,
    sql: `
      CREATE TABLE proxy_cache (
        cache_key text COLLATE "C" PRIMARY KEY,
        endpoint text NOT NULL,
        body text NOT NULL,
        records int NOT NULL,
        bytes bigint NOT NULL,
        created_ms bigint NOT NULL,
        expires_ms bigint NOT NULL,
        used_ms bigint NOT NULL
      );
      CREATE INDEX proxy_cache_used ON proxy_cache (used_ms);
    `,
  },
  {
    // What proxy mode spent upstream and what it saved (proxy-usage.ts), per month and endpoint.
    id: 32,
    sql: `
      CREATE TABLE proxy_usage (
        month text NOT NULL,
        endpoint text NOT NULL,
        upstream_calls bigint NOT NULL DEFAULT 0,
        upstream_failures bigint NOT NULL DEFAULT 0,
        upstream_records bigint NOT NULL DEFAULT 0,
        cache_hits bigint NOT NULL DEFAULT 0,
        cache_records bigint NOT NULL DEFAULT 0,
        coalesced bigint NOT NULL DEFAULT 0,
        coalesced_records bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (month, endpoint)
      );
    `,
  },
]
