import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { postgis } from '@electric-sql/pglite-postgis'
import { type Database, SESSION_SETUP } from './database'

/** PostGIS embedded in the process. One connection: PGlite queues queries, so keep each one short. */
export async function openPglite(dataDir: string): Promise<Database> {
  const pg = await PGlite.create({ dataDir, extensions: { postgis, pg_trgm } })
  await pg.exec(SESSION_SETUP)
  return {
    kind: 'pglite',
    async query<T extends Record<string, unknown>>(sql: string, params: readonly unknown[] = []) {
      const res = await pg.query<T>(sql, params as unknown[])
      return res.rows
    },
    async exec(sql: string) {
      await pg.exec(sql)
    },
    transaction(fn) {
      return pg.transaction((tx) =>
        fn({
          async query<T extends Record<string, unknown>>(sql: string, params: readonly unknown[] = []) {
            return (await tx.query<T>(sql, params as unknown[])).rows
          },
          async exec(sql: string) {
            await tx.exec(sql)
          },
        }),
      )
    },
    async close() {
      await pg.close()
    },
  }
}
