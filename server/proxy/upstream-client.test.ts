import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../test/spawn-server'
import { type FakeUpstream, startFakeUpstream } from './fake-upstream.test-support'
import { backoffMs, DEFAULT_RETRY } from './retry-policy'
import { createUpstreamClient, type UpstreamCall } from './upstream-client'

const KEY = 'upstream-secret-key-123'
const queryCall: UpstreamCall = { endpoint: 'query', search: '', body: '{"filters":[]}' }

describe('the upstream client against a real HTTP server', () => {
  let fake: FakeUpstream
  beforeAll(async () => {
    fake = await startFakeUpstream()
  })
  afterAll(() => fake?.close())

  const client = (over: { timeoutMs?: number; prefix?: string; url?: string } = {}) =>
    createUpstreamClient({
      url: over.url ?? `${fake.url}/v1/`,
      prefix: over.prefix ?? '/properties',
      apiKey: KEY,
      timeoutMs: over.timeoutMs ?? 5000,
    })

  it('sends the caller’s exact body or query string to base + prefix + endpoint, with the key in the header only', async () => {
    fake.received.length = 0
    fake.behave(() => ({ status: 200, body: '{"results":[],"count":0}', headers: { 'set-cookie': 'x=1' } }))
    const post = await client().send({ ...queryCall, body: '{ "filters" : [] }', requestId: 'req-1' })
    expect(post).toMatchObject({ kind: 'answer', status: 200, text: '{"results":[],"count":0}' })
    const get = await client().send({ endpoint: 'point', search: '?lat=42&lon=-93.5', body: null })
    expect(get).toMatchObject({ kind: 'answer', status: 200 })
    const [p, g] = fake.received
    expect(p).toMatchObject({ method: 'POST', url: '/v1/properties/query', body: '{ "filters" : [] }' })
    expect(p?.authorization).toBe(`Bearer ${KEY}`)
    expect(p?.headers['x-request-id']).toBe('req-1')
    expect(g).toMatchObject({ method: 'GET', url: '/v1/properties/point?lat=42&lon=-93.5', body: '' })
    expect(client().base).toBe(`${fake.url}/v1/properties`)
  })

  it('an answer of any status is final: one attempt', async () => {
    for (const status of [500, 503, 429, 401]) {
      fake.received.length = 0
      fake.behave(() => ({ status, body: '{"detail":"no"}' }))
      expect(await client().send(queryCall)).toMatchObject({ kind: 'answer', status })
      expect(fake.received).toHaveLength(1)
    }
  })

  it('a reset after the request was sent is not retried (it may have been billed)', async () => {
    fake.received.length = 0
    fake.behave(() => 'reset')
    expect(await client().send(queryCall)).toMatchObject({ kind: 'broken' })
    expect(fake.received).toHaveLength(1)
  })

  it('no answer in time is a timeout, not retried', async () => {
    fake.received.length = 0
    fake.behave(() => 'hang')
    const t0 = performance.now()
    expect(await client({ timeoutMs: 300 }).send(queryCall)).toEqual({ kind: 'timeout', afterMs: 300 })
    expect(performance.now() - t0).toBeLessThan(2000)
    expect(fake.received).toHaveLength(1)
  })

  it('redirects are not followed (the key would travel with them)', async () => {
    fake.received.length = 0
    fake.behave(() => ({ status: 301, headers: { location: 'https://elsewhere.example/parcels/query' } }))
    const r = await client().send(queryCall)
    expect(r).toMatchObject({ kind: 'answer', status: 301, location: 'https://elsewhere.example/parcels/query' })
    expect(fake.received).toHaveLength(1)
  })
})

describe('retries: only what never reached the upstream', () => {
  it('a refused connection is tried again with backoff, then reported unreachable', async () => {
    const port = await freePort()
    const waits: number[] = []
    const client = createUpstreamClient({
      url: `http://127.0.0.1:${port}`,
      prefix: '/parcels',
      apiKey: KEY,
      timeoutMs: 5000,
      sleep: async (ms) => {
        waits.push(ms)
      },
    })
    const r = await client.send(queryCall)
    expect(r).toMatchObject({ kind: 'unreachable', attempts: DEFAULT_RETRY.attempts })
    expect(r.kind === 'unreachable' && r.reason).toMatch(/ECONNREFUSED/)
    expect(waits).toHaveLength(DEFAULT_RETRY.attempts - 1)
  })

  it('succeeds when the upstream comes up between attempts', async () => {
    const port = await freePort()
    let fake: FakeUpstream | undefined
    const client = createUpstreamClient({
      url: `http://127.0.0.1:${port}`,
      prefix: '/parcels',
      apiKey: KEY,
      timeoutMs: 5000,
      sleep: async () => {
        fake ??= await startFakeUpstream(port)
      },
    })
    try {
      expect(await client.send(queryCall)).toMatchObject({ kind: 'answer', status: 200 })
      expect(fake?.received).toHaveLength(1)
    } finally {
      await fake?.close()
    }
  })

  it('backoff is capped and jittered: a uniform wait below min(cap, base·2^n)', () => {
    for (let n = 0; n < 8; n++) {
      const ceiling = Math.min(DEFAULT_RETRY.capMs, DEFAULT_RETRY.baseMs * 2 ** n)
      expect(backoffMs(DEFAULT_RETRY, n, () => 0)).toBe(0)
      expect(backoffMs(DEFAULT_RETRY, n, () => 0.999999)).toBe(ceiling - 1)
    }
  })
})
