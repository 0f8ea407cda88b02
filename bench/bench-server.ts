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

async function ensureDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
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
