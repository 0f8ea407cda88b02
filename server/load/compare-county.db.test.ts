/**
 * What a reload changed (issue 23), through the real load path on both backends: a county of lots
 * reloaded with owners changed, parcels sold, one split, two removed and a value changed gives
 * exactly those counts, keeps every unchanged parcel's id, and logs each change with the version
 * before and after; a merge and a delete are logged too. Land-use classes are set on the way.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { MultiPolygon } from 'geojson'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deleteCounty } from '../db/counties-repo'
import { DATA_VERSION_SQL } from '../db/data-version-sql'
import type { Database } from '../db/database'
import { migrate } from '../db/migrate'
import { openWorkerPglite } from '../db/pglite-owner'
import { createTestDatabase, describePostgres } from '../db/postgres.test-support'
import { openPostgres } from '../db/postgres-database'
import { SCHEMA } from '../schema'
import { logCountyDeleted } from './change-log'
import { type LoadSummary, loadCounty } from './load-county'
import type { StagedRow } from './staged-row'

const COUNTY = { state_fp: '19', county_fp: '169', state: 'IA', county: 'Story' }
const W = 0.002
const H = 0.001

const box = (x0: number, y0: number, x1: number, y1: number): MultiPolygon => ({
  type: 'MultiPolygon',
  coordinates: [
    [
      [
        [x0, y0],
        [x1, y0],
        [x1, y1],
        [x0, y1],
        [x0, y0],
      ],
    ],
  ],
})
const cell = (i: number) => {
  const x = -93.62 + (i % 6) * W
  const y = 42.02 + Math.floor(i / 6) * H
  return { x, y, geom: box(x, y, x + W, y + H) }
}

interface Lot {
  pin: string
  owner: string
  sale_date: string
  sale_price: number
  parcel_value: number
  land_use: string | null
  land_use_code: string | null
  geom: MultiPolygon
}

const USES: [string | null, string | null][] = [
  ['AGRICULTURAL - CROPLAND', 'A1'],
  ['RESIDENTIAL - SINGLE FAMILY', 'R1'],
  [null, 'C2'],
  ['EXEMPT - CHURCH', null],
  ['MYSTERY USE', 'Q9'],
  [null, null],
]

/** 30 lots in a 6 × 5 grid; lot i's land use cycles through USES. */
const lots = (): Lot[] =>
  Array.from({ length: 30 }, (_, i) => ({
    pin: `P${String(i).padStart(2, '0')}`,
    owner: i === 4 ? 'SMITH JOHN A' : `OWNER ${i}`,
    sale_date: '2010-05-01',
    sale_price: 100_000 + i,
    parcel_value: 200_000 + i,
    land_use: USES[i % 6]![0],
    land_use_code: USES[i % 6]![1],
    geom: cell(i).geom,
  }))

const rows = (ls: Lot[]): StagedRow[] =>
  ls.map((l, k) => ({
    feature: k + 1,
    layer: null,
    attrs: {
      parcel_id: l.pin,
      owner: l.owner,
      sale_date: l.sale_date,
      sale_price: l.sale_price,
      parcel_value: l.parcel_value,
      land_use: l.land_use,
      land_use_code: l.land_use_code,
      city: 'AMES',
    },
    extra: {},
    geom: l.geom,
  }))

/** The reload: 2 new owners (plus one respelling), 2 sold, lot 7 split, lots 20 and 21 gone, 1 revalued. */
function reloaded(): Lot[] {
  const out: Lot[] = []
  for (const l of lots()) {
    if (l.pin === 'P20' || l.pin === 'P21') continue
    if (l.pin === 'P07') {
      const { x, y } = cell(7)
      out.push({ ...l, pin: 'P07-A', geom: box(x, y, x + W / 2, y + H) })
      out.push({ ...l, pin: 'P07-B', owner: 'NEW NEIGHBOUR', geom: box(x + W / 2, y, x + W, y + H) })
      continue
    }
    if (l.pin === 'P01' || l.pin === 'P02') out.push({ ...l, owner: `BUYER ${l.pin}` })
    else if (l.pin === 'P04') out.push({ ...l, owner: 'Smith, John A. ET AL' })
    else if (l.pin === 'P10' || l.pin === 'P11')
      out.push({ ...l, owner: `SOLD TO ${l.pin}`, sale_date: '2024-03-15', sale_price: 450_000 })
    else if (l.pin === 'P12') out.push({ ...l, parcel_value: 999_999 })
    else out.push(l)
  }
  return out
}

function changesSuite(open: () => Promise<{ db: Database; cleanup(): Promise<void> }>) {
  let db: Database
  let cleanup: () => Promise<void>
  let first: LoadSummary
  let second: LoadSummary
  let before: Map<string, string>
  let after: Map<string, string>
  const load = (ls: Lot[]) => loadCounty(db, { county: COUNTY, source: 'lots.geojson', items: [rows(ls)] })
  const ids = async () =>
    new Map(
      (await db.query<{ parcel_id: string; svc_uuid: string }>('SELECT parcel_id, svc_uuid FROM parcels')).map((r) => [
        r.parcel_id,
        r.svc_uuid,
      ]),
    )

  beforeAll(async () => {
    ;({ db, cleanup } = await open())
    first = await load(lots())
    before = await ids()
    second = await load(reloaded())
    after = await ids()
  }, 120_000)
  afterAll(() => cleanup?.())

  it('a first load logs itself and compares nothing', async () => {
    expect(first.changes).toBeNull()
    const logged = await db.query<{ kind: string; previous_version: string; version: string }>(
      'SELECT kind, previous_version, version FROM change_loads ORDER BY id',
    )
    expect(logged[0]).toMatchObject({ kind: 'first', previous_version: 'empty', version: first.version })
  })

  it('a reload prints exactly the changes made, and keeps every unchanged parcel’s id', async () => {
    expect(second.changes?.counts).toEqual({ new_owner: 2, sold: 2, split: 1, removed: 2, value_changed: 1 })
    // 30 lots: 2 new owners, 2 sold, 1 split, 2 removed, 1 revalued, 22 untouched (the respelt owner too).
    expect(second.changes?.unchanged).toBe(22)
    for (const [pin, id] of before) {
      if (['P07', 'P20', 'P21'].includes(pin)) expect(after.has(pin)).toBe(false)
      else expect(after.get(pin), pin).toBe(id)
    }
    const [now] = await db.query<{ v: string }>(`SELECT ${DATA_VERSION_SQL} AS v`)
    expect(second.version).toBe(now!.v)
    expect(second.version).not.toBe(first.version)
  })

  it('logs each change with its parcel, what it became and the values before and after', async () => {
    const logged = await db.query<{
      svc_uuid: string
      kind: string
      facets: string[]
      related: string[]
      parcel_id: string
      before: { owner: string } | null
      after: { owner: string; sale_price: number } | null
      lon: number
      load_id: number
    }>(`SELECT c.* FROM parcel_changes c JOIN change_loads l ON l.id = c.load_id WHERE l.version = $1 ORDER BY c.id`, [
      second.version,
    ])
    const of = (pin: string) => logged.find((c) => c.parcel_id === pin)
    expect(of('P07')).toMatchObject({
      kind: 'split',
      svc_uuid: before.get('P07'),
      related: [after.get('P07-A'), after.get('P07-B')].sort(),
    })
    expect(of('P07')!.lon).toBeCloseTo(cell(7).x + W / 2, 6)
    expect(of('P10')).toMatchObject({ kind: 'sold', facets: ['sold', 'new_owner'] })
    expect(of('P10')!.after).toMatchObject({ owner: 'SOLD TO P10', sale_price: 450_000 })
    expect(of('P01')).toMatchObject({ kind: 'new_owner', before: { owner: 'OWNER 1' }, after: { owner: 'BUYER P01' } })
    expect(of('P20')).toMatchObject({ kind: 'removed', svc_uuid: before.get('P20') })
    expect(of('P12')).toMatchObject({ kind: 'value_changed' })
    expect(of('P04')).toBeUndefined()
    const [load] = await db.query<{ previous_version: string; counts: unknown }>(
      'SELECT previous_version, counts FROM change_loads WHERE version = $1',
      [second.version],
    )
    expect(load!.previous_version).toBe(first.version)
  })

  it('sets the land-use class from codes and descriptions and counts what it could not classify', async () => {
    // 29 lots after the reload: lot 7 (residential) is two, lots 20 (commercial) and 21 (church) are gone.
    expect(second.landUse.byClass).toEqual({ agricultural: 5, residential: 6, commercial: 4, institutional: 4 })
    expect(second.landUse.unclassified).toBe(5)
    expect(second.landUse.missing).toBe(5)
    expect(second.landUse.unmatched).toEqual([{ code: 'Q9', description: 'MYSTERY USE', records: 5 }])
    const byPin = new Map(
      (
        await db.query<{ parcel_id: string; land_use_class: string | null; record: string }>(
          'SELECT parcel_id, land_use_class, record FROM parcels',
        )
      ).map((r) => [r.parcel_id, r]),
    )
    expect(byPin.get('P00')!.land_use_class).toBe('agricultural')
    expect(byPin.get('P02')!.land_use_class).toBe('commercial')
    expect(byPin.get('P03')!.land_use_class).toBe('institutional')
    expect(byPin.get('P05')!.land_use_class).toBeNull()
    expect(JSON.parse(byPin.get('P01')!.record).land_use_class).toBe('residential')
  })

  it('a merge names its predecessors; a delete logs every parcel as removed', async () => {
    const merged = reloaded().filter((l) => l.pin !== 'P25')
    const p24 = merged.find((l) => l.pin === 'P24')!
    p24.geom = box(cell(24).x, cell(24).y, cell(25).x + W, cell(25).y + H)
    const third = await load(merged)
    expect(third.changes?.counts).toEqual({ merged: 1 })
    const [row] = await db.query<{ svc_uuid: string; related: string[] }>(
      "SELECT svc_uuid, related FROM parcel_changes WHERE kind = 'merged'",
    )
    expect(row).toEqual({ svc_uuid: after.get('P24'), related: [after.get('P24'), after.get('P25')].sort() })

    const counts = await db.transaction(async (tx) => {
      const c = await logCountyDeleted(tx, COUNTY)
      await deleteCounty(tx, COUNTY.state_fp, COUNTY.county_fp)
      return c
    })
    expect(counts).toEqual({ removed: third.loaded })
    const [last] = await db.query<{ kind: string; version: string }>(
      'SELECT kind, version FROM change_loads ORDER BY id DESC LIMIT 1',
    )
    const [now] = await db.query<{ v: string }>(`SELECT ${DATA_VERSION_SQL} AS v`)
    expect(last).toEqual({ kind: 'delete', version: now!.v })
  })
}

describe('reload changes on the embedded database', () => {
  changesSuite(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plat-changes-'))
    const db = await openWorkerPglite({ dataDir: join(dir, 'pglite'), maxWaiting: 64 })
    await migrate(db, SCHEMA)
    return {
      db,
      async cleanup() {
        await db.close()
        rmSync(dir, { recursive: true, force: true })
      },
    }
  })
})

describePostgres('reload changes on PostgreSQL', (url) => {
  changesSuite(async () => {
    const database = await createTestDatabase(url, 'plat_changes')
    const db = await openPostgres({ url: database.url, poolSize: 2, maxWaiting: 10 })
    await migrate(db, SCHEMA)
    return {
      db,
      async cleanup() {
        await db.close()
        await database.drop()
      },
    }
  })
})
