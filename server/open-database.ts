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
import { type ReadRouter, readRouter } from './db/read-router'
import { SCHEMA } from './schema'

type DbConfig = Pick<ServerConfig, 'DATA_DIR' | 'DATABASE_URL'> &
  Partial<Pick<ServerConfig, 'DB_MAX_WAITING' | 'PG_POOL_SIZE'>>

type ReplicaConfig = Pick<ServerConfig, 'DATABASE_REPLICA_URLS' | 'DATABASE_REPLICA_MAX_LAG_MS'> &
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

/** A replica as /readyz names it: where it is, without the URL's credentials. */
const replicaName = (url: string, i: number): string => {
  const u = URL.canParse(url) ? new URL(url) : null
  return u ? `replica ${i + 1} (${u.host}${u.pathname})` : `replica ${i + 1}`
}

/**
 * The read replicas of `primary` (DATABASE_REPLICA_URLS), behind a router that hands out the
 * database to read parcels from; null without replicas. Each replica has a pool like the primary's
 * and is used once a first look finds it well; one that is down at start only waits for a later look.
 */
export async function openReadRouter(
  config: ReplicaConfig,
  primary: Database,
  log?: (line: string) => void,
): Promise<ReadRouter | null> {
  if (config.DATABASE_REPLICA_URLS.length === 0 || primary.kind !== 'postgres') return null
  const replicas = await Promise.all(
    config.DATABASE_REPLICA_URLS.map(async (url, i) => ({
      name: replicaName(url, i),
      db: await openPostgres({
        url,
        poolSize: config.PG_POOL_SIZE ?? 10,
        maxWaiting: config.DB_MAX_WAITING ?? 200,
        applicationName: 'plat-reads',
        failFast: false,
      }),
    })),
  )
  const router = readRouter(primary, replicas, { maxLagMs: config.DATABASE_REPLICA_MAX_LAG_MS })
  await router.check()
  for (const r of router.report().replicas) log?.(`Read ${r.name}: ${r.in_use ? 'in use' : `skipped, ${r.reason}`}.`)
  return router
}
