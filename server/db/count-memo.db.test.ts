/**
 * Later pages of a query reuse its total (count-memo.ts), on the embedded database: the count is
 * read once, the next pages are the same records a fresh count would page to, and a load (a new
 * data version) makes the next page count again and answer the new total.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ParsedQueryRequest, QueryRequestSchema } from '../../contract/schemas'
import { loadCounty } from '../load/load-county'
import { box } from '../load/reload-fixture.test-support'
import type { StagedRow } from '../load/rows/staged-row'
import { SCHEMA } from '../schema'
import { countMemo } from './count-memo'
import type { Database, QueryOptions } from './database'
import { migratedPglite, type TestDatabase } from './migrated-db.test-support'
import { parcelsRepo } from './parcels-repo'

const COUNTY = { state_fp: '19', county_fp: '169', state: 'IA', county: 'Story' }

const lots = (n: number): StagedRow[] =>
  Array.from({ length: n }, (_, k) => ({
    feature: k + 1,
    layer: null,
    attrs: { parcel_id: `P-${k}`, owner: `OWNER ${k}`, acres: 10 + k, land_use: 'AGRICULTURAL' },
    extra: {},
    geom: box(-93.62 + k * 0.002, 42.02, -93.618 + k * 0.002, 42.021),
  }))

describe('remembered query totals', () => {
  let t: TestDatabase
  let db: Database
  const counted: string[] = []
  const load = (n: number) => loadCounty(db, { county: COUNTY, source: 'story.geojson', items: [lots(n)] })

  beforeAll(async () => {
    t = await migratedPglite('count-memo', SCHEMA)
    db = t.db
    await load(30)
  }, 60_000)
  afterAll(async () => {
    await t?.cleanup()
  })

  const page = (offset: number): ParsedQueryRequest =>
    QueryRequestSchema.parse({
      filters: [{ field: 'acres', op: 'gte', value: 12 }],
      order: { field: 'acres', direction: 'desc' },
      limit: 10,
      offset,
    })
  const pins = (records: string[]) => records.map((r) => (JSON.parse(r) as { parcel_id: string }).parcel_id)

  it('counts once for a query’s pages, answers the pages a fresh count would, and counts again after a load', async () => {
    const spy = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop !== 'query') return Reflect.get(target, prop, receiver)
        return (sql: string, params?: readonly unknown[], o?: QueryOptions) => {
          if (sql.includes('count(*)')) counted.push(sql)
          return target.query(sql, params, o)
        }
      },
    })
    // Every count remembered, however cheap: this table's counts take a millisecond.
    const remembering = parcelsRepo(spy, { timeoutMs: 10_000, counts: countMemo({ minMs: 0 }) })
    const fresh = parcelsRepo(db, { timeoutMs: 10_000, counts: null })

    const first = await remembering.query(page(0))
    expect(first.count).toBe(28)
    expect(counted).toHaveLength(1)
    const second = await remembering.query(page(10))
    const third = await remembering.query(page(20))
    expect(counted).toHaveLength(1)
    expect(second).toEqual(await fresh.query(page(10)))
    expect(third).toEqual(await fresh.query(page(20)))
    expect(pins(third.records)).toEqual(['P-9', 'P-8', 'P-7', 'P-6', 'P-5', 'P-4', 'P-3', 'P-2'])

    // The county again with 20 lots: a new data version, so the next page is counted again.
    await load(20)
    const after = await remembering.query(page(10))
    expect(counted).toHaveLength(2)
    expect(after.count).toBe(18)
    expect(after).toEqual(await fresh.query(page(10)))
    expect(pins(after.records)).toEqual(['P-9', 'P-8', 'P-7', 'P-6', 'P-5', 'P-4', 'P-3', 'P-2'])
  })
})
