/** A database of its own for a test file that starts its own servers, on the project's backend. */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestDatabase, MISSING_PG, TEST_PG } from '../db/postgres.test-support'
import type { Backend } from './context'
import { copyPreparedEmbedded, createPreparedPostgres } from './prepared-data'

export interface IsolatedBackend {
  /** Environment for `spawnServer` and the keys CLI: DATA_DIR, and DATABASE_URL on PostgreSQL. */
  env: NodeJS.ProcessEnv
  dataDir: string
  cleanup(): Promise<void>
}

/**
 * `prepared`: the database starts as a copy of one made once (prepared-data.ts), migrated and with
 * the demo data its server would generate, instead of empty. For tests that do not test what an
 * empty database does at start-up (migrating, generating, two instances racing to do it).
 */
export async function isolatedBackend(
  backend: Backend,
  extra: NodeJS.ProcessEnv = {},
  options: { prepared?: boolean } = {},
): Promise<IsolatedBackend> {
  const dataDir = await mkdtemp(join(tmpdir(), `plat-api-own-${backend}-`))
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    DEMO_PARCELS: '300',
    DEMO_SEED: '3',
    STATIC_DIR: join(dataDir, 'no-app'),
    ...extra,
  }
  // Proxy mode and DEMO=off generate no demo data: their prepared database holds the schema only.
  const demo = env.DEMO !== 'off' && !(env.UPSTREAM_URL && env.UPSTREAM_API_KEY)
  const recipe = { name: 'own', parcels: demo ? Number(env.DEMO_PARCELS) : 0, seed: demo ? Number(env.DEMO_SEED) : 0 }
  let database: { url: string; drop(): Promise<void> } | undefined
  if (backend === 'postgres') {
    if (!TEST_PG) throw new Error(MISSING_PG)
    database = options.prepared
      ? await createPreparedPostgres(recipe, TEST_PG, 'plat_own')
      : await createTestDatabase(TEST_PG, 'plat_own')
    env.DATABASE_URL = database.url
  } else if (options.prepared) {
    await copyPreparedEmbedded(recipe, dataDir)
  }
  return {
    env,
    dataDir,
    async cleanup() {
      await database?.drop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
