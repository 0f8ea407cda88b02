/**
 * The one place that chooses the backend (PostgreSQL when DATABASE_URL is set, else embedded PGlite)
 * and migrates it, so server, loader and tests open a database the same way.
 */
import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import type { ServerConfig } from './config'
import type { Database } from './db/database'
import { migrate } from './db/migrate'
import { openWorkerPglite } from './db/pglite-owner'
import { openPostgres } from './db/postgres-database'
import { SCHEMA } from './schema'

type DbConfig = Pick<ServerConfig, 'DATA_DIR' | 'DATABASE_URL'> &
  Partial<Pick<ServerConfig, 'DB_MAX_WAITING' | 'PG_POOL_SIZE'>>

/**
 * Opens PostgreSQL (DATABASE_URL) or the embedded database in DATA_DIR, and brings its schema (db/ and
 * the features' parts, server/schema.ts) up to date.
 */
export async function openDatabase(
  config: DbConfig,
  log?: (line: string) => void,
  /** PostgreSQL session settings for this process only ("SET jit = off" for the loader) */
  sessionSetup?: string,
): Promise<Database> {
  let db: Database
  if (config.DATABASE_URL) {
    const maxWaiting = config.DB_MAX_WAITING ?? 200
    db = await openPostgres({ url: config.DATABASE_URL, poolSize: config.PG_POOL_SIZE ?? 10, maxWaiting, sessionSetup })
  } else {
    const dir = resolve(config.DATA_DIR, 'pglite')
    mkdirSync(dir, { recursive: true })
    db = await openWorkerPglite({ dataDir: dir, maxWaiting: config.DB_MAX_WAITING ?? 64, log })
  }
  await migrate(db, SCHEMA)
  return db
}
