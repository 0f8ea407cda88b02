import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cacheKeyOf, normalForm, type ProxyRequest } from './cache-key'

const UP = 'https://api.example/parcels'
const query = (body: string): ProxyRequest => ({ endpoint: 'query', body, value: JSON.parse(body) })
const area = (body: string): ProxyRequest => ({ endpoint: 'area', body, value: JSON.parse(body) })
const keyOfQuery = (value: unknown) => cacheKeyOf(UP, query(JSON.stringify(value)))

const scope = { field: 'state', op: 'eq', value: 'IA' }
const acres = { field: 'acres', op: 'between', value: [10, 20] }

describe('query cache keys: the same question, spelled differently', () => {
  it('member order and whitespace do not matter', () => {
    const a = query('{"filters":[{"field":"state","op":"eq","value":"IA"}],"limit":5}')
    const b = query('{ "limit" : 5,\n "filters" : [ { "value":"IA", "op":"eq", "field":"state" } ] }')
    expect(cacheKeyOf(UP, a)).toBe(cacheKeyOf(UP, b))
  })

  it("the spec's defaults written out or left out", () => {
    const bare = keyOfQuery({ filters: [scope] })
    expect(keyOfQuery({ filters: [scope], limit: 20, offset: 0, include_buildings: false, order: null })).toBe(bare)
    const ordered = keyOfQuery({ filters: [scope], order: { field: 'acres' } })
    expect(keyOfQuery({ filters: [scope], order: { field: 'acres', direction: 'asc' } })).toBe(ordered)
  })

  it('any order of an in/nin list, and of the filters, gives one key', () => {
    const lists = fc
      .uniqueArray(fc.oneof(fc.uuid(), fc.integer()), { minLength: 1, maxLength: 30 })
      .chain((list) => fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length })))
    const filterOrders = fc.shuffledSubarray([0, 1, 2], { minLength: 3 })
    fc.assert(
      fc.property(lists, filterOrders, fc.boolean(), ([list, shuffled], order, nin) => {
        const inFilter = (values: unknown[]) => ({ field: 'svc_uuid', op: nin ? 'nin' : 'in', value: values })
        const a = keyOfQuery({ filters: [scope, inFilter(list), acres], limit: 100 })
        const filters = [scope, inFilter(shuffled), acres]
        const b = keyOfQuery({ filters: order.map((i) => filters[i]), limit: 100 })
        expect(a).toBe(b)
      }),
    )
  })
})

describe('query cache keys: different questions', () => {
  const base = { filters: [scope, acres], limit: 100, offset: 0 }
  it.each([
    ['limit', { ...base, limit: 99 }],
    ['offset', { ...base, offset: 100 }],
    ['include_buildings', { ...base, include_buildings: true }],
    ['order', { ...base, order: { field: 'acres', direction: 'asc' } }],
    ['order direction', { ...base, order: { field: 'acres', direction: 'desc' } }],
    ['a filter value', { ...base, filters: [scope, { ...acres, value: [10, 21] }] }],
    ['between bounds swapped (a list that is not a set)', { ...base, filters: [scope, { ...acres, value: [20, 10] }] }],
    ['an unknown member', { ...base, fast: true }],
    ['a duplicate in an in list', { ...base, filters: [{ field: 'county_fp', op: 'in', value: ['169', '169'] }] }],
  ])('%s changes the key', (_, other) => {
    expect(keyOfQuery(other)).not.toBe(keyOfQuery(base))
  })

  it('order is kept: it decides which records fall on a page', () => {
    const asc = { ...base, order: { field: 'acres', direction: 'asc' } }
    const byValue = { ...base, order: { field: 'parcel_value', direction: 'asc' } }
    expect(keyOfQuery(asc)).not.toBe(keyOfQuery(byValue))
  })

  it('another upstream or endpoint is another key', () => {
    const body = JSON.stringify(base)
    expect(cacheKeyOf('https://other.example/parcels', query(body))).not.toBe(cacheKeyOf(UP, query(body)))
    expect(cacheKeyOf(UP, area(body))).not.toBe(cacheKeyOf(UP, query(body)))
  })
})

describe('text a parser may read differently is keyed exactly', () => {
  it.each([
    ['1.0 (a float to Python, 1 here)', '{"filters":[],"limit":1.0}', '{"filters":[],"limit":1}'],
    ['1e1', '{"filters":[],"limit":1e1}', '{"filters":[],"limit":10}'],
    [
      '-0',
      '{"filters":[{"field":"acres","op":"eq","value":-0}]}',
      '{"filters":[{"field":"acres","op":"eq","value":0}]}',
    ],
    ['a member named twice', '{"filters":[],"limit":5,"limit":6}', '{"filters":[],"limit":6}'],
  ])('%s', (_, odd, plain) => {
    expect(normalForm(query(odd))).toBe(`exact:${odd}`)
    expect(cacheKeyOf(UP, query(odd))).not.toBe(cacheKeyOf(UP, query(plain)))
  })

  it('numbers and names inside strings are not mistaken for JSON', () => {
    const body = '{"filters":[{"field":"situs","op":"ilike","value":"1.0 \\"x\\": 1e5"}],"limit":5}'
    expect(normalForm(query(body))).not.toMatch(/^exact:/)
  })

  it('a deeply nested body is keyed by its text, without overflowing the stack', () => {
    const deep = `{"filters":[{"field":"acres","op":"in","value":${'['.repeat(100_000)}${']'.repeat(100_000)}}]}`
    expect(normalForm(query(deep))).toBe(`exact:${deep}`)
  })
})

describe('area and lookup keys', () => {
  it('area: member order is free, feature order is not (another server may list ids by feature)', () => {
    const f = (x: number) => ({
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [x, 0],
            [x + 1, 0],
            [x + 1, 1],
            [x, 0],
          ],
        ],
      },
    })
    const ab = { type: 'FeatureCollection', features: [f(0), f(5)] }
    const ba = { type: 'FeatureCollection', features: [f(5), f(0)] }
    const reordered = `{"features":${JSON.stringify(ab.features)},"type":"FeatureCollection"}`
    expect(cacheKeyOf(UP, area(reordered))).toBe(cacheKeyOf(UP, area(JSON.stringify(ab))))
    expect(cacheKeyOf(UP, area(JSON.stringify(ba)))).not.toBe(cacheKeyOf(UP, area(JSON.stringify(ab))))
  })

  it('point/address: parameters sorted by name; a repeated name keeps its order; values are text', () => {
    const point = (search: string) => cacheKeyOf(UP, { endpoint: 'point', search })
    expect(point('?lat=42&lon=-93.5&limit=5')).toBe(point('?limit=5&lon=-93.5&lat=42'))
    expect(point('?lat=42&lat=43')).not.toBe(point('?lat=43&lat=42'))
    expect(point('?lat=42')).not.toBe(point('?lat=42.0'))
    const address = (search: string) => cacheKeyOf(UP, { endpoint: 'address', search })
    expect(address('?address=1%20Main%20St')).toBe(address('?address=1+Main+St'))
    expect(address('?address=1+Main+St')).not.toBe(point('?address=1+Main+St'))
  })
})
