import type { Database } from './database'

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
