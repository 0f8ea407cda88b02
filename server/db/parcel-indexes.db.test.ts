/**
 * The parcel indexes a stopped load leaves out are built again at server start
 * (buildMissingParcelIndexes), on both databases, and on PostgreSQL that build and a load's own
 * build of the same indexes can run at once (the per-index advisory locks).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureDemoDataset } from '../demo-data/demo-dataset'
import { SCHEMA } from '../schema'
import type { Database } from './database'
import { migratedPglite, migratedPostgres, type TestDatabase } from './migrated-db.test-support'
import { buildMissingParcelIndexes, createParcelIndexes, missingParcelIndexes } from './parcel-indexes'
import { describePostgres } from './postgres.test-support'

/** Every secondary index Plat builds after a load, as the schema names them. */
const BUILT_AFTER_LOAD = [
  'parcels_geom_gist',
  'parcels_address_trgm',
  'parcels_owner_trgm',
  'parcels_county',
  'parcels_state',
  'parcels_crop',
  'parcels_acres',
  'parcels_value',
  'parcels_stack',
  'parcels_land_use_class',
]
const DROPPED = ['parcels_geom_gist', 'parcels_owner_trgm', 'parcels_land_use_class']

async function buildsWhatIsMissing(db: Database) {
  const lines: string[] = []
  const log = (l: string) => lines.push(l)
  // A fresh database: no parcels, so nothing is built (the first load builds its indexes itself).
  expect(await missingParcelIndexes(db)).toEqual(BUILT_AFTER_LOAD.filter((n) => n !== 'parcels_land_use_class'))
  expect(await buildMissingParcelIndexes(db, log)).toEqual([])
  expect(lines).toEqual([])

  await ensureDemoDataset(db, { parcels: 200, seed: 3 }, () => {})
  expect(await missingParcelIndexes(db)).toEqual([])
  await db.exec(DROPPED.map((n) => `DROP INDEX ${n}`).join('; '))
  expect(await missingParcelIndexes(db)).toEqual(DROPPED)

  expect(await buildMissingParcelIndexes(db, log)).toEqual(DROPPED)
  expect(await missingParcelIndexes(db)).toEqual([])
  expect(lines[0]).toBe(
    'Building 3 missing parcel index(es) (parcels_geom_gist, parcels_owner_trgm, parcels_land_use_class; a load stopped before its last step leaves them out): searches are slower until they are built…',
  )
  expect(lines[1]).toMatch(/^ {2}built in \d+\.\ds\.$/)
  // The area search's plan uses the rebuilt GiST index again (on PostgreSQL, each state
  // partition's copy of it: parcel-partitions.ts).
  await db.exec('SET enable_seqscan = off')
  const plan = await db.query<{ 'QUERY PLAN': string }>(
    'EXPLAIN SELECT svc_uuid FROM parcels WHERE geom && ST_MakeEnvelope(-94, 41, -93, 42, 4326)',
  )
  await db.exec('RESET enable_seqscan')
  expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/parcels_(geom_gist|s\d{2}_geom_idx)/)

  lines.length = 0
  expect(await buildMissingParcelIndexes(db, log)).toEqual([])
  expect(lines).toEqual([])
}

describe('buildMissingParcelIndexes (embedded)', () => {
  let t: TestDatabase
  beforeAll(async () => {
    t = await migratedPglite('plat-parcel-indexes', SCHEMA)
  })
  afterAll(() => t?.cleanup())

  it('builds nothing on an empty table, and exactly the missing indexes on one with parcels', async () => {
    await buildsWhatIsMissing(t.db)
  }, 120_000)
})

describePostgres('buildMissingParcelIndexes (PostgreSQL)', (url) => {
  let t: TestDatabase
  beforeAll(async () => {
    // Connections for every build of both builders at once, so they really overlap.
    t = await migratedPostgres(url, 'plat_parcel_indexes', SCHEMA, 14)
  }, 60_000)
  afterAll(() => t?.cleanup())

  it('builds nothing on an empty table, and exactly the missing indexes on one with parcels', async () => {
    await buildsWhatIsMissing(t.db)
  }, 120_000)

  it('a server building the missing indexes and a load building them at the same time both succeed', async () => {
    await ensureDemoDataset(t.db, { parcels: 200, seed: 3 }, () => {})
    for (let round = 0; round < 3; round++) {
      await t.db.exec(BUILT_AFTER_LOAD.map((n) => `DROP INDEX IF EXISTS ${n}`).join('; '))
      const [server, load] = await Promise.allSettled([
        buildMissingParcelIndexes(t.db, () => {}),
        createParcelIndexes(t.db),
      ])
      expect(load, `round ${round}`).toEqual({ status: 'fulfilled', value: undefined })
      expect(server.status, `round ${round}`).toBe('fulfilled')
      expect(await missingParcelIndexes(t.db)).toEqual([])
    }
  }, 120_000)
})
