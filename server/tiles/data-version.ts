/** The data version (db/data-version-sql.ts), cached for the tiles' ETags. */
import { DATA_VERSION_SQL } from '../db/data-version-sql'
import type { Database } from '../db/database'
import { ttlCache } from './ttl-cache'

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
