/**
 * Proxy mode against a second instance of our own server as the hosted API (records-unit key):
 * the same answers as asking it directly, a repeated question costs it nothing, our keys and
 * allowances apply, the operator sees what was spent and saved, and the upstream key is seen by no
 * client, no log line and no cached row.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openDatabase } from '../open-database'
import type { Parcel } from './data'
import { bboxOf, collection, interiorPoint, rect } from './geo'
import {
  CALLER_RECORDS,
  leaksOf,
  type ProxyServer,
  type Sent,
  send,
  startProxy,
  startUpstream,
} from './proxy-pair.test-support'

const backend = inject('backend')
const show = (r: Sent) => `${r.status} ${r.text.slice(0, 400)}`

let upstream: Awaited<ReturnType<typeof startUpstream>>
let proxy: ProxyServer
let sample: Parcel
let ids: string[]
let n = 0
/** A request id of our own: the proxy reuses it upstream, so the upstream's log tells which requests reached it. */
const nextId = (label: string) => `t${++n}-${label}`

beforeAll(async () => {
  upstream = await startUpstream(backend)
  proxy = await startProxy(backend, { url: upstream.server.baseUrl, key: upstream.upstreamKey })
  const all = await send(upstream.server.baseUrl, '/parcels/query', {
    key: upstream.direct,
    body: { filters: [], limit: 100 },
  })
  const records = (all.body as { results: Parcel[] }).results
  sample = records.find((r) => typeof r.situs === 'string') as Parcel
  ids = records.map((r) => r.svc_uuid)
}, 300_000)

afterAll(async () => {
  await proxy?.stop()
  await proxy?.own.cleanup()
  await upstream?.stop()
})

/** Resolves once the upstream has logged the request `id` (an upstream call made for it). */
async function reachedUpstream(id: string): Promise<boolean> {
  const deadline = performance.now() + 5000
  while (performance.now() < deadline) {
    if (upstream.linesOf(id).length > 0) return true
    await new Promise((r) => setTimeout(r, 50))
  }
  return false
}

/** Sends a request that must reach the upstream; once it has, every earlier call has been logged. */
async function barrier(): Promise<void> {
  const id = nextId('barrier')
  const res = await proxy.send('/parcels/query', { id, body: { filters: [], limit: 1, offset: n } })
  expect(res.status, show(res)).toBe(200)
  expect(await reachedUpstream(id)).toBe(true)
}

describe(`proxy mode (${backend})`, () => {
  it('opens no parcel data and generates none; it says where its answers come from', () => {
    const out = proxy.server.output()
    expect(out).toContain(`Proxy mode: parcel answers from ${upstream.server.baseUrl}/parcels`)
    expect(out).not.toMatch(/Generating|Parcels: \d/)
  })

  it('has no parcels of its own: no coverage, tiles or change log (404), and nothing goes upstream', async () => {
    for (const path of ['/coverage', '/tiles/parcels/12/980/1520.mvt', '/changes?since=abc']) {
      const res = await proxy.send(path, { key: proxy.keys.caller, id: nextId('own') })
      expect(res.status, path).toBe(404)
      expect((res.body as { detail: string }).detail).toMatch(/Proxy mode has no parcels of its own/)
    }
  })

  it('gives the same answers as the upstream asked directly, on every endpoint', async () => {
    const point = interiorPoint(sample.geom) as [number, number]
    const box = bboxOf(sample.geom)
    const scope = { field: 'state', op: 'eq', value: sample.state }
    const cases: [string, { body?: unknown }][] = [
      ['/parcels/query', { body: { filters: [scope], order: { field: 'acres', direction: 'desc' }, limit: 7 } }],
      ['/parcels/query', { body: { filters: [{ field: 'svc_uuid', op: 'in', value: ids.slice(0, 5) }] } }],
      ['/parcels/query', { body: { filters: [scope], limit: 3, offset: 2, include_buildings: true } }],
      ['/parcels/area', { body: collection(rect(box[0] - 0.01, box[1] - 0.01, box[2] + 0.01, box[3] + 0.01)) }],
      [`/parcels/point?lat=${point[1]}&lon=${point[0]}`, {}],
      [`/parcels/address?address=${encodeURIComponent(String(sample.situs))}&limit=3`, {}],
      // The upstream's verdicts on bad requests, with their detail shapes.
      ['/parcels/query', { body: { filters: [{ field: 'nope', op: 'eq', value: 1 }] } }],
      ['/parcels/query', { body: { filters: [], limit: 0 } }],
      ['/parcels/query', { body: { filters: [{ field: 'acres', op: 'between', value: 'x' }] } }],
      ['/parcels/query', { body: { filters: [{ field: 'owner', op: 'ilike', value: 'smith' }] } }],
      ['/parcels/point?lat=abc', {}],
    ]
    const statuses = new Set<number>()
    for (const [path, opts] of cases) {
      const direct = await send(upstream.server.baseUrl, path, { ...opts, key: upstream.direct })
      const proxied = await proxy.send(path, opts)
      expect(proxied.status, `${path}: ${show(proxied)}`).toBe(direct.status)
      expect(proxied.body, path).toEqual(direct.body)
      statuses.add(direct.status)
      if (direct.status === 200) {
        expect(proxied.text, path).toBe(direct.text)
        const results = (direct.body as { results?: unknown[]; svc_uuids?: unknown[] }).results
        expect((results ?? (direct.body as { svc_uuids: unknown[] }).svc_uuids).length, path).toBeGreaterThan(0)
      }
    }
    expect([...statuses].sort()).toEqual([200, 400, 422])
  })

  it('asks the upstream once for a question asked twice, or spelled differently; a new page is a new call', async () => {
    const ask = (label: string, body: unknown) => {
      const id = nextId(label)
      return proxy.send('/parcels/query', { id, body }).then((res) => ({ id, res }))
    }
    const question = { filters: [{ field: 'svc_uuid', op: 'in', value: ids.slice(10, 40) }], limit: 10 }
    const first = await ask('first', question)
    expect(first.res.status, show(first.res)).toBe(200)
    expect(await reachedUpstream(first.id)).toBe(true)
    const again = await ask('again', question)
    const respelled = await ask('respelled', {
      limit: 10,
      offset: 0,
      filters: [{ value: [...ids.slice(10, 40)].reverse(), op: 'in', field: 'svc_uuid' }],
    })
    const nextPage = await ask('next-page', { ...question, offset: 10 })
    for (const r of [again, respelled]) expect(r.res.text).toBe(first.res.text)
    expect(nextPage.res.text).not.toBe(first.res.text)
    expect(await reachedUpstream(nextPage.id)).toBe(true)
    await barrier()
    expect(upstream.linesOf(again.id)).toEqual([])
    expect(upstream.linesOf(respelled.id)).toEqual([])
  })

  it('requests for the same answer at the same time share one upstream call', async () => {
    const body = { filters: [{ field: 'svc_uuid', op: 'in', value: ids.slice(50, 90) }], limit: 40 }
    const labels = Array.from({ length: 8 }, (_, i) => nextId(`together-${i}`))
    const answers = await Promise.all(labels.map((id) => proxy.send('/parcels/query', { id, body })))
    for (const a of answers) expect(a.text).toBe(answers[0]?.text)
    await barrier()
    expect(labels.filter((id) => upstream.linesOf(id).length > 0)).toHaveLength(1)
  })

  it('passes errors on but never keeps them: the same bad request reaches the upstream each time', async () => {
    const body = { filters: [{ field: 'owner', op: 'ilike', value: 'x' }] }
    const a = nextId('bad-a')
    const b = nextId('bad-b')
    expect((await proxy.send('/parcels/query', { id: a, body })).status).toBe(400)
    expect((await proxy.send('/parcels/query', { id: b, body })).status).toBe(400)
    expect(await reachedUpstream(a)).toBe(true)
    expect(await reachedUpstream(b)).toBe(true)
  })

  it('answers bodies it cannot forward itself (malformed JSON 422, oversize 413), spending nothing', async () => {
    const id = nextId('malformed')
    const bad = await proxy.send('/parcels/query', { id, raw: '{"filters": [' })
    expect(bad.status, show(bad)).toBe(422)
    expect((bad.body as { detail: { loc: unknown[] }[] }).detail[0]?.loc).toEqual(['body'])
    const huge = await proxy.send('/parcels/area', { raw: `{"pad":"${'x'.repeat(5 * 1024 * 1024)}"}` })
    expect(huge.status).toBe(413)
    await barrier()
    expect(upstream.linesOf(id)).toEqual([])
  })

  it('our keys, our rules: 401/403 before any upstream call; records keys pay for cached records too', async () => {
    const id = nextId('nokey')
    expect((await proxy.send('/parcels/query', { id, key: null, body: { filters: [] } })).status).toBe(401)
    const area = collection(rect(-93.6, 42, -93.5, 42.1))
    expect((await proxy.send('/parcels/area', { key: proxy.keys.queryOnly, body: area })).status).toBe(403)
    expect((await proxy.send('/parcels/query', { key: upstream.upstreamKey, body: { filters: [] } })).status).toBe(401)

    const twenty = { filters: [{ field: 'svc_uuid', op: 'in', value: ids.slice(0, 60) }], limit: 20 }
    const first = await proxy.send('/parcels/query', { key: proxy.keys.records, body: twenty })
    expect(first.status, show(first)).toBe(200)
    // The same 20 records again come from the cache, and still count against this key's allowance.
    const again = await proxy.send('/parcels/query', { key: proxy.keys.records, body: twenty })
    expect(again.status, show(again)).toBe(429)
    expect((again.body as { detail: string }).detail).toMatch(
      new RegExp(`only ${CALLER_RECORDS - 20} of this key's monthly allowance`),
    )
    const rest = await proxy.send('/parcels/query', {
      key: proxy.keys.records,
      body: { ...twenty, limit: CALLER_RECORDS - 20 },
    })
    expect(rest.status, show(rest)).toBe(200)
    await barrier()
    expect(upstream.linesOf(id)).toEqual([])
  })

  it('GET /proxy/usage tells the operator what was spent upstream and what the cache saved', async () => {
    const before = (await proxy.send('/proxy/usage', { key: proxy.keys.operator })).body as Usage
    const body = { filters: [{ field: 'svc_uuid', op: 'in', value: ids.slice(60, 75) }], limit: 15 }
    for (let i = 0; i < 3; i++) expect((await proxy.send('/parcels/query', { body })).status).toBe(200)
    const res = await proxy.send('/proxy/usage', { key: proxy.keys.operator })
    expect(res.status, show(res)).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const after = res.body as Usage
    expect(after.upstream.calls - before.upstream.calls).toBe(1)
    expect(after.upstream.records - before.upstream.records).toBe(15)
    expect(after.served_from_cache.requests - before.served_from_cache.requests).toBe(2)
    expect(after.served_from_cache.records - before.served_from_cache.records).toBe(30)
    expect(after.month).toBe(new Date().toISOString().slice(0, 7))
    expect(after.cache.entries).toBeGreaterThan(0)
    expect(after.cache.ttl_hours).toBe(168)
    expect(after.upstream_url).toBe(`${upstream.server.baseUrl}/parcels`)

    expect((await proxy.send('/proxy/usage', { key: proxy.keys.caller })).status).toBe(403)
    expect((await proxy.send('/proxy/usage', { key: null })).status).toBe(401)
    expect((await proxy.send('/proxy/usage?month=2024-13', { key: proxy.keys.operator })).status).toBe(422)
    const old = await proxy.send('/proxy/usage?month=2020-01', { key: proxy.keys.operator })
    expect((old.body as Usage).upstream.calls).toBe(0)
    const post = await proxy.send('/proxy/usage', { key: proxy.keys.operator, method: 'POST', raw: '{}' })
    expect(post.status).toBe(405)
  })

  it('the upstream key is in no response, no header, no log line and no cached row', async () => {
    expect(proxy.received.length).toBeGreaterThan(30)
    expect(leaksOf(proxy.received, upstream.upstreamKey)).toEqual([])
    expect(proxy.server.output()).not.toContain(upstream.upstreamKey)
    await proxy.stop()
    const db = await openDatabase({ DATA_DIR: proxy.own.dataDir, DATABASE_URL: proxy.own.env.DATABASE_URL })
    try {
      const rows = await db.query<{ body: string; cache_key: string }>('SELECT cache_key, body FROM proxy_cache')
      expect(rows.length).toBeGreaterThan(3)
      for (const row of rows) expect(`${row.cache_key} ${row.body}`).not.toContain(upstream.upstreamKey)
    } finally {
      await db.close()
    }
  })
})

interface Usage {
  month: string
  upstream: { calls: number; failed_calls: number; records: number }
  served_from_cache: { requests: number; records: number }
  coalesced: { requests: number; records: number }
  cache: { entries: number; bytes: number; max_bytes: number; ttl_hours: number }
  upstream_url: string
}
