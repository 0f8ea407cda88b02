/**
 * Global setup of the API test projects: a throw-away server with a small deterministic demo data
 * set on the backend the project names (the embedded database in a temporary DATA_DIR, or a fresh
 * database on the PostgreSQL server of PLAT_TEST_PG), the keys the tests need, a tiny static app to
 * check the app's headers, torn down after the run.
 */
import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import type { TestProject } from 'vitest/node'
import type { Database } from '../db/database'
import { MISSING_PG, TEST_PG } from '../db/postgres.test-support'
import { type Backend, CORS_ORIGIN, LIMITED_REQUESTS, RECORDS_ALLOWANCE, STATIC_ASSET, type TestKeys } from './context'
import { copyPreparedEmbedded, createPreparedPostgres, makeKey, type Recipe } from './prepared-data'
import { type SpawnedServer, spawnServer } from './spawn-server'

const DEMO_PARCELS = 3000
const DEMO_SEED = 7

export async function setupApiServer(project: TestProject, backend: Backend): Promise<() => Promise<void>> {
  const workDir = await mkdtemp(join(tmpdir(), `plat-api-${backend}-`))
  const dataDir = join(workDir, 'data')
  await mkdir(dataDir)
  let database: { url: string; drop(): Promise<void> } | undefined
  let server: SpawnedServer | undefined
  const teardown = async () => {
    await server?.stop()
    await database?.drop()
    await rm(workDir, { recursive: true, force: true })
  }
  try {
    // Demo data and keys as the keys CLI makes them, prepared once and copied (prepared-data.ts).
    // The keys are part of the recipe (server/test is not in the prepared entries' source hash): a
    // key added here names a new entry instead of reading an old one without it.
    const keysHash = createHash('sha256').update(createTestKeys.toString()).digest('hex').slice(0, 6)
    const recipe: Recipe<TestKeys> = {
      name: `api_${keysHash}`,
      parcels: DEMO_PARCELS,
      seed: DEMO_SEED,
      extra: createTestKeys,
    }
    let keys: TestKeys
    if (backend === 'postgres') {
      if (!TEST_PG) throw new Error(`The PostgreSQL API suite cannot run: ${MISSING_PG}.`)
      const prepared = await createPreparedPostgres(recipe, TEST_PG, 'plat_api')
      database = prepared
      keys = prepared.info
    } else {
      keys = await copyPreparedEmbedded(recipe, dataDir)
    }
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: database?.url ?? '',
      DEMO_PARCELS: String(DEMO_PARCELS),
      DEMO_SEED: String(DEMO_SEED),
      STATIC_DIR: await writeStaticApp(workDir),
      CORS_ORIGINS: CORS_ORIGIN,
      LOG_REQUESTS: 'on',
    }
    const serverLogFile = join(workDir, 'server.log')
    server = await spawnServer(env, serverLogFile)
    const allParcelsFile = join(workDir, 'all-parcels.json')
    await writeFile(allParcelsFile, JSON.stringify(await fetchAllParcels(server.baseUrl, keys.full)))
    project.provide('baseUrl', server.baseUrl)
    project.provide('keys', keys)
    project.provide('allParcelsFile', allParcelsFile)
    project.provide('backend', backend)
    project.provide('serverLogFile', serverLogFile)
    return teardown
  } catch (error) {
    await teardown()
    throw error
  }
}

const createTestKeys = async (db: Database): Promise<TestKeys> => ({
  full: await makeKey(db, { name: 'test-full' }),
  inactive: await makeKey(db, { name: 'test-inactive', active: false }),
  queryOnly: await makeKey(db, { name: 'test-query-only', endpoints: ['query'] }),
  limited: await makeKey(db, { name: 'test-limited', monthlyLimit: LIMITED_REQUESTS }),
  records: await makeKey(db, { name: 'test-records', quotaUnit: 'records', monthlyLimit: RECORDS_ALLOWANCE }),
  heavy: await makeKey(db, { name: 'test-heavy' }),
  burst: await makeKey(db, { name: 'test-burst' }),
  bodies: await makeKey(db, { name: 'test-bodies' }),
  nested: await makeKey(db, { name: 'test-nested' }),
  limits: await makeKey(db, { name: 'test-limits' }),
  lists: await makeKey(db, { name: 'test-lists' }),
})

/** A stand-in for the built app: a page, and a hashed asset with its precompressed copies. */
async function writeStaticApp(workDir: string): Promise<string> {
  const dir = join(workDir, 'static')
  await mkdir(join(dir, 'assets'), { recursive: true })
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>Plat</title><div id="root"></div>')
  const js = `export const plat = ${JSON.stringify('x'.repeat(4000))}\n`
  await writeFile(join(dir, STATIC_ASSET), js)
  await writeFile(join(dir, `${STATIC_ASSET}.br`), brotliCompressSync(js))
  await writeFile(join(dir, `${STATIC_ASSET}.gz`), gzipSync(js))
  return dir
}

/**
 * Every parcel, once for all test files (they use it as the oracle's universe): pages of 100 in the
 * default order. The same walk is asserted in detail by query-paging.api.test.ts.
 */
async function fetchAllParcels(baseUrl: string, key: string): Promise<unknown[]> {
  const records: unknown[] = []
  let count = Number.POSITIVE_INFINITY
  for (let offset = 0; offset < count; offset += 100) {
    const res = await fetch(`${baseUrl}/parcels/query`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ filters: [], limit: 100, offset }),
    })
    if (res.status !== 200) throw new Error(`fetching all parcels: ${res.status} ${await res.text()}`)
    const page = (await res.json()) as { results: unknown[]; count: number }
    if (offset > 0 && page.count !== count) throw new Error(`count changed while paging: ${count} → ${page.count}`)
    count = page.count
    records.push(...page.results)
  }
  if (records.length !== count) throw new Error(`paged ${records.length} parcels, count says ${count}`)
  return records
}
