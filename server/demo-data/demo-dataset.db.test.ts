/**
 * The demo data is generated once per data folder, and again when what is stored is not what this
 * version would make (another generator edition, seed or size): an upgraded app must not keep
 * serving records without the fields it now shows (stale data made e2e fail on a kept folder).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listCounties } from '../db/counties-repo'
import type { Database } from '../db/database'
import { migratedPglite, type TestDatabase } from '../db/migrated-db.test-support'
import { SCHEMA } from '../schema'
import { type DemoMeta, demoDataOutdated, ensureDemoDataset } from './demo-dataset'
import { DEMO_GENERATOR_VERSION } from './generate'

const OPTS = { parcels: 300, seed: 7 }
let t: TestDatabase
let db: Database
const lines: string[] = []
const log = (l: string) => lines.push(l)

beforeAll(async () => {
  t = await migratedPglite('plat-demo-meta', SCHEMA)
  db = t.db
})
afterAll(() => t?.cleanup())

const storedMeta = async () =>
  (await db.query<{ value: DemoMeta }>("SELECT value FROM dataset_meta WHERE key = 'demo'"))[0]?.value

describe('demoDataOutdated', () => {
  const meta: DemoMeta = { parcels: 299, requested: 300, seed: 7, generator: DEMO_GENERATOR_VERSION, loadedAt: '' }
  it('accepts data made by this generator with the same seed and size', () => {
    expect(demoDataOutdated(meta, OPTS)).toBeNull()
  })
  it('names what differs: the generator (data from before the version was kept is version 1), the seed, the size', () => {
    expect(demoDataOutdated({ ...meta, generator: undefined }, OPTS)).toBe(
      `made by demo generator 1, this version writes ${DEMO_GENERATOR_VERSION}`,
    )
    expect(demoDataOutdated(meta, { ...OPTS, seed: 8 })).toBe('seed 7, DEMO_SEED is 8')
    expect(demoDataOutdated(meta, { ...OPTS, parcels: 5000 })).toBe('300 parcels, DEMO_PARCELS is 5,000')
    // Old meta had no `requested`: its loaded count stands in.
    expect(demoDataOutdated({ ...meta, requested: undefined, parcels: 300 }, OPTS)).toBeNull()
  })
})

describe('ensureDemoDataset', () => {
  it('generates once, keeps the data on the next start, and generates again for an older generator', async () => {
    const first = await ensureDemoDataset(db, OPTS, log)
    expect(first?.generator).toBe(DEMO_GENERATOR_VERSION)
    expect(first?.requested).toBe(300)
    const counted = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM parcels')
    expect(counted[0]?.n).toBe(first?.parcels)

    lines.length = 0
    const again = await ensureDemoDataset(db, OPTS, log)
    expect(again?.loadedAt).toBe(first?.loadedAt)
    expect(lines).toEqual([])

    // As a data folder made before the generator's edition was kept looks.
    await db.query("UPDATE dataset_meta SET value = value - 'generator' - 'requested' WHERE key = 'demo'")
    const regenerated = await ensureDemoDataset(db, OPTS, log)
    expect(lines[0]).toBe(
      `The demo data here was made by demo generator 1, this version writes ${DEMO_GENERATOR_VERSION}: generating it again.`,
    )
    expect(regenerated?.generator).toBe(DEMO_GENERATOR_VERSION)
    expect(regenerated?.loadedAt).not.toBe(first?.loadedAt)
    expect((await storedMeta())?.loadedAt).toBe(regenerated?.loadedAt)
    // Same seed and size: the same parcels, each county once.
    expect(regenerated?.parcels).toBe(first?.parcels)
    const counties = await listCounties(db)
    expect(new Set(counties.map((c) => c.state_fp + c.county_fp)).size).toBe(counties.length)
  })

  it('a smaller size removes the demo counties left without parcels', async () => {
    const before = (await listCounties(db)).length
    const small = await ensureDemoDataset(db, { parcels: 1, seed: 7 }, log)
    const after = await listCounties(db)
    expect(small?.requested).toBe(1)
    expect(after.reduce((s, c) => s + c.parcels, 0)).toBe(small?.parcels)
    expect(after.length).toBeLessThan(before)
  })
})
