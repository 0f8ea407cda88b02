/** Rule 8 and the value-shape checks of POST /parcels/query: 422 bodies with `loc`, 413, big `in` lists. */
import { beforeAll, describe, expect, it } from 'vitest'
import { ValidationErrorBodySchema } from '../../contract/errors'
import { matchesAll } from '../../contract/filter-match'
import { MAX_BODY_BYTES, MAX_IN_VALUES, MAX_IN_VALUES_NON_ID } from '../../contract/limits'
import { checkQueryRequest } from '../../contract/query-rules'
import { expect422At, expectErrorBody } from './checks'
import { allParcels, type Filter, type Parcel, queryOk } from './data'
import { call, post, show } from './http'
import { fakeUuids } from './uuids'

let all: Parcel[]
beforeAll(async () => {
  all = await allParcels()
})

const VALID: Filter[] = [
  { field: 'state_fp', op: 'eq', value: '19' },
  { field: 'acres', op: 'gte', value: 0 },
  { field: 'city', op: 'isnull', value: false },
]

describe('schema violations → 422 with loc (rule 8)', () => {
  const cases: [string, unknown, (string | number)[]][] = [
    ['missing filters', {}, ['body', 'filters']],
    ['missing filters, other fields present', { limit: 5, offset: 0 }, ['body', 'filters']],
    ['filters null', { filters: null }, ['body', 'filters']],
    ['filters a string', { filters: 'state_fp=19' }, ['body', 'filters']],
    ['filters an object', { filters: { field: 'acres', op: 'gt', value: 1 } }, ['body', 'filters']],
    ['11 filters', { filters: Array.from({ length: 11 }, () => VALID[1]) }, ['body', 'filters']],
    ['limit 0', { filters: [], limit: 0 }, ['body', 'limit']],
    ['limit 101', { filters: [], limit: 101 }, ['body', 'limit']],
    ['limit 1.5', { filters: [], limit: 1.5 }, ['body', 'limit']],
    ['limit a string', { filters: [], limit: '10' }, ['body', 'limit']],
    ['limit null', { filters: [], limit: null }, ['body', 'limit']],
    ['offset -1', { filters: [], offset: -1 }, ['body', 'offset']],
    ['offset 10001', { filters: [], offset: 10_001 }, ['body', 'offset']],
    ['offset 2.5', { filters: [], offset: 2.5 }, ['body', 'offset']],
    ['direction up', { filters: [], order: { field: 'acres', direction: 'up' } }, ['body', 'order', 'direction']],
    ['direction DESC', { filters: [], order: { field: 'acres', direction: 'DESC' } }, ['body', 'order', 'direction']],
    ['order without field', { filters: [], order: { direction: 'asc' } }, ['body', 'order', 'field']],
    ['order a string', { filters: [], order: 'acres' }, ['body', 'order']],
    ['include_buildings a string', { filters: [], include_buildings: 'yes' }, ['body', 'include_buildings']],
    ['filter item a number', { filters: [5] }, ['body', 'filters', 0]],
    ['filter without field', { filters: [{ op: 'eq', value: 1 }] }, ['body', 'filters', 0, 'field']],
    ['filter without op', { filters: [VALID[0], { field: 'acres', value: 1 }] }, ['body', 'filters', 1, 'op']],
    ['field a number', { filters: [{ field: 7, op: 'eq', value: 1 }] }, ['body', 'filters', 0, 'field']],
    ['value an object', { filters: [{ field: 'acres', op: 'eq', value: { n: 1 } }] }, ['body', 'filters', 0, 'value']],
    ['value [true]', { filters: [{ field: 'city', op: 'in', value: [true] }] }, ['body', 'filters', 0, 'value']],
    ['body an array', [], ['body']],
    ['body null', null, ['body']],
    ['body a string', 'filters', ['body']],
    ['body a number', 42, ['body']],
  ]
  for (const [label, body, loc] of cases) {
    it(`${label} → 422 at ${JSON.stringify(loc)}`, async () => {
      expect422At(await post('/parcels/query', body), loc)
    })
  }

  const raw: [string, string][] = [
    ['malformed JSON', '{"filters": [}'],
    ['truncated JSON', '{"filters": ['],
    ['empty body', ''],
    ['not JSON at all', 'filters=state_fp'],
    ['two JSON values', '{"filters": []} {"filters": []}'],
  ]
  for (const [label, text] of raw) {
    it(`${label} → 422 at ["body"]`, async () => {
      expect422At(await call('POST', '/parcels/query', undefined, { rawBody: text }), ['body'])
    })
  }

  it('10 filters is fine, 11 is not', async () => {
    const ten = Array.from({ length: 10 }, () => VALID[1])
    expect((await post('/parcels/query', { filters: ten })).status).toBe(200)
  })

  it('limit 1, limit 100, offset 0 and offset 10000 are fine', async () => {
    for (const body of [
      { filters: [], limit: 1 },
      { filters: [], limit: 100 },
      { filters: [], offset: 0 },
      { filters: [], offset: 10_000 },
    ]) {
      const res = await post('/parcels/query', body)
      expect(res.status, `${JSON.stringify(body)}: ${show(res)}`).toBe(200)
    }
  })

  it('issue type tells a missing value from a value of the wrong type', async () => {
    const typeAt = async (body: unknown) => {
      const res = await post('/parcels/query', body)
      expect(res.status, show(res)).toBe(422)
      return ValidationErrorBodySchema.parse(res.body).detail[0]?.type
    }
    expect(await typeAt({})).toBe('missing')
    expect(await typeAt({ filters: 'x' })).not.toBe('missing')
    expect(await typeAt({ filters: [], limit: 'ten' })).not.toBe('missing')
  })

  it('a schema violation wins over an unknown field (422 before 400)', async () => {
    const res = await post('/parcels/query', { filters: [{ field: 'nope', op: 'eq', value: 1 }], limit: 0 })
    expect422At(res, ['body', 'limit'])
  })
})

describe('value shape wrong for the operator → 422 at ["body","filters",i,"value"]', () => {
  const bad: [string, Filter][] = [
    ['between with 3 numbers', { field: 'acres', op: 'between', value: [1, 2, 3] }],
    ['between with 1 number', { field: 'acres', op: 'between', value: [1] }],
    ['between with min > max', { field: 'acres', op: 'between', value: [10, 1] }],
    ['between with strings', { field: 'acres', op: 'between', value: ['1', '2'] }],
    ['between with a number', { field: 'acres', op: 'between', value: 5 }],
    ['between without value', { field: 'acres', op: 'between' }],
    ['gt with a string', { field: 'acres', op: 'gt', value: 'abc' }],
    ['lte with a numeric string', { field: 'parcel_value', op: 'lte', value: '100' }],
    ['gte with null', { field: 'acres', op: 'gte', value: null }],
    ['lt with an array', { field: 'acres', op: 'lt', value: [1] }],
    ['in with an empty array', { field: 'county_fp', op: 'in', value: [] }],
    ['nin with an empty array', { field: 'acres', op: 'nin', value: [] }],
    ['in with a scalar', { field: 'county_fp', op: 'in', value: '169' }],
    ['in with strings on a numeric field', { field: 'acres', op: 'in', value: ['1', '2'] }],
    ['isnull with a string', { field: 'zoning', op: 'isnull', value: 'true' }],
    ['isnull with null', { field: 'zoning', op: 'isnull', value: null }],
    ['isnull with 1', { field: 'zoning', op: 'isnull', value: 1 }],
    ['isnull without value', { field: 'zoning', op: 'isnull' }],
    ['eq with a string on a numeric field', { field: 'acres', op: 'eq', value: 'ten' }],
    ['eq with a boolean on a text field', { field: 'city', op: 'eq', value: true }],
    ['eq without value', { field: 'city', op: 'eq' }],
    ['ne with null', { field: 'county', op: 'ne', value: null }],
    ['ilike with a number', { field: 'city', op: 'ilike', value: 5 }],
    ['ilike with an array', { field: 'land_use', op: 'ilike', value: ['a'] }],
  ]
  for (const [label, filter] of bad) {
    it(`${label} (at index 3)`, async () => {
      expect422At(await post('/parcels/query', { filters: [...VALID, filter] }), ['body', 'filters', 3, 'value'])
    })
  }

  it(`more than ${MAX_IN_VALUES} values in an in list`, async () => {
    const filters = [{ field: 'svc_uuid', op: 'in', value: fakeUuids(MAX_IN_VALUES + 1) }]
    expect422At(await post('/parcels/query', { filters }, { key: 'limits' }), ['body', 'filters', 0, 'value'])
  })

  it(`more than ${MAX_IN_VALUES_NON_ID} values in a list on another field; ${MAX_IN_VALUES_NON_ID} are served`, async () => {
    const day = (i: number) => new Date(Date.UTC(1950, 0, 1) + i * 86_400_000).toISOString().slice(0, 10)
    const dates = (n: number) => Array.from({ length: n }, (_, i) => day(i))
    const over = [{ field: 'sale_date', op: 'nin', value: dates(MAX_IN_VALUES_NON_ID + 1) }]
    expect422At(await post('/parcels/query', { filters: over }), ['body', 'filters', 0, 'value'])
    await queryOk({ filters: [{ field: 'sale_date', op: 'in', value: dates(MAX_IN_VALUES_NON_ID) }], limit: 1 })
  })

  it('a number too large for a double (1e400) is not a number', async () => {
    const rawBody = '{"filters":[{"field":"acres","op":"gt","value":1e400}]}'
    const res = await call('POST', '/parcels/query', undefined, { rawBody })
    expect(res.status, show(res)).not.toBe(500)
    expect([200, 422]).toContain(res.status)
  })

  it('between with equal bounds is fine', async () => {
    await queryOk({ filters: [{ field: 'acres', op: 'between', value: [1, 1] }] })
  })

  it('the first faulty filter decides between 400 and 422, like contract checkQueryRequest', async () => {
    const bodies = [
      {
        filters: [
          { field: 'acres', op: 'gt', value: 'x' },
          { field: 'nope', op: 'eq', value: 1 },
        ],
      },
      {
        filters: [
          { field: 'nope', op: 'eq', value: 1 },
          { field: 'acres', op: 'gt', value: 'x' },
        ],
      },
      { filters: [{ field: 'owner', op: 'eq', value: 5 }] },
      { filters: [{ field: 'owner', op: 'eq', value: [] }] },
    ]
    for (const body of bodies) {
      const expected = checkQueryRequest(body)
      const res = await post('/parcels/query', body)
      expect(res.status, `${JSON.stringify(body)}: ${show(res)}`).toBe(expected.ok ? 200 : expected.status)
    }
  })
})

describe('odd strings never give a 500', () => {
  const odd = ['a\u0000b', '\u0000', '\ud800', '\udfff\ud800', '\uffff', '%\u0000%', 'x'.repeat(10_000)]
  const filtersFor = (v: string): Filter[][] => [
    [{ field: 'city', op: 'ilike', value: v }],
    [{ field: 'city', op: 'eq', value: v }],
    [{ field: 'land_use', op: 'in', value: ['Agricultural', v] }],
    [{ field: 'county', op: 'ne', value: v }],
    [{ field: 'svc_uuid', op: 'eq', value: v }],
    [{ field: 'svc_uuid', op: 'nin', value: [v] }],
    [
      { field: 'owner', op: 'ilike', value: v },
      { field: 'state', op: 'eq', value: v },
    ],
  ]
  for (const [i, v] of odd.entries()) {
    it(`odd string #${i} (${JSON.stringify(v).slice(0, 20)}) in text and id filters → 200 or 422, never 500`, async () => {
      for (const filters of filtersFor(v)) {
        const res = await post('/parcels/query', { filters, limit: 5 })
        expect.soft([200, 422], `${JSON.stringify(filters).slice(0, 200)}: ${show(res)}`).toContain(res.status)
        if (res.status === 200) {
          const counts = (['sql', 'distinct'] as const).map((m) => all.filter((r) => matchesAll(r, filters, m)).length)
          expect(counts, JSON.stringify(filters).slice(0, 200)).toContain((res.body as { count: number }).count)
        }
      }
    })
  }
})

describe('body size', () => {
  const padded = (bytes: number) => {
    const head = '{"filters":[],"limit":1'
    return `${head}${' '.repeat(bytes - head.length - 1)}}`
  }

  it(`a body over ${MAX_BODY_BYTES} bytes → 413 {detail}`, async () => {
    const res = await call('POST', '/parcels/query', undefined, { rawBody: padded(MAX_BODY_BYTES + 1) })
    expectErrorBody(res, 413)
  })

  it('a body of exactly the maximum is read', async () => {
    const res = await call('POST', '/parcels/query', undefined, { rawBody: padded(MAX_BODY_BYTES), key: 'limits' })
    expect(res.status, show(res)).toBe(200)
  })

  it('an oversized in list → 413 {detail}', async () => {
    const filters = [{ field: 'svc_uuid', op: 'in', value: fakeUuids(120_000) }]
    expect(JSON.stringify({ filters }).length).toBeGreaterThan(MAX_BODY_BYTES)
    expectErrorBody(await post('/parcels/query', { filters }), 413)
  })

  it('an oversized area body → 413 {detail}', async () => {
    const ring = Array.from({ length: 230_000 }, (_, i) => [-93.5 + i * 1e-9, 42 + (i % 2) * 1e-3])
    const body = {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } }],
    }
    expect(JSON.stringify(body).length).toBeGreaterThan(MAX_BODY_BYTES)
    expectErrorBody(await post('/parcels/area', body), 413)
  })
})

describe('large in lists', () => {
  it('svc_uuid in with 20,000 ids (real ones among fabricated ones) works', async () => {
    const real = all.filter((_, i) => i % 7 === 0).map((r) => r.svc_uuid)
    const list = [...fakeUuids(20_000 - real.length, 1), ...real]
    expect(list).toHaveLength(20_000)
    const res = await queryOk({ filters: [{ field: 'svc_uuid', op: 'in', value: list }], limit: 100, offset: 100 })
    expect(res.count).toBe(real.length)
    const realSet = new Set(real)
    for (const r of res.results) expect(realSet.has(r.svc_uuid)).toBe(true)
  })

  it('svc_uuid nin with 20,000 ids', async () => {
    const excluded = all.filter((_, i) => i % 3 === 0).map((r) => r.svc_uuid)
    const list = [...excluded, ...fakeUuids(20_000 - excluded.length, 2)]
    const res = await queryOk({ filters: [{ field: 'svc_uuid', op: 'nin', value: list }], limit: 100 })
    expect(res.count).toBe(all.length - excluded.length)
  })
})
