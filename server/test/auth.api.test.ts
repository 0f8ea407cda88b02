import { describe, expect, it } from 'vitest'
import { ErrorBodySchema } from '../../contract/errors'
import { baseUrl, call, get, keyOf, post, show } from './http'

const okQuery = { filters: [{ field: 'state_fp', op: 'eq', value: '19' }], limit: 1 }
const okArea = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [-93.5, 42.0],
            [-93.49, 42.0],
            [-93.49, 42.01],
            [-93.5, 42.0],
          ],
        ],
      },
    },
  ],
}

/** One representative request per endpoint. */
const endpoints = [
  { name: 'area', send: (o: Parameters<typeof post>[2]) => post('/parcels/area', okArea, o) },
  { name: 'query', send: (o: Parameters<typeof post>[2]) => post('/parcels/query', okQuery, o) },
  { name: 'point', send: (o: Parameters<typeof get>[2]) => get('/parcels/point', { lat: 42.03, lon: -93.6 }, o) },
  { name: 'address', send: (o: Parameters<typeof get>[2]) => get('/parcels/address', { address: '100 Main' }, o) },
] as const

describe('health', () => {
  it('GET /healthz answers 200 {"status":"ok"} without a key', async () => {
    const res = await fetch(`${baseUrl()}/healthz`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok' })
  })
})

describe('authentication: 401', () => {
  const badHeaders: [string, string | undefined][] = [
    ['no Authorization header', undefined],
    ['empty header', ''],
    ['Bearer with no token', 'Bearer'],
    ['Bearer with a blank token', 'Bearer    '],
    ['Basic scheme', `Basic ${Buffer.from('user:pass').toString('base64')}`],
    ['token without scheme', 'some-token-without-scheme'],
    ['unknown key', 'Bearer this-key-does-not-exist-0123456789'],
    ['garbage characters', 'Bearer \u00e9\u00e8 ;,{}'],
  ]
  for (const endpoint of endpoints) {
    for (const [label, header] of badHeaders) {
      it(`${endpoint.name}: ${label} → 401 {detail}`, async () => {
        const res = await endpoint.send(header === undefined ? { key: null } : { authorization: header })
        expect(res.status, show(res)).toBe(401)
        expect(ErrorBodySchema.safeParse(res.body).success, show(res)).toBe(true)
      })
    }
  }

  it('a valid key with a stray suffix is an unknown key → 401', async () => {
    const res = await post('/parcels/query', okQuery, { authorization: `Bearer ${keyOf('full')}x` })
    expect(res.status, show(res)).toBe(401)
  })

  it('checks the key before the body: malformed JSON without a key → 401, not 422', async () => {
    const res = await call('POST', '/parcels/query', undefined, { key: null, rawBody: '{"filters": [' })
    expect(res.status, show(res)).toBe(401)
    expect(ErrorBodySchema.safeParse(res.body).success).toBe(true)
  })

  it('checks the key before the body: an unknown key with an invalid body → 401', async () => {
    for (const [path, body] of [
      ['/parcels/query', { filters: 5, limit: 0 }],
      ['/parcels/query', { filters: [{ field: 'nope', op: 'eq', value: 1 }] }],
      ['/parcels/area', { type: 'FeatureCollection', features: [] }],
    ] as const) {
      const res = await post(path, body, { key: { raw: 'unknown-key-42' } })
      expect(res.status, `${path} ${show(res)}`).toBe(401)
      expect(ErrorBodySchema.safeParse(res.body).success).toBe(true)
    }
  })

  it('checks the key before the query string: no key and bad lat → 401', async () => {
    const res = await get('/parcels/point', { lat: 'abc' }, { key: null })
    expect(res.status, show(res)).toBe(401)
  })
})

describe('authorization: 403', () => {
  for (const endpoint of endpoints) {
    it(`${endpoint.name}: an inactive key → 403 {detail}`, async () => {
      const res = await endpoint.send({ key: 'inactive' })
      expect(res.status, show(res)).toBe(403)
      expect(ErrorBodySchema.safeParse(res.body).success, show(res)).toBe(true)
    })
  }

  it('an inactive key with an invalid body still gets 403 (key before body)', async () => {
    const res = await call('POST', '/parcels/query', undefined, { key: 'inactive', rawBody: 'not json' })
    expect(res.status, show(res)).toBe(403)
  })

  it('a query-only key may query', async () => {
    const res = await endpoints[1].send({ key: 'queryOnly' })
    expect(res.status, show(res)).toBe(200)
  })

  for (const endpoint of endpoints.filter((e) => e.name !== 'query')) {
    it(`a query-only key on ${endpoint.name} → 403 {detail}`, async () => {
      const res = await endpoint.send({ key: 'queryOnly' })
      expect(res.status, show(res)).toBe(403)
      expect(ErrorBodySchema.safeParse(res.body).success, show(res)).toBe(true)
    })
  }
})

describe('unknown routes', () => {
  it('an unknown path with a valid key → 404 {detail}', async () => {
    const res = await get('/parcels/nothing-here')
    expect(res.status, show(res)).toBe(404)
    expect(ErrorBodySchema.safeParse(res.body).success, show(res)).toBe(true)
  })

  it('a wrong method on a known path → 404/405 {detail}', async () => {
    const res = await get('/parcels/query')
    expect([404, 405], show(res)).toContain(res.status)
    expect(ErrorBodySchema.safeParse(res.body).success, show(res)).toBe(true)
  })
})
