import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tilesInBox } from '../../contract/tile-math'
import { PARCEL_LAYER } from '../../contract/tiles'
import type { Database } from '../db/database'
import { migratedPglite, migratedPostgres } from '../db/migrated-db.test-support'
import { describePostgres } from '../db/postgres.test-support'
import { squareLot } from '../db/square-lot.test-support'
import { loadCounty } from '../load/load-county'
import type { StagedRow } from '../load/rows/staged-row'
import { SCHEMA } from '../schema'
import { embeddedTiles } from './embedded-tiles'
import { postgresTiles } from './postgres-tiles'
import { decodeTile } from './tile-decode.test-support'
import { makeTile } from './tile-maker'
import { tileService } from './tile-service'
import { warmList } from './tile-warmer'

const COUNTY = { state_fp: '19', county_fp: '169', state: 'IA', county: 'Story' }

/** A 10×10 block of lots near Ames. */
const lots = (n = 10): StagedRow[] =>
  Array.from({ length: n * n }, (_, i) => ({
    feature: i + 1,
    layer: null,
    attrs: { parcel_id: `P${i}`, city: 'AMES' },
    extra: {},
    geom: squareLot(-93.62 + (i % n) * 0.0015, 42.02 + Math.floor(i / n) * 0.0015),
  }))

describe('tiles covering a box', () => {
  it('are the tiles the box touches, rows from the north', () => {
    // z10 tiles are 0.3515625° wide: x = (lon + 180) / 360 × 1024 gives 245.5 and 246.8; the Mercator row of
    // 42.21° is 379.3 and of 41.86° 380.6 (y = (1 − ln(tan φ + sec φ) / π) / 2 × 1024): two columns, two rows.
    const story: [number, number, number, number] = [-93.7, 41.86, -93.23, 42.21]
    const z10 = tilesInBox(story, 10)
    expect(z10.map((t) => `${t.x}/${t.y}`)).toEqual(['245/379', '245/380', '246/379', '246/380'])
    // A point box is the one tile under it.
    expect(tilesInBox([-93.62, 42.03, -93.62, 42.03], 12)).toHaveLength(1)
    // Every z11 and z12 tile lies in a z10 one of the list: the coarse tiles cover the fine ones.
    const list = warmList([story, story])
    expect(list.filter((t) => t.z === 10)).toEqual(z10)
    expect(new Set(list.map((t) => `${t.z}/${t.x}/${t.y}`)).size).toBe(list.length)
    for (const t of list) expect(z10.some((p) => p.x === t.x >> (t.z - 10) && p.y === t.y >> (t.z - 10))).toBe(true)
    expect(list.map((t) => t.z)).toEqual([...list.map((t) => t.z)].sort())
  })
})

function storeSuite(open: () => Promise<{ db: Database; cleanup(): Promise<void> }>) {
  let db: Database
  let cleanup: () => Promise<void>
  const load = (rows: StagedRow[]) => loadCounty(db, { county: COUNTY, source: 'test.geojson', items: [rows] })
  const rowsOf = () =>
    db.query<{ version: string; z: number; n: number }>(
      'SELECT version, z, count(*)::int AS n FROM tile_store GROUP BY 1, 2 ORDER BY 1, 2',
    )

  beforeAll(async () => {
    ;({ db, cleanup } = await open())
  }, 120_000)
  afterAll(() => cleanup?.())

  it('warms z10–z12 over the loaded county, serves them from the store, and replaces them after a load', async () => {
    await load(lots())
    const service = tileService(db, { timeoutMs: 10_000, capBytes: 512 * 1024 })
    const version = await service.version()
    const warm = await service.warmer.idle()
    expect(warm).toMatchObject({ version, complete: true })
    const stored = await rowsOf()
    expect(stored.map((r) => r.z)).toEqual([10, 11, 12])
    expect(stored.every((r) => r.version === version)).toBe(true)
    expect(warm!.made).toBe(stored.reduce((n, r) => n + r.n, 0))

    // The z12 tile over the lots: from the store, with every lot, byte for byte as made anew.
    const [t12] = tilesInBox([-93.62, 42.02, -93.62, 42.02], 12)
    const served = await service.tile(t12!)
    expect(served.store).toBe('hit')
    expect(decodeTile(served.bytes).parcels).toHaveLength(100)
    // Deeper zooms are not kept.
    const t14 = tilesInBox([-93.62, 42.02, -93.62, 42.02], 14)[0]!
    expect((await service.tile(t14)).store).toBeUndefined()

    // A reload: a new version, warmed, and the old version's tiles deleted.
    await load(lots(6))
    await new Promise((r) => setTimeout(r, 1100)) // the version is read at most once a second
    const next = await service.version()
    expect(next).not.toBe(version)
    const rewarm = await service.warmer.idle()
    expect(rewarm).toMatchObject({ version: next, complete: true })
    expect(rewarm!.pruned).toBe(warm!.made)
    expect((await rowsOf()).every((r) => r.version === next)).toBe(true)
    const again = await service.tile(t12!)
    expect(again.store).toBe('hit')
    expect(decodeTile(again.bytes).parcels).toHaveLength(36)
    expect(decodeTile(again.bytes).layers).toContain(PARCEL_LAYER)
  }, 60_000)

  it('a tile over the cap keeps the parcels it leaves out as a texture that counts every one of them', async () => {
    const renderer = db.kind === 'postgres' ? postgresTiles(db) : embeddedTiles(db)
    const [t10] = tilesInBox([-93.62, 42.02, -93.62, 42.02], 10)
    const full = decodeTile((await makeTile(db, renderer, t10!, 512 * 1024, {})).bytes)
    expect(full.texture).toEqual([])
    const n = full.parcels.length
    expect(n).toBeGreaterThan(0)
    // A cap that holds the texture but not the lots (each ~1.5 px wide at z10).
    const made = await makeTile(db, renderer, t10!, 200, {})
    const cut = decodeTile(made.bytes)
    expect(made.omitted).toBeGreaterThan(0)
    expect(cut.parcels.length + made.omitted).toBe(n)
    const counted = cut.texture.reduce((sum, c) => sum + Number(c.properties.parcels), 0)
    expect(counted).toBe(made.omitted)
    // Cells on the grid the step implies, each at its centre.
    const cell = Math.max(16, made.detail.minSizeUnits)
    for (const c of cut.texture) {
      expect((c.x - cell / 2) % cell).toBe(0)
      expect((c.y - cell / 2) % cell).toBe(0)
    }
  }, 60_000)

  it('a tile not yet kept is made, kept, then read from the store', async () => {
    await db.exec('DELETE FROM tile_store')
    const service = tileService(db, { timeoutMs: 10_000, capBytes: 512 * 1024 })
    await service.warmer.idle()
    await db.exec('DELETE FROM tile_store')
    const [t11] = tilesInBox([-93.62, 42.02, -93.62, 42.02], 11)
    const first = await service.tile(t11!)
    expect(first.store).toBe('miss')
    const second = await service.tile(t11!)
    expect(second.store).toBe('hit')
    expect(Buffer.from(second.bytes).equals(Buffer.from(first.bytes))).toBe(true)
    expect(second.detail).toEqual(first.detail)
  }, 60_000)
}

describe('tile store on the embedded database', () => {
  storeSuite(() => migratedPglite('plat-tile-store', SCHEMA))
})

describePostgres('tile store on PostgreSQL', (url) => {
  storeSuite(() => migratedPostgres(url, 'plat_tile_store', SCHEMA))
})
