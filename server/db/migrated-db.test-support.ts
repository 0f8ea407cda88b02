/**
 * A migrated database for a test suite on either backend, and how to remove it: a throw-away
 * embedded database in a temporary folder, or a fresh database on the PLAT_TEST_PG server. The
 * suites that run the same tests on both backends (tiles, area search, reload compare) open theirs
 * here rather than each repeating the set-up.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SCHEMA } from '../schema'
import { copyPreparedEmbedded, SCHEMA_ONLY } from '../test/prepared-data'
import type { Database } from './database'
import { type Migration, migrate } from './migrate'
import { openWorkerPglite } from './pglite-owner'
import { createTestDatabase } from './postgres.test-support'
import { openPostgres } from './postgres-database'

export interface TestDatabase {
  db: Database
  cleanup(): Promise<void>
}

/** The embedded database (worker thread) in a new temporary folder, migrated to `schema`. */
export async function migratedPglite(prefix: string, schema: readonly Migration[]): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`))
  // The whole schema comes as a copy of one migrated once (prepared-data.ts): an initdb and the
  // PostGIS extension made anew cost each suite ~10 s of CPU.
  if (schema === SCHEMA) await copyPreparedEmbedded(SCHEMA_ONLY, dir)
  const db = await openWorkerPglite({ dataDir: join(dir, 'pglite'), maxWaiting: 64 })
  await migrate(db, schema)
  return {
    db,
    async cleanup() {
      await db.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A new database on the PostgreSQL server at `serverUrl`, migrated to `schema`. */
export async function migratedPostgres(
  serverUrl: string,
  prefix: string,
  schema: readonly Migration[],
  poolSize = 2,
): Promise<TestDatabase> {
  const database = await createTestDatabase(serverUrl, prefix)
  const db = await openPostgres({ url: database.url, poolSize, maxWaiting: 10 })
  await migrate(db, schema)
  return {
    db,
    async cleanup() {
      await db.close()
      await database.drop()
    },
  }
}
