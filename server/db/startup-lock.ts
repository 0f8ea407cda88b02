import type { Database } from './database'

/** Advisory lock keys (PostgreSQL): one per kind of start-up work that two processes must not do at once. */
export const LOCKS = {
  migrate: 7_301_001,
  dataset: 7_301_002,
  changeLog: 7_301_003,
  /** with a second key, the index's place in parcel-indexes.ts: one lock per parcel index build */
  indexes: 7_301_004,
} as const

/**
 * Runs `fn` while holding a PostgreSQL advisory lock, so several server processes starting on one
 * database do not migrate or load it twice; the lock lives in a transaction of its own that `fn`
 * does not use. The embedded database has one process (the DATA_DIR lock), so nothing is needed.
 */
export function withStartupLock<T>(db: Database, key: number, fn: () => Promise<T>): Promise<T> {
  if (db.kind !== 'postgres') return fn()
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [key])
    return fn()
  })
}
