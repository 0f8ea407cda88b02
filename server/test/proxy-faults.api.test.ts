/**
 * Proxy mode when the upstream misbehaves: a fault-injecting fake (refused key, failures, no answer,
 * a reset connection, an upstream that echoes the key), an upstream that cannot be reached, and our
 * own server as an upstream whose records allowance runs out. Each maps to a clear {detail}, nothing
 * from a failure is cached, and nothing is retried once the request reached the upstream.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type FakeUpstream, startFakeUpstream } from '../proxy/fake-upstream.test-support'
import { leaksOf, type ProxyServer, type Sent, startProxy, startUpstream } from './proxy-pair.test-support'

const backend = inject('backend')
const SECRET = 'hosted_K3y-that-must-never-leak_0042'
const PAGE = '{"results":[{"svc_uuid":"p-1","acres":1}],"count":1,"limit":20,"offset":0}'
const show = (r: Sent) => `${r.status} ${r.text.slice(0, 400)}`
const detail = (r: Sent) => (r.body as { detail: string }).detail

describe(`proxy mode with a failing upstream (${backend})`, () => {
  let fake: FakeUpstream
  let proxy: ProxyServer
  let q = 0
  /** A query no earlier test asked (so no cached answer stands in for the upstream). */
  const fresh = () => ({ filters: [{ field: 'state', op: 'eq', value: 'IA' }], limit: 20, offset: ++q })

  beforeAll(async () => {
    fake = await startFakeUpstream()
    proxy = await startProxy(backend, { url: fake.url, key: SECRET }, { UPSTREAM_TIMEOUT_MS: '1500' })
  }, 300_000)
  afterAll(async () => {
    await proxy?.stop()
    await proxy?.own.cleanup()
    await fake?.close()
  })

  /** Sends one fresh query while the fake behaves as told; returns the answer and the calls it got. */
  async function under(behaviour: Parameters<FakeUpstream['behave']>[0], body: unknown = fresh()) {
    fake.received.length = 0
    fake.behave(behaviour)
    const res = await proxy.send('/parcels/query', { body })
    return { res, calls: fake.received.length }
  }

  it('forwards with the upstream key, never the caller’s', async () => {
    const { res } = await under(() => ({ status: 200, body: PAGE }))
    expect(res.status, show(res)).toBe(200)
    expect(fake.received[0]?.authorization).toBe(`Bearer ${SECRET}`)
    expect(fake.received[0]?.url).toBe('/parcels/query')
  })

  it.each([
    401, 403,
  ])('upstream %i → 502 telling the operator to check UPSTREAM_API_KEY; the log says so too', async (status) => {
    const { res } = await under(() => ({ status, body: '{"detail":"Invalid API key."}' }))
    expect(res.status, show(res)).toBe(502)
    expect(detail(res)).toMatch(/refused this server's key/)
    expect(detail(res)).toMatch(/Your API key is fine/)
    expect(proxy.server.output()).toMatch(new RegExp(`refused UPSTREAM_API_KEY \\(HTTP ${status}`))
  })

  it('upstream 429 → 429 naming the upstream allowance, with its Retry-After', async () => {
    const { res } = await under(() => ({
      status: 429,
      body: '{"detail":"Monthly request limit exceeded."}',
      headers: { 'retry-after': '120' },
    }))
    expect(res.status, show(res)).toBe(429)
    expect(detail(res)).toMatch(/hosted parcel API's allowance for this server is used up/)
    expect(detail(res)).toContain('Monthly request limit exceeded.')
    expect(res.headers.get('retry-after')).toBe('120')
  })

  it('upstream 500 → 502 with its detail, asked once, and not cached: the same question asks again', async () => {
    const body = fresh()
    const first = await under(() => ({ status: 500, body: '{"detail":"database exploded"}' }), body)
    expect(first.res.status, show(first.res)).toBe(502)
    expect(detail(first.res)).toMatch(/failed \(HTTP 500: "database exploded"\)/)
    expect(first.calls).toBe(1)
    const second = await under(() => ({ status: 200, body: PAGE }), body)
    expect(second.res.status).toBe(200)
    expect(second.calls).toBe(1)
    // …and a success is kept: the third time costs nothing.
    expect((await under(() => 'hang', body)).calls).toBe(0)
  })

  it('no answer in time → 504 after UPSTREAM_TIMEOUT_MS, one attempt, nothing cached', async () => {
    const body = fresh()
    const t0 = performance.now()
    const slow = await under(() => 'hang', body)
    expect(slow.res.status, show(slow.res)).toBe(504)
    expect(detail(slow.res)).toMatch(/did not answer within 1.5 s/)
    expect(performance.now() - t0).toBeLessThan(10_000)
    expect(slow.calls).toBe(1)
    expect((await under(() => ({ status: 200, body: PAGE }), body)).calls).toBe(1)
  })

  it('a connection reset after the request was sent → 502, not retried (it may have been billed)', async () => {
    const reset = await under(() => 'reset')
    expect(reset.res.status, show(reset.res)).toBe(502)
    expect(detail(reset.res)).toMatch(/connection to the hosted parcel API broke/)
    expect(reset.calls).toBe(1)
  })

  it('a success the spec would not allow (not JSON) → 502, not cached', async () => {
    const body = fresh()
    const odd = await under(() => ({ status: 200, body: '<html>maintenance</html>' }), body)
    expect(odd.res.status, show(odd.res)).toBe(502)
    expect((await under(() => ({ status: 200, body: PAGE }), body)).calls).toBe(1)
  })

  it('an upstream that echoes the key, in its body or headers, leaks it to no one', async () => {
    const echo = () => ({
      status: 400,
      body: JSON.stringify({ detail: `bad request from key ${SECRET}` }),
      headers: { 'x-echo-key': SECRET, 'set-cookie': `session=${SECRET}`, 'x-upstream-only': 'yes' },
    })
    const { res } = await under(echo)
    expect(res.status, show(res)).toBe(400)
    expect(detail(res)).toBe('bad request from key [redacted upstream key]')
    expect(res.headers.get('x-upstream-only')).toBeNull()
    expect(res.headers.get('set-cookie')).toBeNull()
    const refused = await under(() => ({ ...echo(), status: 401 }))
    expect(refused.res.status).toBe(502)
    expect(leaksOf(proxy.received, SECRET)).toEqual([])
    expect(proxy.server.output()).not.toContain(SECRET)
  })

  it('an upstream that cannot be reached → 502 after a few quick retries; no call counted as made', async () => {
    type Usage = { upstream: { calls: number; failed_calls: number } }
    const usage = async () => (await proxy.send('/proxy/usage', { key: proxy.keys.operator })).body as Usage
    const before = await usage()
    await fake.close()
    const t0 = performance.now()
    const res = await proxy.send('/parcels/query', { body: fresh() })
    expect(res.status, show(res)).toBe(502)
    expect(detail(res)).toMatch(/cannot be reached/)
    expect(performance.now() - t0).toBeLessThan(10_000)
    expect(proxy.server.output()).toMatch(/unreachable after 3 attempts: connect ECONNREFUSED/)
    const after = await usage()
    expect(after.upstream.failed_calls - before.upstream.failed_calls).toBe(1)
    expect(after.upstream.calls).toBe(before.upstream.calls)
  })
})

describe(`proxy mode when the upstream's records allowance runs out (${backend})`, () => {
  let upstream: Awaited<ReturnType<typeof startUpstream>>
  let proxy: ProxyServer
  beforeAll(async () => {
    upstream = await startUpstream(backend, 'limited')
    proxy = await startProxy(backend, { url: upstream.server.baseUrl, key: upstream.upstreamKey })
  }, 300_000)
  afterAll(async () => {
    await proxy?.stop()
    await proxy?.own.cleanup()
    await upstream?.stop()
  })

  it('a page that would pass it is 429 naming the upstream allowance; answers already paid for still come', async () => {
    const page = (offset: number) => ({ filters: [], limit: 20, offset })
    const first = await proxy.send('/parcels/query', { body: page(0) })
    expect(first.status, show(first)).toBe(200)
    const over = await proxy.send('/parcels/query', { body: page(20) })
    expect(over.status, show(over)).toBe(429)
    expect(detail(over)).toMatch(/hosted parcel API's allowance for this server is used up/)
    expect(detail(over)).toMatch(/monthly allowance of 30 records/)
    const cached = await proxy.send('/parcels/query', { body: page(0) })
    expect(cached.status).toBe(200)
    expect(cached.text).toBe(first.text)
    // A page that fits in what is left still goes through.
    expect((await proxy.send('/parcels/query', { body: { ...page(20), limit: 10 } })).status).toBe(200)
    expect(leaksOf(proxy.received, upstream.upstreamKey)).toEqual([])
  })
})
