/**
 * The OpenAPI document in proxy mode (a second instance of our server as the hosted API): the
 * spec's endpoints answer through the proxy as the document says, `/proxy/usage` (operator key) is
 * what it documents, and tiles, coverage and changes are the documented 404s.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type OpenApiChecker, openApiChecker } from './openapi-check'
import { type ProxyServer, startProxy, startUpstream } from './proxy-pair.test-support'

const backend = inject('backend')
let upstream: Awaited<ReturnType<typeof startUpstream>>
let proxy: ProxyServer
let check: OpenApiChecker

beforeAll(async () => {
  upstream = await startUpstream(backend)
  proxy = await startProxy(backend, { url: upstream.server.baseUrl, key: upstream.upstreamKey })
  const served = await proxy.send('/openapi.json')
  expect(served.status).toBe(200)
  check = openApiChecker(served.body)
}, 300_000)

afterAll(async () => {
  await proxy?.stop()
  await proxy?.own.cleanup()
  await upstream?.stop()
})

describe(`the OpenAPI document in proxy mode (${backend})`, () => {
  it('query, point, usage and the 404s answer as documented', async () => {
    const { caller, operator, queryOnly } = proxy.keys
    const query = await proxy.send('/parcels/query', { key: caller, body: { filters: [], limit: 5 } })
    expect(query.status).toBe(200)
    check.expectDocumented(query, 'post', '/parcels/query')
    const refused = await proxy.send('/parcels/point?lat=42&lon=-93.5', { key: queryOnly })
    expect(refused.status).toBe(403)
    check.expectDocumented(refused, 'get', '/parcels/point')

    const usage = await proxy.send('/proxy/usage', { key: operator })
    expect(usage.status).toBe(200)
    check.expectDocumented(usage, 'get', '/proxy/usage')
    const badMonth = await proxy.send('/proxy/usage?month=2026-13', { key: operator })
    expect(badMonth.status).toBe(422)
    check.expectDocumented(badMonth, 'get', '/proxy/usage')

    const none: [string, string][] = [
      ['/coverage', '/coverage'],
      ['/changes?since=empty', '/changes'],
      ['/tiles/parcels/13/1969/3040.mvt', '/tiles/parcels/{z}/{x}/{y}.mvt'],
    ]
    for (const [url, path] of none) {
      const res = await proxy.send(url, { key: caller })
      expect(res.status, url).toBe(404)
      check.expectDocumented(res, 'get', path)
    }
  })
})
