/**
 * GET /openapi.json against the server it describes, on both backends: every endpoint is called on
 * the real server (its examples, and each error the document lists that the test data can provoke),
 * and each answer's status must be documented for that operation and its body valid against the
 * documented schema (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses), so the document cannot drift
 * from the server. Proxy mode: openapi-proxy.api.test.ts. Not provoked: the area's 400 (more
 * parcels than 3,000 hold) and 503 (load).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { collection } from './geo'
import { baseUrl, type CallOptions, call, get, post } from './http'
import { type IsolatedBackend, isolatedBackend } from './isolated-backend'
import { type OpenApiChecker, openApiChecker } from './openapi-check'
import { createKey, type SpawnedServer, spawnServer } from './spawn-server'

const TILE = '/tiles/parcels/{z}/{x}/{y}.mvt'
const tileUrl = (z: unknown, x: unknown, y: unknown) => `/tiles/parcels/${z}/${x}/${y}.mvt`
const NO_KEY: CallOptions = { key: null }
const BAD_KEY: CallOptions = { authorization: 'Bearer not-a-key' }

let check: OpenApiChecker
const operation: OpenApiChecker['operation'] = (method, path) => check.operation(method, path)
const expectDocumented: OpenApiChecker['expectDocumented'] = (res, method, path) =>
  check.expectDocumented(res, method, path)
const paramExample = (path: string, name: string) =>
  operation('get', path).parameters?.find((p) => p.name === name)?.example
const bodyExamples = (path: string) =>
  Object.entries(operation('post', path).requestBody?.content['application/json']?.examples ?? {})

beforeAll(async () => {
  const res = await get('/openapi.json', {}, NO_KEY)
  expect(res.status).toBe(200)
  check = openApiChecker(res.body)
})

describe(`the OpenAPI document against the server (${inject('backend')})`, () => {
  it('is OpenAPI 3.1, revalidated by ETag, and its reference page is served with its files', async () => {
    expect(check.doc.openapi).toMatch(/^3\.1\./)
    const first = await call('GET', '/openapi.json', undefined, NO_KEY)
    expectDocumented(first, 'get', '/openapi.json')
    const etag = first.headers.get('etag') ?? ''
    const again = await fetch(`${baseUrl()}/openapi.json`, { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    const page = await call('GET', '/docs', undefined, NO_KEY)
    expectDocumented(page, 'get', '/docs')
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    for (const src of page.text.matchAll(/(?:src|href)="(\/docs\/[^"]+)"/g)) {
      const file = await fetch(`${baseUrl()}${src[1]}`)
      expect(file.status, src[1]).toBe(200)
    }
  })

  it('POST /parcels/query: every example, and its 400, 401, 403, 413 and 422 answers', async () => {
    const path = '/parcels/query'
    for (const [name, example] of bodyExamples(path)) {
      const res = await post<{ count: number }>(path, example.value)
      expectDocumented(res, 'post', path)
      expect(res.status, name).toBe(200)
      expect(res.body.count, name).toBeGreaterThan(0)
    }
    const scoped = { filters: [{ field: 'state', op: 'eq', value: 'IA' }] }
    const answers = await Promise.all([
      post(path, { filters: [{ field: 'nope', op: 'eq', value: 1 }] }),
      post(path, { filters: [{ field: 'acres', op: 'ilike', value: 'x' }] }),
      post(path, { filters: [{ field: 'owner', op: 'ilike', value: 'smith' }] }),
      post(path, { filters: [], limit: 0 }),
      post(path, { filters: [{ field: 'acres', op: 'between', value: 3 }] }),
      post(path, undefined, { rawBody: '{"filters": [' }),
      post(path, scoped, NO_KEY),
      post(path, scoped, BAD_KEY),
      post(path, scoped, { key: 'inactive' }),
      post(path, undefined, { rawBody: `{"filters":[],"x":"${'a'.repeat(4 * 1024 * 1024)}"}` }),
    ])
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 422, 422, 422, 401, 401, 403, 413])
    for (const a of answers) expectDocumented(a, 'post', path)
  })

  it('POST /parcels/area: the example, and its 401, 403 and 422 answers', async () => {
    const path = '/parcels/area'
    for (const [name, example] of bodyExamples(path)) {
      const res = await post<{ svc_uuids: string[] }>(path, example.value)
      expectDocumented(res, 'post', path)
      expect(res.body.svc_uuids.length, name).toBeGreaterThan(0)
    }
    // A ring that does not close: 422 at its loc.
    const open = collection({
      type: 'Polygon',
      coordinates: [
        [
          [-93.46, 42.0],
          [-93.45, 42.0],
          [-93.45, 42.01],
        ],
      ],
    })
    const answers = await Promise.all([
      post(path, open),
      post(path, { type: 'FeatureCollection' }),
      post(path, open, NO_KEY),
      post(path, open, { key: 'queryOnly' }),
    ])
    expect(answers.map((a) => a.status)).toEqual([422, 422, 401, 403])
    for (const a of answers) expectDocumented(a, 'post', path)
  })

  it('GET /parcels/point and /parcels/address: the examples, and their 401, 403 and 422 answers', async () => {
    for (const path of ['/parcels/point', '/parcels/address']) {
      const names = (operation('get', path).parameters ?? []).map((p) => p.name)
      const example = Object.fromEntries(names.map((n) => [n, paramExample(path, n) as string | undefined]))
      const res = await get<{ count: number }>(path, example)
      expectDocumented(res, 'get', path)
      expect(res.body.count, path).toBeGreaterThan(0)
      const answers = await Promise.all([
        get(path, {}),
        get(path, example, NO_KEY),
        get(path, example, { key: 'inactive' }),
        get(path, example, { key: 'queryOnly' }),
      ])
      expect(answers.map((a) => a.status)).toEqual([422, 401, 403, 403])
      for (const a of answers) expectDocumented(a, 'get', path)
    }
    const vague = await get('/parcels/address', { address: 'a' })
    expect(vague.status).toBe(422)
    expectDocumented(vague, 'get', '/parcels/address')
  })

  it('GET /tiles/…, /coverage, /changes, /parse-query: examples, revalidation and errors', async () => {
    const [z, x, y] = ['z', 'x', 'y'].map((n) => paramExample(TILE, n))
    const tile = await fetch(`${baseUrl()}${tileUrl(z, x, y)}`, {
      headers: { authorization: `Bearer ${inject('keys').full}` },
    })
    expect(tile.status).toBe(200)
    expect(Object.keys(operation('get', TILE).responses['200']?.content ?? {})).toContain(
      tile.headers.get('content-type'),
    )
    expect((await tile.arrayBuffer()).byteLength).toBeGreaterThan(0)
    const tiles = await Promise.all([
      call('GET', tileUrl(17, 0, 0)),
      call('GET', tileUrl(z, x, y), undefined, NO_KEY),
      call('GET', tileUrl(z, x, y), undefined, { key: 'queryOnly' }),
    ])
    expect(tiles.map((a) => a.status)).toEqual([400, 401, 403])
    for (const a of tiles) expectDocumented(a, 'get', TILE)

    const coverage = await get<{ version: string }>('/coverage')
    expectDocumented(coverage, 'get', '/coverage')
    const cached = await fetch(`${baseUrl()}/coverage`, {
      headers: { 'if-none-match': coverage.headers.get('etag') ?? '' },
    })
    expect(cached.status).toBe(304)
    const covers = await Promise.all([get('/coverage', {}, BAD_KEY), get('/coverage', {}, { key: 'inactive' })])
    expect(covers.map((a) => a.status)).toEqual([401, 403])
    for (const a of covers) expectDocumented(a, 'get', '/coverage')

    const since = { since: String(paramExample('/changes', 'since')), state: String(paramExample('/changes', 'state')) }
    const changes = await Promise.all([
      get('/changes', since),
      get('/changes', { since: coverage.body.version }),
      get('/changes', { since: 'no-such-version' }),
      get('/changes', { ...since, limit: 0 }),
      get('/changes', since, NO_KEY),
      get('/changes', since, { key: 'inactive' }),
    ])
    expect(changes.map((a) => a.status)).toEqual([200, 200, 400, 422, 401, 403])
    for (const a of changes) expectDocumented(a, 'get', '/changes')

    const q = String(paramExample('/parse-query', 'q'))
    const words = await Promise.all([
      get('/parse-query', { q }),
      get('/parse-query', { q: 'parcels near me owned by a trust, newest sale first, as a land-use map' }),
      get('/parse-query', {}),
      get('/parse-query', { q }, NO_KEY),
      get('/parse-query', { q }, { key: 'inactive' }),
    ])
    expect(words.map((a) => a.status)).toEqual([200, 200, 422, 401, 403])
    for (const a of words) expectDocumented(a, 'get', '/parse-query')
  })

  it('GET /healthz, /readyz and /demo-key need no key', async () => {
    for (const path of ['/healthz', '/readyz', '/demo-key']) expectDocumented(await get(path, {}, NO_KEY), 'get', path)
  })
})

describe(`429 as documented (${inject('backend')}, a server of its own)`, () => {
  let own: IsolatedBackend
  let server: SpawnedServer
  let key: string
  const send = (path: string, init: RequestInit = {}) =>
    fetch(`${server.baseUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    })

  beforeAll(async () => {
    own = await isolatedBackend(inject('backend'), {}, { prepared: true })
    key = await createKey(own.env, ['--name', 'openapi-one', '--monthly-limit', '1'])
    server = await spawnServer(own.env)
  }, 300_000)
  afterAll(async () => {
    await server?.stop()
    await own?.cleanup()
  })

  it('a spent allowance answers 429 {detail} on every counted endpoint', async () => {
    expect((await send('/parcels/query', { method: 'POST', body: '{"filters":[]}' })).status).toBe(200)
    const area = operation('post', '/parcels/area').requestBody?.content['application/json']?.examples
    const spent: [string, string, RequestInit][] = [
      ['post', '/parcels/query', { method: 'POST', body: '{"filters":[]}' }],
      ['post', '/parcels/area', { method: 'POST', body: JSON.stringify(Object.values(area ?? {})[0]?.value) }],
      ['get', '/parcels/point', {}],
      ['get', '/parcels/address', {}],
    ]
    for (const [method, path, init] of spent) {
      const url = method === 'get' ? `${path}?${path.endsWith('point') ? 'lat=42&lon=-93.5' : 'address=Main+St'}` : path
      const res = await send(url, init)
      const text = await res.text()
      expectDocumented(
        { status: res.status, text, body: JSON.parse(text), headers: res.headers },
        method as 'get' | 'post',
        path,
      )
      expect(res.status, path).toBe(429)
    }
  })
})
