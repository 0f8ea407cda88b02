/**
 * The data version: a digest of the `counties` table (which counties, how many parcels, when and from
 * what each was loaded). Every load, reload and delete rewrites a row there in the same transaction
 * as the parcels, so the version changes with the data and with nothing else, on every process
 * sharing the database. It is the stem of the tiles' ETag and the coverage's `version`.
 */
import type { Database } from '../db/database'
import { ttlCache } from './ttl-cache'

/** A scalar subquery, so a tile statement can read the version in its own snapshot. */
export const DATA_VERSION_SQL = `(SELECT coalesce(substr(md5(string_agg(
    concat_ws(':', state_fp, county_fp, parcels, extract(epoch FROM loaded_at), source), ','
    ORDER BY state_fp, county_fp)), 1, 16), 'empty') FROM counties)`

/**
 * The version, read at most once per `ttlMs`: revalidating a map's worth of tiles costs one small
 * statement, and a load still shows within the ttl.
 */
export function dataVersionCache(db: Database, { ttlMs, timeoutMs }: { ttlMs: number; timeoutMs: number }) {
  return ttlCache(async () => {
    const rows = await db.query<{ version: string }>(`SELECT ${DATA_VERSION_SQL} AS version`, [], { timeoutMs })
    return rows[0]?.version ?? 'empty'
  }, ttlMs)
}
