import pg from 'pg'
import { type Database, SESSION_SETUP } from './database'

/** A PostgreSQL + PostGIS server, for real data at scale. */
export async function openPostgres(url: string): Promise<Database> {
  // Session settings go in the startup packet so every pooled connection has them from its first query.
  const options = SESSION_SETUP.split(';')
    .map((s) => s.trim().replace(/^SET\s+(\S+)\s*=\s*(\S+)$/i, '-c $1=$2'))
    .join(' ')
  const pool = new pg.Pool({ connectionString: url, max: 8, statement_timeout: 30_000, options })
  // Fail fast with a clear message rather than on the first request.
  await pool.query('select 1')
  return {
    kind: 'postgres',
    async query<T extends Record<string, unknown>>(sql: string, params: readonly unknown[] = []) {
      const res = await pool.query(sql, params as unknown[])
      return res.rows as T[]
    },
    async exec(sql: string) {
      await pool.query(sql)
    },
    async close() {
      await pool.end()
    },
  }
}
