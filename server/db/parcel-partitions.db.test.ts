/**
 * `parcels` partitioned by state on PostgreSQL (issue 40): two counties in two states are loaded
 * into the unpartitioned table, migration 13 converts it (every row and id kept), then loads,
 * pruning and an area across the state line are checked on the partitioned table.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { FilterItem } from '../../contract/schemas'
import { type LoadSummary, loadCounty } from '../load/load-county'
import { box } from '../load/reload-fixture.test-support'
import type { StagedRow } from '../load/rows/staged-row'
import { SCHEMA } from '../schema'
import { rect } from '../test/geo'
import { searchArea } from './area-search'
import type { Database, Queryable, QueryOptions } from './database'
import { buildWhere } from './filter-sql'
import { migrate } from './migrate'
import { migratedPostgres, type TestDatabase } from './migrated-db.test-support'
import { parcelDensity } from './parcel-density'
import { missingParcelIndexes } from './parcel-indexes'
import { parcelsPartitioned } from './parcel-partitions'
import { parcelsRepo } from './parcels-repo'
import { describePostgres } from './postgres.test-support'

const W = 0.002
const H = 0.001
const X0 = -93.62
const Y0 = 42.02
const COLS = 6
const ROWS = 4

/** Two counties side by side across a state line at column 6, and a third state further east. */
const IOWA = { state_fp: '19', county_fp: '169', state: 'IA', county: 'Story', col0: 0 }
const MINNESOTA = { state_fp: '27', county_fp: '043', state: 'MN', county: 'Faribault', col0: COLS }
const ILLINOIS = { state_fp: '17', county_fp: '113', state: 'IL', county: 'McLean', col0: 3 * COLS }

type County = typeof IOWA

/** A county's grid of lots; owners repeat along a row so holdings and stacks are not trivial. */
const lots = (c: County): StagedRow[] =>
  Array.from({ length: COLS * ROWS }, (_, k) => {
    const col = c.col0 + (k % COLS)
    const row = Math.floor(k / COLS)
    const x = X0 + col * W
    const y = Y0 + row * H
    return {
      feature: k + 1,
      layer: null,
      attrs: {
        parcel_id: `${c.state}-${col}-${row}`,
        owner: `OWNER ${row} ${Math.floor(col / 2)}`,
        parcel_value: 1000 * (k + 1),
        land_use: 'AGRICULTURAL',
        city: 'TOWN',
      },
      extra: { note: `lot ${k}` },
      geom: box(x, y, x + W, y + H),
    }
  })

const WITHOUT_PARTITIONS = SCHEMA.filter((m) => m.id !== 13)

describePostgres('parcels partitioned by state (PostgreSQL)', (url) => {
  let t: TestDatabase
  let db: Database
  let before: { n: number; sum: string }
  let ids: Map<string, string>

  const load = (c: County): Promise<LoadSummary> => {
    const { col0: _, ...county } = c
    return loadCounty(db, { county, source: `${c.county}.geojson`, items: [lots(c)] })
  }
  /** Every column of every row, in id order: a changed value, id or row changes the sum. */
  const checksum = async () =>
    (
      await db.query<{ n: number; sum: string }>(
        "SELECT count(*)::int AS n, md5(string_agg(p::text, '|' ORDER BY p.svc_uuid)) AS sum FROM parcels p",
      )
    )[0]!
  const idsByPin = async () =>
    new Map(
      (await db.query<{ parcel_id: string; svc_uuid: string }>('SELECT parcel_id, svc_uuid FROM parcels')).map((r) => [
        r.parcel_id,
        r.svc_uuid,
      ]),
    )
  const partitions = async () =>
    (
      await db.query<{ name: string }>(
        "SELECT inhrelid::regclass::text AS name FROM pg_inherits WHERE inhparent = 'parcels'::regclass ORDER BY 1",
      )
    ).map((r) => r.name)
  /** The tables a statement's plan reads. */
  const scanned = async (sql: string, params: unknown[]) => {
    const [row] = await db.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, params)
    const names = [...JSON.stringify(row!['QUERY PLAN']).matchAll(/"Relation Name":"(\w+)"/g)].map((m) => m[1]!)
    return [...new Set(names)].sort()
  }
  /** The database, with the parcel partitions read by the plans of the statements `watch` picks. */
  const planSpy = (watch: (sql: string) => boolean) => {
    const read = new Set<string>()
    const spy = {
      ...db,
      kind: db.kind,
      query: async (sql: string, params?: readonly unknown[], o?: QueryOptions) => {
        if (watch(sql))
          for (const name of await scanned(sql, [...(params ?? [])])) if (name.startsWith('parcels')) read.add(name)
        return db.query(sql, params, o)
      },
    } as Database
    return { spy, read }
  }

  beforeAll(async () => {
    t = await migratedPostgres(url, 'plat_partitions', WITHOUT_PARTITIONS, 4)
    db = t.db
    await load(IOWA)
    await load(MINNESOTA)
    before = await checksum()
    ids = await idsByPin()
  }, 60_000)
  afterAll(async () => {
    await t?.cleanup()
  })

  it('converts the table once, keeping every row and id, with its indexes; a second server waits and finds it done', async () => {
    expect(await parcelsPartitioned(db)).toBe(false)
    expect(before.n).toBe(2 * COLS * ROWS)
    // Two servers starting at once: the migrate lock makes one convert and the other find it done.
    await Promise.all([migrate(db, SCHEMA), migrate(db, SCHEMA)])
    expect(await parcelsPartitioned(db)).toBe(true)
    expect(await partitions()).toEqual(['parcels_s19', 'parcels_s27'])
    expect(await checksum()).toEqual(before)
    expect(await idsByPin()).toEqual(ids)
    const [inIowa] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM ONLY parcels_s19')
    expect(inIowa!.n).toBe(COLS * ROWS)
    expect(await missingParcelIndexes(db)).toEqual([])
    const key = await db.query<{ def: string }>(
      "SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'parcels_pkey'",
    )
    expect(key.map((k) => k.def)).toEqual(['PRIMARY KEY (svc_uuid, state_fp)'])
    const applied = await db.query<{ id: number }>('SELECT id FROM schema_migrations WHERE id = 13')
    expect(applied).toHaveLength(1)
  })

  it('replaces a county inside its partition, keeping its ids, and makes a new state its partition', async () => {
    const reload = await load(IOWA)
    expect(reload.changes?.unchanged).toBe(COLS * ROWS)
    expect(await idsByPin()).toEqual(ids)
    await load(ILLINOIS)
    expect(await partitions()).toEqual(['parcels_s17', 'parcels_s19', 'parcels_s27'])
    const [inIllinois] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM ONLY parcels_s17')
    expect(inIllinois!.n).toBe(COLS * ROWS)
    expect(await missingParcelIndexes(db)).toEqual([])
  })

  it('prunes state- and county-scoped queries (by FIPS or abbreviation) to the state partition', async () => {
    const where = (filters: FilterItem[]) => {
      const params: unknown[] = []
      return { where: buildWhere(filters, params), params }
    }
    const state = where([{ field: 'state_fp', op: 'eq', value: '27' }])
    expect(await scanned(`SELECT count(*) FROM parcels p WHERE ${state.where}`, state.params)).toEqual(['parcels_s27'])
    const county = where([
      { field: 'state_fp', op: 'eq', value: '19' },
      { field: 'county_fp', op: 'eq', value: '169' },
      { field: 'acres', op: 'gt', value: 0 },
    ])
    expect(
      await scanned(`SELECT record FROM parcels p WHERE ${county.where} ORDER BY p.svc_uuid LIMIT 100`, county.params),
    ).toEqual(['parcels_s19'])
    // The app scopes by abbreviation: filter-sql.ts adds its state_fp.
    const byAbbr = where([{ field: 'state', op: 'eq', value: 'MN' }])
    expect(await scanned(`SELECT count(*) FROM parcels p WHERE ${byAbbr.where}`, byAbbr.params)).toEqual([
      'parcels_s27',
    ])
    const [mn] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM parcels p WHERE ${byAbbr.where}`,
      byAbbr.params,
    )
    expect(mn!.n).toBe(COLS * ROWS)
    const both = where([{ field: 'state_fp', op: 'in', value: ['17', '19'] }])
    expect(await scanned(`SELECT count(*) FROM parcels p WHERE ${both.where}`, both.params)).toEqual([
      'parcels_s17',
      'parcels_s19',
    ])
  })

  it('answers an area across the state line exactly, from both partitions', async () => {
    // Columns 4–7 (two in each state), rows 1–2; the corners sit inside lots, so no edge only touches.
    const x0 = X0 + 4.5 * W
    const x1 = X0 + 7.5 * W
    const y0 = Y0 + 1.5 * H
    const y1 = Y0 + 2.5 * H
    const area = rect(x0, y0, x1, y1)
    const expected = [4, 5, 6, 7]
      .flatMap((col) => [1, 2].map((row) => ids.get(`${col < COLS ? 'IA' : 'MN'}-${col}-${row}`)!))
      .sort()
    const found = await parcelsRepo(db, { timeoutMs: 10_000 }).idsInArea([area], 1000)
    expect(found).toEqual(expected)
  })

  it('reads only the partitions of the states an area reaches (area-states.ts), one inside a state, both across the line', async () => {
    /** The area search's answer, and the parcel partitions its piece statements' plans read. */
    const search = async (x0: number, x1: number) => {
      const read = new Set<string>()
      const spy: Queryable = {
        exec: (sql, o) => db.exec(sql, o),
        query: async (sql, params, o) => {
          if (sql.includes('CROSS JOIN LATERAL'))
            for (const name of await scanned(sql, [...(params ?? [])])) if (name.startsWith('parcels')) read.add(name)
          return db.query(sql, params, o)
        },
      }
      const found = await searchArea(spy, parcelDensity(db), [rect(x0, Y0 + 1.5 * H, x1, Y0 + 2.5 * H)], 1000)
      return { found, read: [...read].sort() }
    }
    const pins = async (found: string[]) =>
      (
        await db.query<{ pin: string }>('SELECT parcel_id AS pin FROM parcels WHERE svc_uuid = ANY($1) ORDER BY 1', [
          found,
        ])
      ).map((r) => r.pin)
    const inIowa = await search(X0 + 1.5 * W, X0 + 3.5 * W)
    expect(inIowa.read).toEqual(['parcels_s19'])
    expect(await pins(inIowa.found)).toEqual(['IA-1-1', 'IA-1-2', 'IA-2-1', 'IA-2-2', 'IA-3-1', 'IA-3-2'])
    const across = await search(X0 + 4.5 * W, X0 + 7.5 * W)
    expect(across.read).toEqual(['parcels_s19', 'parcels_s27'])
    expect(across.found).toHaveLength(8)
    // Nowhere near a loaded county: no partition at all.
    expect((await search(X0 - 1, X0 - 0.9)).read).toEqual([])
  })

  it('reads only the partition of the state whose counties hold a point, and finds its parcel', async () => {
    const at = async (lon: number, lat: number) => {
      const { spy, read } = planSpy((sql) => sql.includes('ST_MakePoint'))
      const found = await parcelsRepo(spy, { timeoutMs: 10_000 }).atPoint(lon, lat, 10, false)
      return { pins: found.map((r) => (JSON.parse(r) as { parcel_id: string }).parcel_id), read: [...read].sort() }
    }
    // The middle of Iowa's lot in column 1, row 1; then of Minnesota's first column, across the line.
    expect(await at(X0 + 1.5 * W, Y0 + 1.5 * H)).toEqual({ pins: ['IA-1-1'], read: ['parcels_s19'] })
    expect(await at(X0 + 6.5 * W, Y0 + 1.5 * H)).toEqual({ pins: ['MN-6-1'], read: ['parcels_s27'] })
    // Outside every loaded county: no partition read, no parcel.
    expect(await at(X0 - 1, Y0)).toEqual({ pins: [], read: [] })
  })

  it('names the states of an id page (parcel_states): reads only their partitions; an unknown id reads all, same answer', async () => {
    // Every row has its id's state: the conversion's rows (migration 14 fills them), then the loads' (the trigger).
    const [missing] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM parcels p WHERE NOT EXISTS
         (SELECT 1 FROM parcel_states s WHERE s.svc_uuid = p.svc_uuid AND s.state_fp = p.state_fp)`,
    )
    expect(missing!.n).toBe(0)
    const [illinois] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM parcel_states WHERE state_fp = '17'",
    )
    expect(illinois!.n).toBe(COLS * ROWS)

    const page = async (svcUuids: string[]) => {
      const { spy, read } = planSpy((sql) => sql.includes('FROM parcels p'))
      const q = { filters: [{ field: 'svc_uuid', op: 'in', value: svcUuids }], limit: 100, offset: 0 } as const
      const res = await parcelsRepo(spy, { timeoutMs: 10_000 }).query(q as never)
      const pins = res.records.map((r) => (JSON.parse(r) as { parcel_id: string }).parcel_id).sort()
      return { count: res.count, pins, read: [...read].sort() }
    }
    const [illinoisId] = (
      await db.query<{ id: string }>("SELECT svc_uuid AS id FROM parcels WHERE parcel_id = 'IL-18-0'")
    ).map((r) => r.id)
    const known = [ids.get('MN-6-1')!, ids.get('MN-7-2')!, illinoisId!]
    const expected = { count: 3, pins: ['IL-18-0', 'MN-6-1', 'MN-7-2'] }
    expect(await page(known)).toEqual({ ...expected, read: ['parcels_s17', 'parcels_s27'] })
    // An id no row has ever had: every partition is read, as without the lookup, and the answer is the same.
    expect(await page([...known, '00000000-0000-5000-8000-000000000000'])).toEqual({
      ...expected,
      read: ['parcels_s17', 'parcels_s19', 'parcels_s27'],
    })
  })
})
