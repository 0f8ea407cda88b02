import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tileFeatureId } from '../../contract/tiles'
import { deleteCounty } from '../db/counties-repo'
import type { Database } from '../db/database'
import { migrate } from '../db/migrate'
import { migratedPglite, migratedPostgres } from '../db/migrated-db.test-support'
import { describePostgres } from '../db/postgres.test-support'
import { squareLot } from '../db/square-lot.test-support'
import { loadCounty } from '../load/load-county'
import type { StagedRow } from '../load/rows/staged-row'
import { SCHEMA } from '../schema'
import { dataVersionCache } from './data-version'

const COUNTY = { state_fp: '19', county_fp: '169', state: 'IA', county: 'Story' }

/** Parcels along a line at `lon0`, each with its city (null: none). */
const parcelsWith = (cities: (string | null)[], lon0 = -93.6): StagedRow[] =>
  cities.map((city, i) => ({
    feature: i + 1,
    layer: null,
    attrs: { parcel_id: `P${i}`, city },
    extra: {},
    geom: squareLot(lon0 + i * 0.002, 42.0),
  }))

function schemaSuite(open: () => Promise<{ db: Database; cleanup(): Promise<void> }>) {
  let db: Database
  let cleanup: () => Promise<void>
  const version = () => dataVersionCache(db, { ttlMs: 0, timeoutMs: 10_000 })()
  const load = (rows: StagedRow[]) => loadCounty(db, { county: COUNTY, source: 'test.geojson', items: [rows] })
  const places = () =>
    db.query<{ name: string; parcels: number; x: number; y: number }>(
      'SELECT name, parcels, ST_X(geom) AS x, ST_Y(geom) AS y FROM places ORDER BY name',
    )

  beforeAll(async () => {
    ;({ db, cleanup } = await open())
  }, 120_000)
  afterAll(() => cleanup?.())

  it('computes tileFeatureId in SQL exactly as the contract does, for uuids and any other text', async () => {
    const texts = fc.sample(
      fc.oneof(
        fc.uuid(),
        fc.uuid().map((u) => u.toUpperCase()),
        fc.string({ unit: 'binary', maxLength: 30 }),
        fc.string({ unit: 'grapheme', maxLength: 30 }),
      ),
      { numRuns: 400, seed: 10 },
    )
    const inputs = [
      '',
      '0123456789abc',
      '0123456789ab',
      '𝔸mes-😀',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      ...texts,
    ].filter((t) => !t.includes('\0'))
    const rows = await db.query<{ id: string }>('SELECT plat_tile_id(t)::text AS id FROM unnest($1::text[]) AS t', [
      inputs,
    ])
    expect(rows.map((r) => Number(r.id))).toEqual(inputs.map(tileFeatureId))
  })

  it('keeps one place per town name of a county, at the median of its parcels, through loads and deletes', async () => {
    const before = await version()
    await load(parcelsWith(['AMES', 'AMES', 'ames', 'AMES', 'NEVADA', null, ' ', 'NEVADA', 'AMES']))
    const afterLoad = await version()
    expect(afterLoad).not.toBe(before)
    expect(await version()).toBe(afterLoad)
    const loaded = await places()
    // Names group without case; the most common spelling is shown; empty and missing cities are no place.
    expect(loaded.map((p) => [p.name, p.parcels])).toEqual([
      ['AMES', 5],
      ['NEVADA', 2],
    ])
    // AMES parcels are squares 0, 1, 2, 3 and 8 along the line: the median centroid is square 2's.
    expect(loaded[0]!.x).toBeCloseTo(-93.6 + 2 * 0.002 + 0.0005, 9)
    expect(loaded[0]!.y).toBeCloseTo(42.0005, 9)

    await load(parcelsWith(['GILBERT', 'GILBERT'], -93.5))
    const afterReload = await version()
    expect(afterReload).not.toBe(afterLoad)
    expect((await places()).map((p) => [p.name, p.parcels])).toEqual([['GILBERT', 2]])

    await db.transaction((tx) => deleteCounty(tx, COUNTY.state_fp, COUNTY.county_fp))
    expect(await places()).toEqual([])
    expect(await version()).not.toBe(afterReload)
  })

  it('migration 22 fills places for parcels loaded before it; migration 20 gives tiles to full plans only', async () => {
    await load(parcelsWith(['AMES', 'NEVADA', 'AMES']))
    const kept = await places()
    await db.exec(`DROP TABLE places; DELETE FROM schema_migrations WHERE id IN (20, 22);
      INSERT INTO api_keys (id, name, key_hash, key_prefix, endpoints) VALUES
        ('k-full', 'full', 'h1', 'p', ARRAY['area','query','point','address']),
        ('k-narrow', 'narrow', 'h2', 'p', ARRAY['query','point'])`)
    await migrate(db, SCHEMA)
    expect(await places()).toEqual(kept)
    const keys = await db.query<{ id: string; endpoints: string[] }>(
      "SELECT id, endpoints FROM api_keys WHERE id LIKE 'k-%' ORDER BY id",
    )
    expect(keys).toEqual([
      { id: 'k-full', endpoints: ['area', 'query', 'point', 'address', 'tiles'] },
      { id: 'k-narrow', endpoints: ['query', 'point'] },
    ])
  })
}

describe('tiles schema on the embedded database', () => {
  schemaSuite(() => migratedPglite('plat-tiles-schema', SCHEMA))
})

describePostgres('tiles schema on PostgreSQL', (url) => {
  schemaSuite(() => migratedPostgres(url, 'plat_tiles_schema', SCHEMA))
})
