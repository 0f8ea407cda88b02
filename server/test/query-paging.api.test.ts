/** Spec rules 5–7 of POST /parcels/query, `count`, defaults, include_buildings and the record shape. */
import type { Polygon } from 'geojson'
import { beforeAll, describe, expect, it } from 'vitest'
import { FIELDS } from '../../contract/fields'
import { matchesAll } from '../../contract/filter-match'
import { DEFAULT_LIMIT, MAX_OFFSET } from '../../contract/limits'
import { BuildingSchema } from '../../contract/schemas'
import { allParcels, type Filter, ids, mostCommon, type Order, type Parcel, queryAll, queryOk } from './data'
import { sortLikeServer } from './oracle'

let all: Parcel[]
let stateFp: string
beforeAll(async () => {
  all = await allParcels()
  stateFp = mostCommon(all, 'state_fp').value as string
})

const hasNulls = (field: string) => all.some((r) => r[field] === null || r[field] === undefined)

describe('defaults and echo', () => {
  it(`no limit/offset: ${DEFAULT_LIMIT} records from offset 0, in svc_uuid order`, async () => {
    const res = await queryOk({ filters: [] })
    expect(res.limit).toBe(DEFAULT_LIMIT)
    expect(res.offset).toBe(0)
    expect(ids(res.results)).toEqual(ids(all.slice(0, DEFAULT_LIMIT)))
  })

  it('limit and offset are applied and echoed', async () => {
    const res = await queryOk({ filters: [], limit: 7, offset: 13 })
    expect(res.limit).toBe(7)
    expect(res.offset).toBe(13)
    expect(ids(res.results)).toEqual(ids(all.slice(13, 20)))
  })

  it('order null is the default order', async () => {
    const res = await queryOk({ filters: [], order: null, limit: 30 })
    expect(ids(res.results)).toEqual(ids(all.slice(0, 30)))
  })

  it('direction defaults to asc', async () => {
    const filters: Filter[] = [{ field: 'state_fp', op: 'eq', value: stateFp }]
    const a = await queryOk({ filters, order: { field: 'acres' }, limit: 100, offset: 100 })
    const b = await queryOk({ filters, order: { field: 'acres', direction: 'asc' }, limit: 100, offset: 100 })
    expect(ids(a.results)).toEqual(ids(b.results))
  })
})

describe('count is the total number of matches, independent of limit and offset', () => {
  it('same count for any page, including pages past the end', async () => {
    const filters: Filter[] = [{ field: 'state_fp', op: 'eq', value: stateFp }]
    const expected = all.filter((r) => matchesAll(r, filters)).length
    expect(expected).toBeGreaterThan(100)
    for (const [limit, offset] of [
      [1, 0],
      [100, 0],
      [100, 50],
      [5, expected - 2],
      [20, expected],
      [100, MAX_OFFSET],
    ] as const) {
      const res = await queryOk({ filters, limit, offset })
      expect(res.count, `limit ${limit} offset ${offset}`).toBe(expected)
      expect(res.results.length, `limit ${limit} offset ${offset}`).toBe(
        Math.max(0, Math.min(limit, expected - offset)),
      )
    }
  })

  it('a filter matching nothing: count 0', async () => {
    const res = await queryOk({ filters: [{ field: 'state_fp', op: 'eq', value: '99' }] })
    expect(res).toMatchObject({ count: 0, results: [] })
  })
})

/** The demo counties as filters, smallest first (small walks keep the suite fast). */
function countyFilters(): Filter[][] {
  const counts = new Map<string, number>()
  for (const r of all) counts.set(`${r.state_fp}|${r.county_fp}`, (counts.get(`${r.state_fp}|${r.county_fp}`) ?? 0) + 1)
  return [...counts.entries()]
    .sort((a, b) => a[1] - b[1])
    .map(([k]) => {
      const [state, county] = k.split('|')
      return [
        { field: 'state_fp', op: 'eq', value: state },
        { field: 'county_fp', op: 'eq', value: county },
      ]
    })
}

describe('paging (rule 5): walking every page', () => {
  const walks: [string, () => Filter[], Order | undefined, number][] = [
    ['smallest county, default order, limit 100', () => countyFilters()[0] as Filter[], undefined, 100],
    ['smallest county, default order, limit 37', () => countyFilters()[0] as Filter[], undefined, 37],
    [
      'largest state, acres desc, limit 100',
      () => [{ field: 'state_fp', op: 'eq', value: stateFp }],
      { field: 'acres', direction: 'desc' },
      100,
    ],
    [
      'second county, crop asc (many ties), limit 100',
      () => countyFilters()[1] as Filter[],
      { field: 'cdl_majority_category', direction: 'asc' },
      100,
    ],
    [
      'smallest county, crop desc (many ties), limit 64',
      () => countyFilters()[0] as Filter[],
      { field: 'cdl_majority_category', direction: 'desc' },
      64,
    ],
  ]
  for (const [label, makeFilters, order, pageSize] of walks) {
    it(`${label}: no duplicates, no gaps, union = count, in the documented order`, async () => {
      const filters: Filter[] = [...makeFilters()]
      if (order && hasNulls(order.field)) filters.push({ field: order.field, op: 'isnull', value: false })
      const { records, count } = await queryAll(filters, order, pageSize)
      const got = ids(records)
      expect(new Set(got).size).toBe(got.length)
      expect(got.length).toBe(count)
      expect(count).toBeGreaterThan(pageSize * 2)
      const expected = all.filter((r) => matchesAll(r, filters))
      const expectedOrder = order ? sortLikeServer(expected, order) : expected
      expect(got).toEqual(ids(expectedOrder))
    })
  }

  it('no filters: the global setup walked every page; unique, in svc_uuid order, as many as count', async () => {
    const { count } = await queryOk({ filters: [], limit: 1 })
    expect(all.length).toBe(count)
    const got = ids(all)
    for (let i = 1; i < got.length; i++) expect((got[i - 1] as string) < (got[i] as string)).toBe(true)
  })
})

describe('ordering (rule 7): ascending and descending, ties by svc_uuid ascending', () => {
  const orderFields = [
    'acres',
    'parcel_value',
    'elevation',
    'cdl_majority_percent',
    'cdl_majority_category',
    'county',
    'state',
    'zoning',
    'svc_uuid',
  ]
  for (const field of orderFields) {
    for (const direction of ['asc', 'desc'] as const) {
      it(`${field} ${direction}`, async () => {
        const filters: Filter[] = hasNulls(field) ? [{ field, op: 'isnull', value: false }] : []
        const order: Order = { field, direction }
        const expected = sortLikeServer(
          all.filter((r) => matchesAll(r, filters)),
          order,
        )
        // first two pages and a page in the middle
        for (const offset of [0, 100, Math.floor(expected.length / 2)]) {
          const page = await queryOk({ filters, order, limit: 100, offset })
          expect(ids(page.results), `${field} ${direction} offset ${offset}`).toEqual(
            ids(expected.slice(offset, offset + 100)),
          )
        }
      })
    }
  }

  it('every queryable field can be an order field', async () => {
    for (const def of FIELDS) {
      for (const direction of ['asc', 'desc'] as const) {
        await queryOk({ filters: [], order: { field: def.name, direction }, limit: 5 })
      }
    }
  })

  it('ordering a field with nulls: non-null values sorted, nulls kept together at one end', async () => {
    const field = FIELDS.map((f) => f.name).find((f) => hasNulls(f) && !f.startsWith('svc'))
    expect(field, 'no nullable field in the demo data').toBeDefined()
    const county = countyFilters()[0] as Filter[]
    for (const direction of ['asc', 'desc'] as const) {
      const { records } = await queryAll(county, { field: field!, direction })
      const isNull = records.map((r) => r[field!] === null || r[field!] === undefined)
      const firstNull = isNull.indexOf(true)
      const lastNull = isNull.lastIndexOf(true)
      expect(isNull.slice(firstNull, lastNull + 1).every(Boolean), `${field} ${direction}: nulls not contiguous`).toBe(
        true,
      )
      const nonNull = records.filter((_, i) => !isNull[i])
      expect(ids(nonNull)).toEqual(ids(sortLikeServer(nonNull, { field: field!, direction })))
    }
  })
})

describe('include_buildings (rule 6)', () => {
  it('true: every parcel has a buildings array; buildings have the documented fields', async () => {
    let buildings = 0
    for (const offset of [0, 100, 200, 1000, 2000]) {
      const res = await queryOk({ filters: [], include_buildings: true, limit: 100, offset })
      for (const p of res.results) {
        expect(Array.isArray(p.buildings), `parcel ${p.svc_uuid} has no buildings array`).toBe(true)
        for (const b of p.buildings as unknown[]) {
          buildings++
          expect(BuildingSchema.safeParse(b).success).toBe(true)
          const building = b as Record<string, unknown>
          for (const key of [
            'geom',
            'sq_feet',
            'sq_meters',
            'height',
            'occupancy',
            'occupancy_code',
            'address',
            'city',
            'state',
            'postal',
          ]) {
            expect(building, `building of ${p.svc_uuid}`).toHaveProperty(key)
          }
          expect(['Polygon', 'MultiPolygon']).toContain((building.geom as Polygon).type)
        }
      }
    }
    expect(buildings, 'no parcel in 500 has a building').toBeGreaterThan(0)
  })

  for (const include of [false, undefined]) {
    it(`${include === undefined ? 'absent' : 'false'}: no parcel has a buildings key`, async () => {
      for (const offset of [0, 1000]) {
        const res = await queryOk({ filters: [], include_buildings: include, limit: 100, offset })
        for (const p of res.results) expect(Object.hasOwn(p, 'buildings'), p.svc_uuid).toBe(false)
      }
    })
  }

  it('with order and filters too', async () => {
    const res = await queryOk({
      filters: [{ field: 'state_fp', op: 'eq', value: stateFp }],
      order: { field: 'parcel_value', direction: 'desc' },
      include_buildings: true,
      limit: 50,
    })
    for (const p of res.results) expect(Array.isArray(p.buildings)).toBe(true)
  })
})

describe('record shape', () => {
  it('every record: all queryable fields, a Polygon/MultiPolygon geom, 100+ fields, typed values', () => {
    for (const r of all) {
      for (const def of FIELDS) {
        expect(r, `record ${r.svc_uuid}`).toHaveProperty(def.name)
        const v = r[def.name]
        if (v === null) continue
        if (def.group === 'numeric') expect(typeof v, `${def.name} of ${r.svc_uuid}`).toBe('number')
        else expect(typeof v, `${def.name} of ${r.svc_uuid}`).toBe('string')
      }
      expect(['Polygon', 'MultiPolygon']).toContain(r.geom?.type)
      expect(Object.keys(r).length, `record ${r.svc_uuid} has few fields`).toBeGreaterThanOrEqual(100)
    }
  })

  it('svc_uuid values are unique UUIDs; state_fp two digits; the demo counties are there', () => {
    const uuids = new Set(all.map((r) => r.svc_uuid))
    expect(uuids.size).toBe(all.length)
    for (const r of all) {
      expect(r.svc_uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
      expect(r.state_fp).toMatch(/^\d{2}$/)
    }
    const states = new Set(all.map((r) => r.state))
    for (const s of ['IA', 'CA', 'KS']) expect(states).toContain(s)
    expect(all.some((r) => r.state_fp === '19' && r.county_fp === '169')).toBe(true)
  })
})
