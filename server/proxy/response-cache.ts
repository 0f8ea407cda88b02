/**
 * Paid-for upstream answers, kept in the database (either backend) so a repeated question costs
 * nothing upstream for UPSTREAM_CACHE_TTL_HOURS, across restarts and across server processes on
 * one PostgreSQL. One row an answer, its body as the upstream sent it (a 4 MB area answer is one
 * row). Every statement is short (one row by its key, or one eviction pass), for the embedded
 * database's single connection and statement timeout.
 *
 * Size cap: each process keeps an estimate of the total (read at start, grown by its writes); when
 * the estimate passes the cap, or every EXACT_EVERY writes (other processes write too), one
 * statement deletes expired answers and the least recently used ones beyond 90% of the cap and
 * returns the exact total.
 */
import type { Database, QueryOptions } from '../db/database'
import { describeDbError } from '../db/db-errors'

const EXACT_EVERY = 100
/** Evicting down to 90% leaves room for the next writes before the next eviction. */
const LOW_WATER = 0.9

export interface CachedAnswer {
  body: string
  records: number
}

export interface ResponseCache {
  /** The answer stored under `key`, if it has not expired (it then counts as recently used). */
  get(key: string, opts: QueryOptions): Promise<CachedAnswer | null>
  put(key: string, endpoint: string, answer: CachedAnswer): Promise<void>
  stats(): Promise<{ entries: number; bytes: number }>
}

export interface CacheOptions {
  ttlMs: number
  maxBytes: number
  timeoutMs: number
  now?: () => number
  log?: (line: string) => void
}

export async function openResponseCache(db: Database, opts: CacheOptions): Promise<ResponseCache> {
  const now = opts.now ?? Date.now
  const settle: QueryOptions = { timeoutMs: opts.timeoutMs }
  let estimate = 0
  let writes = 0

  async function evict(): Promise<void> {
    const rows = await db.query<{ total: string | number }>(
      `WITH ranked AS (
         SELECT cache_key, expires_ms, sum(bytes) OVER (ORDER BY used_ms DESC, cache_key) AS running FROM proxy_cache
       ), gone AS (
         DELETE FROM proxy_cache c USING ranked r
         WHERE c.cache_key = r.cache_key AND (r.expires_ms <= $1 OR r.running > $2)
         RETURNING c.bytes
       )
       SELECT (SELECT coalesce(sum(bytes), 0) FROM proxy_cache) - (SELECT coalesce(sum(bytes), 0) FROM gone) AS total`,
      [now(), Math.floor(opts.maxBytes * LOW_WATER)],
      settle,
    )
    estimate = Number(rows[0]?.total ?? 0)
  }

  await evict()

  return {
    async get(key, o) {
      if (opts.ttlMs <= 0) return null
      const rows = await db.query<{ body: string; records: number }>(
        'UPDATE proxy_cache SET used_ms = $2 WHERE cache_key = $1 AND expires_ms > $2 RETURNING body, records',
        [key, now()],
        o,
      )
      return rows[0] ?? null
    },
    async put(key, endpoint, answer) {
      const bytes = Buffer.byteLength(answer.body)
      // One answer larger than a quarter of the cap would push out most of the others.
      if (opts.ttlMs <= 0 || bytes > opts.maxBytes / 4) return
      const t = now()
      await db.query(
        `INSERT INTO proxy_cache (cache_key, endpoint, body, records, bytes, created_ms, expires_ms, used_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $6)
         ON CONFLICT (cache_key) DO UPDATE SET body = EXCLUDED.body, records = EXCLUDED.records,
           bytes = EXCLUDED.bytes, created_ms = EXCLUDED.created_ms, expires_ms = EXCLUDED.expires_ms,
           used_ms = EXCLUDED.used_ms`,
        [key, endpoint, answer.body, answer.records, bytes, t, t + opts.ttlMs],
        settle,
      )
      estimate += bytes
      if (estimate > opts.maxBytes || ++writes % EXACT_EVERY === 0) {
        await evict().catch((e) => opts.log?.(`proxy cache eviction failed: ${describeDbError(e)}`))
      }
    },
    async stats() {
      const rows = await db.query<{ entries: string | number; bytes: string | number }>(
        'SELECT count(*) AS entries, coalesce(sum(bytes), 0) AS bytes FROM proxy_cache WHERE expires_ms > $1',
        [now()],
        settle,
      )
      return { entries: Number(rows[0]?.entries ?? 0), bytes: Number(rows[0]?.bytes ?? 0) }
    },
  }
}
