import pg from 'pg'
import { type Database, type Queryable, SESSION_SETUP } from './database'

/** A PostgreSQL + PostGIS server, for real data at scale. */
export async function openPostgres(url: string): Promise<Database> {
  // Session settings go in the startup packet so every pooled connection has them from its first query.
  const options = SESSION_SETUP.split(';')
    .map((s) => s.trim().replace(/^SET\s+(\S+)\s*=\s*(\S+)$/i, '-c $1=$2'))
    .join(' ')
  const pool = new pg.Pool({ connectionString: url, max: 8, statement_timeout: 30_000, options })
  // Fail fast with a clear message rather than on the first request.
  await pool.query('select 1')
  const on = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T extends Record<string, unknown>>(sql: string, params: readonly unknown[] = []) {
      const res = await client.query(sql, params as unknown[])
      return res.rows as T[]
    },
    async exec(sql: string) {
      await client.query(sql)
    },
  })
  return {
    kind: 'postgres',
    ...on(pool),
    async transaction(fn) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const out = await fn(on(client))
        await client.query('COMMIT')
        return out
      } catch (e) {
        await client.query('ROLLBACK').catch(() => {})
        throw e
      } finally {
        client.release()
      }
    },
    async close() {
      await pool.end()
    },
  }
}
