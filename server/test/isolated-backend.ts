/** A database of its own for a test file that starts its own servers, on the project's backend. */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestDatabase, MISSING_PG, TEST_PG } from '../db/postgres.test-support'
import type { Backend } from './context'

export interface IsolatedBackend {
  /** Environment for `spawnServer` and the keys CLI: DATA_DIR, and DATABASE_URL on PostgreSQL. */
  env: NodeJS.ProcessEnv
  dataDir: string
  cleanup(): Promise<void>
}

export async function isolatedBackend(backend: Backend, extra: NodeJS.ProcessEnv = {}): Promise<IsolatedBackend> {
  const dataDir = await mkdtemp(join(tmpdir(), `plat-api-own-${backend}-`))
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined
  if (backend === 'postgres') {
    if (!TEST_PG) throw new Error(MISSING_PG)
    database = await createTestDatabase(TEST_PG, 'plat_own')
  }
  return {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      DEMO_PARCELS: '300',
      DEMO_SEED: '3',
      STATIC_DIR: join(dataDir, 'no-app'),
      ...extra,
    },
    dataDir,
    async cleanup() {
      await database?.drop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
