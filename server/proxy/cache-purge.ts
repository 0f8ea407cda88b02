/**
 * The operator's handle on proxy mode's response cache (issue 19: a bad answer could sit in it for
 * its 7 days with no way out): how much each endpoint holds, and emptying it — all of it, or one
 * endpoint's answers. A running server simply misses and asks upstream again.
 */
import type { Queryable } from '../db/database'
import type { ProxyEndpoint } from './cache-key'

export interface CacheShare {
  endpoint: string
  entries: number
  bytes: number
}

export async function cacheByEndpoint(db: Queryable): Promise<CacheShare[]> {
  const rows = await db.query<{ endpoint: string; entries: string | number; bytes: string | number }>(
    'SELECT endpoint, count(*) AS entries, coalesce(sum(bytes), 0) AS bytes FROM proxy_cache GROUP BY endpoint ORDER BY endpoint',
  )
  return rows.map((r) => ({ endpoint: r.endpoint, entries: Number(r.entries), bytes: Number(r.bytes) }))
}

/** Removes every cached answer, or one endpoint's; returns how many were removed. */
export async function purgeCache(db: Queryable, endpoint?: ProxyEndpoint): Promise<number> {
  const rows = endpoint
    ? await db.query<{ n: string | number }>(
        'WITH gone AS (DELETE FROM proxy_cache WHERE endpoint = $1 RETURNING 1) SELECT count(*) AS n FROM gone',
        [endpoint],
      )
    : await db.query<{ n: string | number }>(
        'WITH gone AS (DELETE FROM proxy_cache RETURNING 1) SELECT count(*) AS n FROM gone',
      )
  return Number(rows[0]?.n ?? 0)
}
