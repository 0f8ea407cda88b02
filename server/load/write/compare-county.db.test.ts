import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { logCountyDeleted } from '../../db/change-log-repo'
import { deleteCounty } from '../../db/counties-repo'
import { DATA_VERSION_SQL } from '../../db/data-version-sql'
import type { Database } from '../../db/database'
import { migratedPglite, migratedPostgres } from '../../db/migrated-db.test-support'
import { describePostgres } from '../../db/postgres.test-support'
import { SCHEMA } from '../../schema'
import { type LoadSummary, loadCounty } from '../load-county'
import {
  box,
  cell,
  H,
  type Lot,
  lots,
  RELOAD_COUNTS,
  RELOAD_UNCHANGED,
  reloaded,
  W,
} from '../reload-fixture.test-support'
import type { StagedRow } from '../rows/staged-row'

const COUNTY = { state_fp: '19', county_fp: '169', state: 'IA', county: 'Story' }

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
    expect(second.changes?.counts).toEqual(RELOAD_COUNTS)
    // 30 lots: 2 new owners, 2 sold, 1 split, 2 removed, 1 revalued, 22 untouched (the respelt owner too).
    expect(second.changes?.unchanged).toBe(RELOAD_UNCHANGED)
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
  changesSuite(() => migratedPglite('plat-changes', SCHEMA))
})

describePostgres('reload changes on PostgreSQL', (url) => {
  changesSuite(() => migratedPostgres(url, 'plat_changes', SCHEMA))
})
