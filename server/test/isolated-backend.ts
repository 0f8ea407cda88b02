/** A database of its own for a test file that starts its own servers, on the project's backend. */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Database } from '../db/database'
import { createTestDatabase, MISSING_PG, TEST_PG } from '../db/postgres.test-support'
import type { Backend } from './context'
import { copyPreparedEmbedded, createPreparedPostgres, type Recipe } from './prepared-data'

export interface IsolatedBackend<T = undefined> {
  /** Environment for `spawnServer` and the keys CLI: DATA_DIR, and DATABASE_URL on PostgreSQL. */
  env: NodeJS.ProcessEnv
  dataDir: string
  /** what `keys.create` made when the prepared database was made (the same values in every copy) */
  keys: T
  cleanup(): Promise<void>
}

/**
 * Keys made once in the prepared database rather than by the keys CLI in every copy: each CLI run
 * opens the embedded database in a new process, ~5 s of CPU, and a proxy pair needed seven.
 */
export interface PreparedKeys<T> {
  /** part of the prepared database's name: other keys must give another name */
  name: string
  create(db: Database): Promise<T>
}

/**
 * `prepared`: the database starts as a copy of one made once (prepared-data.ts), migrated and with
 * the demo data its server would generate, instead of empty. For tests that do not test what an
 * empty database does at start-up (migrating, generating, two instances racing to do it). `keys`
 * implies `prepared`.
 */
export async function isolatedBackend<T = undefined>(
  backend: Backend,
  extra: NodeJS.ProcessEnv = {},
  options: { prepared?: boolean; keys?: PreparedKeys<T> } = {},
): Promise<IsolatedBackend<T>> {
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
  const recipe: Recipe<T> = {
    name: options.keys ? `own-${options.keys.name}` : 'own',
    parcels: demo ? Number(env.DEMO_PARCELS) : 0,
    seed: demo ? Number(env.DEMO_SEED) : 0,
    extra: options.keys?.create,
  }
  const prepared = options.prepared || options.keys !== undefined
  let database: { url: string; drop(): Promise<void> } | undefined
  let keys = undefined as T
  if (backend === 'postgres') {
    if (!TEST_PG) throw new Error(MISSING_PG)
    if (prepared) {
      const made = await createPreparedPostgres(recipe, TEST_PG, 'plat_own')
      database = made
      keys = made.info
    } else {
      database = await createTestDatabase(TEST_PG, 'plat_own')
    }
    env.DATABASE_URL = database.url
  } else if (prepared) {
    keys = await copyPreparedEmbedded(recipe, dataDir)
  }
  return {
    env,
    dataDir,
    keys,
    async cleanup() {
      await database?.drop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
