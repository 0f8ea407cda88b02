/**
 * Proxy mode under Plat's own surfaces (issue 39 §7), a real pair: a proxy-mode server in front of
 * a second instance of our server. What each does there (docs/running-a-server.md, "What else a
 * proxy-mode server answers"):
 * - the spec's four endpoints are forwarded (proxy.api.test.ts), and so are the MCP tools that ask them;
 * - coverage, tiles and the change log are 404s in words: the parcels are the upstream's, and the
 *   spec has no endpoint to ask it for them;
 * - watches and their feed are the documented 501 (openapi-components.ts): no change log to read;
 * - `/parse-query`, `/openapi.json`, `/docs` and `/readyz` are answered here, from this server's
 *   own code and database, and never reach the upstream: `/readyz` says whether this instance can
 *   serve (its keys and response cache are in its database), not whether the upstream is up — each
 *   forwarded request says that itself (502 in words), and a probe must not cost upstream calls.
 * No surface answers a 500, none leaks the upstream key, and only the parcel questions reach the upstream.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Parcel } from './data'
import { interiorPoint } from './geo'
import { callTool, httpClient } from './mcp-client.test-support'
import { leaksOf, type ProxyServer, type Sent, send, startProxy, startUpstream } from './proxy-pair.test-support'

const backend = inject('backend')
const show = (r: Sent) => `${r.status} ${r.text.slice(0, 300)}`
/** One line of the upstream's request log: `<id> <METHOD> <path> <status> <ms>ms`. */
const REQUEST_LINE = /^\S+ [A-Z]+ \/\S* \d{3} [\d.]+ms/

let upstream: Awaited<ReturnType<typeof startUpstream>>
let proxy: ProxyServer
let sample: Parcel
let n = 0
const nextId = (label: string) => `s${++n}-${label}`

beforeAll(async () => {
  upstream = await startUpstream(backend)
  proxy = await startProxy(backend, { url: upstream.server.baseUrl, key: upstream.upstreamKey })
  const page = await send(upstream.server.baseUrl, '/parcels/query', {
    key: upstream.direct,
    body: { filters: [], limit: 50 },
  })
  sample = (page.body as { results: Parcel[] }).results.find((r) => typeof r.situs === 'string') as Parcel
}, 600_000)

afterAll(async () => {
  await proxy?.stop()
  await proxy?.own.cleanup()
  await upstream?.stop()
})

/** The upstream's request-log lines so far. */
const upstreamRequests = () =>
  upstream.server
    .output()
    .split('\n')
    .filter((l) => REQUEST_LINE.test(l))

/**
 * The upstream requests `run` caused: a forwarded request sent after it (a barrier) is logged after
 * every earlier one, so once the barrier shows, the lines between are all there are.
 */
async function upstreamCallsDuring(run: () => Promise<void>): Promise<string[]> {
  const before = upstreamRequests().length
  await run()
  const id = nextId('barrier')
  const res = await proxy.send('/parcels/query', { id, body: { filters: [], limit: 1, offset: n } })
  expect(res.status, show(res)).toBe(200)
  const deadline = performance.now() + 5000
  while (!upstream.linesOf(id).length && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50))
  expect(upstream.linesOf(id)).toHaveLength(1)
  return upstreamRequests()
    .slice(before)
    .filter((l) => !l.startsWith(`${id} `))
}

describe(`proxy mode under Plat's own surfaces (${backend})`, () => {
  it('coverage, tiles and the change log: 404 in words, with or without a key, and nothing goes upstream', async () => {
    const calls = await upstreamCallsDuring(async () => {
      for (const key of [proxy.keys.caller, null]) {
        for (const path of [
          '/coverage',
          '/tiles/parcels/12/980/1520.mvt',
          '/tiles/archive.pmtiles',
          '/changes?since=abc',
          '/changes?since=abc&state=IA&county=169',
        ]) {
          const res = await proxy.send(path, { key, id: nextId('own') })
          expect(res.status, `${path}: ${show(res)}`).toBe(404)
          expect((res.body as { detail: string }).detail, path).toMatch(/Proxy mode has no parcels of its own/)
        }
      }
    })
    expect(calls).toEqual([])
  })

  it('watches and their feed: the documented 501 saying why, and nothing goes upstream', async () => {
    const calls = await upstreamCallsDuring(async () => {
      const cases: [string, { method?: string; body?: unknown; key?: string | null }][] = [
        ['/watches', {}],
        ['/watches', { body: { name: 'x', parcels: [sample.svc_uuid] } }],
        ['/watches/00000000-0000-4000-8000-000000000000', { method: 'DELETE' }],
        ['/watches/00000000-0000-4000-8000-000000000000/events', {}],
        ['/watches/feed/abcdefabcdefabcdefabcdef', { key: null }],
      ]
      for (const [path, opts] of cases) {
        const res = await proxy.send(path, { ...opts, id: nextId('watch') })
        expect(res.status, `${path}: ${show(res)}`).toBe(501)
        expect((res.body as { detail: string }).detail, path).toMatch(/not available in proxy mode/)
      }
    })
    expect(calls).toEqual([])
  })

  it('parse-query, openapi.json, docs and readyz are answered here, and nothing goes upstream', async () => {
    const calls = await upstreamCallsDuring(async () => {
      const words = await proxy.send(`/parse-query?q=${encodeURIComponent('corn over 80 acres in Story County')}`, {
        id: nextId('words'),
      })
      expect(words.status, show(words)).toBe(200)
      expect((words.body as { filters: unknown[] }).filters).toContainEqual({ field: 'acres', op: 'gt', value: 80 })

      const doc = await proxy.send('/openapi.json', { key: null, id: nextId('doc') })
      expect(doc.status, show(doc)).toBe(200)
      expect(Object.keys((doc.body as { paths: object }).paths)).toContain('/proxy/usage')
      const page = await proxy.send('/docs', { key: null, id: nextId('docs') })
      expect(page.status, show(page)).toBe(200)
      expect(page.headers.get('content-type')).toMatch(/text\/html/)

      const ready = await proxy.send('/readyz', { key: null, id: nextId('ready') })
      expect(ready.status, show(ready)).toBe(200)
      expect((ready.body as { status: string }).status).toBe('ready')
    })
    expect(calls).toEqual([])
  })

  it('MCP: the lookups are forwarded like the endpoints; words are answered here; county_changes is the 404', async () => {
    const client: Client = await httpClient(proxy.server.baseUrl, proxy.keys.caller)
    const texts: string[] = []
    try {
      const [lon, lat] = interiorPoint(sample.geom) as [number, number]
      const direct = await send(upstream.server.baseUrl, `/parcels/point?lat=${lat}&lon=${lon}`, {
        key: upstream.direct,
      })
      expect(direct.status, show(direct)).toBe(200)
      const forwarded = await upstreamCallsDuring(async () => {
        const atPoint = await callTool(client, 'parcel_at_point', { lat, lon })
        texts.push(atPoint.text)
        expect(atPoint.isError, atPoint.text).toBe(false)
        expect(atPoint.data.results.map((r: Parcel) => r.svc_uuid)).toEqual(
          (direct.body as { results: Parcel[] }).results.map((r) => r.svc_uuid),
        )
      })
      expect(forwarded.filter((l) => / GET \/parcels\/point 200 /.test(l))).toHaveLength(1)
      expect(forwarded).toHaveLength(1)

      const local = await upstreamCallsDuring(async () => {
        const words = await callTool(client, 'search_in_words', { words: 'corn over 80 acres in Story County' })
        texts.push(words.text)
        expect(words.isError, words.text).toBe(false)
        expect(words.data.calls).toEqual({ requests: 0, records: 0, free: 1 })
        const changes = await callTool(client, 'county_changes', { since: 'abc', state: 'IA', county_fp: '169' })
        texts.push(changes.text)
        expect(changes.isError).toBe(true)
        expect(changes.data.status).toBe(404)
        expect(changes.text).toMatch(/no parcels of its own/)
      })
      expect(local).toEqual([])
    } finally {
      await client.close()
    }
    expect(texts.filter((t) => t.includes(upstream.upstreamKey))).toEqual([])
  })

  it('no answer of any surface was a 500 or leaked the upstream key', () => {
    expect(proxy.received.length).toBeGreaterThan(20)
    expect(proxy.received.filter((r) => r.status >= 500 && r.status !== 501).map(show)).toEqual([])
    expect(leaksOf(proxy.received, upstream.upstreamKey)).toEqual([])
    expect(proxy.server.output()).not.toContain(upstream.upstreamKey)
  })

  it('with the upstream gone, /readyz still answers ready (this instance can serve its cache and keys) and a lookup is a 502 in words', async () => {
    await upstream.server.stop()
    const ready = await proxy.send('/readyz', { key: null })
    expect(ready.status, show(ready)).toBe(200)
    const lookup = await proxy.send(`/parcels/address?address=${encodeURIComponent('zzz unlikely cached')}`)
    expect(lookup.status, show(lookup)).toBe(502)
    expect((lookup.body as { detail: string }).detail).not.toContain(upstream.upstreamKey)
  })
})
