/**
 * The server a benchmark measures, as its own process (so the load generator does not share its
 * event loop), on a dataset kept between runs: DATA_DIR `.data-bench-N` for the embedded database,
 * database `plat_bench_N` on the PostgreSQL server of BENCH_PG (default PLAT_TEST_PG).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { type SpawnedServer, spawnServer } from '../server/test/spawn-server'

export type BenchBackend = 'embedded' | 'postgres'

export interface BenchServer extends SpawnedServer {
  key: string
  backend: BenchBackend
  parcels: number
  /** Seconds from spawn to listening (includes generating the dataset on a first run). */
  startSeconds: number
  env: NodeJS.ProcessEnv
}

export const pgServerUrl = (): string | undefined => process.env.BENCH_PG || process.env.PLAT_TEST_PG || undefined

/** The URL of database `name` on the PostgreSQL server `server`. */
export function pgDatabaseUrl(server: string, name: string): string {
  const url = new URL(server)
  url.pathname = `/${name}`
  return url.toString()
}

/** Runs `fn` on a connection of its own to `server` (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function pgAdmin<T>(server: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: server })
  await c.connect()
  try {
    return await fn(c)
  } finally {
    await c.end()
  }
}

export const pgDatabaseExists = (server: string, name: string): Promise<boolean> =>
  pgAdmin(
    server,
    async (c) => ((await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount ?? 0) > 0,
  )

async function ensureDatabase(serverUrl: string, name: string): Promise<string> {
  if (!(await pgDatabaseExists(serverUrl, name))) await pgAdmin(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`))
  return pgDatabaseUrl(serverUrl, name)
}

export async function benchEnv(backend: BenchBackend, parcels: number): Promise<NodeJS.ProcessEnv> {
  const dataDir = `.data-bench-${parcels}${backend === 'postgres' ? '-pg' : ''}`
  const base = {
    ...process.env,
    DATA_DIR: dataDir,
    DEMO_PARCELS: String(parcels),
    DEMO_SEED: '1',
    STATIC_DIR: '.none',
    DATABASE_URL: '',
  }
  if (backend === 'embedded') return base
  const server = pgServerUrl()
  if (!server) throw new Error('PostgreSQL benchmark needs BENCH_PG or PLAT_TEST_PG (see docs/testing.md)')
  return { ...base, DATABASE_URL: await ensureDatabase(server, `plat_bench_${parcels}`) }
}

export async function startBenchServer(
  backend: BenchBackend,
  parcels: number,
  extra: NodeJS.ProcessEnv = {},
): Promise<BenchServer> {
  const env = { ...(await benchEnv(backend, parcels)), ...extra }
  const t0 = performance.now()
  const server = await spawnServer(env)
  const startSeconds = (performance.now() - t0) / 1000
  const key = readFileSync(join(env.DATA_DIR as string, 'demo-key'), 'utf8').trim()
  return { ...server, key, backend, parcels, startSeconds, env }
}
