import { describe, expect, it } from 'vitest'
import { ErrorBodySchema } from '../../contract/errors'
import { LookupResponseSchema } from '../../contract/schemas'
import { LIMITED_REQUESTS, RECORDS_ALLOWANCE } from './context'
import { queryOk } from './data'
import { collection, interiorPoint, rect } from './geo'
import { call, get, post, show } from './http'

const anyQuery = (limit: number) => ({ filters: [], limit })

describe('monthly allowance, requests unit', () => {
  it('counts only 2xx answers, then refuses with 429 {detail} on every endpoint', async () => {
    // Answers other than 2xx are not charged.
    const bad400 = await post(
      '/parcels/query',
      { filters: [{ field: 'nope', op: 'eq', value: 1 }] },
      { key: 'limited' },
    )
    expect(bad400.status, show(bad400)).toBe(400)
    const bad422 = await post('/parcels/query', { filters: [], limit: 0 }, { key: 'limited' })
    expect(bad422.status, show(bad422)).toBe(422)

    const sample = await queryOk({ filters: [{ field: 'state_fp', op: 'eq', value: '19' }], limit: 1 })
    const sampleGeom = sample.results[0]?.geom
    const lonLat = sampleGeom ? interiorPoint(sampleGeom) : null
    const allowed = [
      () => post('/parcels/query', anyQuery(1), { key: 'limited' }),
      () => post('/parcels/area', collection(rect(-93.6, 42.0, -93.59, 42.01)), { key: 'limited' }),
      () => get('/parcels/point', { lat: lonLat?.[1] ?? 42, lon: lonLat?.[0] ?? -93.5 }, { key: 'limited' }),
      () => get('/parcels/address', { address: 'Main St' }, { key: 'limited' }),
      () => post('/parcels/query', anyQuery(5), { key: 'limited' }),
    ]
    expect(allowed.length).toBe(LIMITED_REQUESTS)
    for (const [i, send] of allowed.entries()) {
      const res = await send()
      expect(res.status, `request ${i + 1} of ${LIMITED_REQUESTS}: ${show(res)}`).toBe(200)
    }
    const refusals = [
      await post('/parcels/query', anyQuery(1), { key: 'limited' }),
      await post('/parcels/area', collection(rect(-93.6, 42.0, -93.59, 42.01)), { key: 'limited' }),
      await get('/parcels/point', { lat: 42, lon: -93.5 }, { key: 'limited' }),
      await get('/parcels/address', { address: 'Main St' }, { key: 'limited' }),
      // the allowance is checked with the key, before the body
      await call('POST', '/parcels/query', undefined, { key: 'limited', rawBody: '{oops' }),
    ]
    for (const res of refusals) {
      expect(res.status, show(res)).toBe(429)
      expect(ErrorBodySchema.safeParse(res.body).success, show(res)).toBe(true)
    }
  })
})

describe('monthly allowance, records unit', () => {
  it(`charges returned records (area 0), refuses a page that would pass ${RECORDS_ALLOWANCE} without charging`, async () => {
    // Area searches cost no records.
    const area = await post('/parcels/area', collection(rect(-180, -90, 180, 90)), { key: 'records' })
    expect(area.status, show(area)).toBe(200)

    const first = await post('/parcels/query', anyQuery(100), { key: 'records' })
    expect(first.status, show(first)).toBe(200)
    expect((first.body as { results: unknown[] }).results).toHaveLength(100) // used: 100

    const tooMany = await post('/parcels/query', anyQuery(100), { key: 'records' })
    expect(tooMany.status, `100 more records would pass the allowance: ${show(tooMany)}`).toBe(429)
    expect(ErrorBodySchema.safeParse(tooMany.body).success, show(tooMany)).toBe(true)

    // A point lookup is charged its returned records (found with the full key, which is not this one).
    const parcel = (await queryOk({ filters: [], limit: 1 })).results[0]
    expect(parcel).toBeDefined()
    const point = interiorPoint(parcel!.geom)
    expect(point).not.toBeNull()
    const params = { lat: point![1]!, lon: point![0]!, limit: 5 }
    const expected = LookupResponseSchema.parse((await get('/parcels/point', params)).body).results.length
    expect(expected).toBeGreaterThan(0)
    const lookup = await get('/parcels/point', params, { key: 'records' })
    expect(lookup.status, show(lookup)).toBe(200)
    expect(LookupResponseSchema.parse(lookup.body).results).toHaveLength(expected) // used: 100 + expected

    // The refused request above was not charged: exactly the rest of the allowance is still there.
    const rest = RECORDS_ALLOWANCE - 100 - expected
    const last = await post('/parcels/query', anyQuery(rest), { key: 'records' })
    expect(last.status, `${rest} records left, asking for ${rest}: ${show(last)}`).toBe(200)
    expect((last.body as { results: unknown[] }).results).toHaveLength(rest)

    const over = await post('/parcels/query', anyQuery(1), { key: 'records' })
    expect(over.status, show(over)).toBe(429)
    expect(ErrorBodySchema.safeParse(over.body).success, show(over)).toBe(true)
    const overLookup = await get('/parcels/point', params, { key: 'records' })
    expect(overLookup.status, show(overLookup)).toBe(429)
  })
})
