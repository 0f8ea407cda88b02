/**
 * The MCP server (issue 42) driven by the SDK's own client, over Streamable HTTP (`/mcp` on the
 * test server) and over stdio (`npm run mcp`'s entry, calling the test server over HTTP): every
 * tool's answer is compared with the API's answer to the same question — the same parcels, the same
 * counts — and carries the calls it spent and a link; what the API refuses, the tool refuses with
 * the API's status and reason.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { analyzeComps } from '../../contract/comps/comps-analysis'
import type { CompsChoices } from '../../contract/comps/comps-choices'
import { callsFor } from '../../contract/comps/comps-plan'
import { compsRequest } from '../../contract/comps/comps-request'
import { settingsFor } from '../../contract/comps/comps-settings'
import { parcelSubject } from '../../contract/comps/comps-subject'
import { decodeFilters } from '../../contract/link-filters'
import type { MemorySource } from '../../src/calls/source'
import { decodeComps } from '../../src/features/share/comps-codec'
import { findSales } from '../../src/features/value/comps-search'
import { compsCircle } from '../../src/features/value/comps-wiring'
import { allParcels, type Parcel, queryOk } from './data'
import { interiorPoint, rect } from './geo'
import { baseUrl, get, keyOf, post, show } from './http'
import { type IsolatedBackend, isolatedBackend } from './isolated-backend'
import { callTool, httpClient, stdioClient } from './mcp-client.test-support'
import { createKey, type SpawnedServer, spawnServer } from './spawn-server'

const TOOLS = [
  'comparable_sales',
  'county_changes',
  'owner_holdings',
  'parcel_at_point',
  'parcels_at_address',
  'parcels_in_area',
  'query_parcels',
  'search_in_words',
]

const linkParams = (link: string) => new URL(link).searchParams

describe('MCP over Streamable HTTP (/mcp)', () => {
  let client: Client
  let sample: Parcel
  beforeAll(async () => {
    client = await httpClient(baseUrl(), keyOf('full'))
    const parcels = await allParcels()
    const found = parcels.find(
      (p) =>
        typeof p.owner === 'string' && typeof p.situs === 'string' && typeof p.acres === 'number' && p.state === 'IA',
    )
    if (!found) throw new Error('no sample parcel with owner, situs and acres in IA')
    sample = found
  })
  afterAll(async () => {
    await client?.close()
  })

  it('lists the tools, each with an input schema', async () => {
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS)
    for (const t of tools) expect(t.inputSchema.type, t.name).toBe('object')
  })

  it('parcels_in_area (box): the same ids as POST /parcels/area, a rectangle link, one request', async () => {
    const [w, s, e, n] = [-93.62, 42.0, -93.6, 42.03]
    const api = await post<{ svc_uuids: string[] }>('/parcels/area', {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', geometry: rect(w, s, e, n), properties: {} }],
    })
    expect(api.status, show(api)).toBe(200)
    const reply = await callTool(client, 'parcels_in_area', { bbox: [w, s, e, n], max_ids: 10_000 })
    expect(reply.isError, reply.text).toBe(false)
    expect(reply.data.count).toBe(api.body.svc_uuids.length)
    expect(reply.data.svc_uuids).toEqual(api.body.svc_uuids)
    expect(reply.data.calls).toEqual({ requests: 1, records: 0, free: 0 })
    const link = linkParams(reply.data.link)
    expect(link.get('a')?.startsWith('r')).toBe(true)
    expect(link.get('s')).toBe('1')
    expect(reply.data.link.endsWith('&v=1')).toBe(true)
    expect(reply.text).toContain(reply.data.link)
  })

  it('parcels_in_area (county): the count of the county query, resolved by name through /coverage', async () => {
    const filters = [
      { field: 'state_fp', op: 'eq', value: sample.state_fp },
      { field: 'county_fp', op: 'eq', value: sample.county_fp },
    ]
    const api = await queryOk({ filters, limit: 5 })
    const reply = await callTool(client, 'parcels_in_area', {
      county: { state: 'IA', county: String(sample.county) },
      max_ids: 5,
    })
    expect(reply.isError, reply.text).toBe(false)
    expect(reply.data.count).toBe(api.count)
    expect(reply.data.svc_uuids).toEqual(api.results.map((r) => r.svc_uuid))
    expect(reply.data.calls).toMatchObject({ requests: 1, free: 1 })
    const link = linkParams(reply.data.link)
    expect(link.get('m')).toBe('d')
    expect(decodeFilters(link.get('f') ?? '', 10).filters).toEqual(filters)
  })

  it('query_parcels: the same page and count as POST /parcels/query, and a link with its filters and order', async () => {
    const filters = [
      { field: 'state', op: 'eq', value: 'IA' },
      { field: 'acres', op: 'gt', value: 40 },
    ]
    const order = { field: 'acres', direction: 'desc' as const }
    const api = await queryOk({ filters, order, limit: 7 })
    const reply = await callTool(client, 'query_parcels', { filters, order, limit: 7 })
    expect(reply.isError, reply.text).toBe(false)
    expect(reply.data.count).toBe(api.count)
    expect(reply.data.results.map((r: Parcel) => r.svc_uuid)).toEqual(api.results.map((r) => r.svc_uuid))
    expect(reply.data.calls).toEqual({ requests: 1, records: 7, free: 0 })
    const link = linkParams(reply.data.link)
    expect(decodeFilters(link.get('f') ?? '', 10).filters).toEqual(filters)
    expect(link.get('o')).toBe('acres.d')
  })

  it('parcel_at_point and parcels_at_address: the same parcels as the lookups', async () => {
    const point = interiorPoint(sample.geom)
    if (!point) throw new Error('no interior point')
    const [lon, lat] = point as [number, number]
    const apiPoint = await get<{ results: Parcel[]; count: number }>('/parcels/point', { lat, lon })
    expect(apiPoint.status, show(apiPoint)).toBe(200)
    const atPoint = await callTool(client, 'parcel_at_point', { lat, lon })
    expect(atPoint.isError, atPoint.text).toBe(false)
    expect(atPoint.data.count).toBe(apiPoint.body.count)
    const pointIds = atPoint.data.results.map((r: Parcel) => r.svc_uuid)
    expect(pointIds).toEqual(apiPoint.body.results.map((r) => r.svc_uuid))
    expect(pointIds).toContain(sample.svc_uuid)
    expect(linkParams(atPoint.data.link).get('p')).toBe(pointIds[0])

    const address = String(sample.situs)
    const apiAddress = await get<{ results: Parcel[]; count: number }>('/parcels/address', { address, limit: 5 })
    expect(apiAddress.status, show(apiAddress)).toBe(200)
    const atAddress = await callTool(client, 'parcels_at_address', { address, limit: 5 })
    expect(atAddress.isError, atAddress.text).toBe(false)
    expect(atAddress.data.count).toBe(apiAddress.body.count)
    const ids = atAddress.data.results.map((r: Parcel) => r.svc_uuid)
    expect(ids).toEqual(apiAddress.body.results.map((r) => r.svc_uuid))
    const f = decodeFilters(linkParams(atAddress.data.link).get('f') ?? '', 10).filters
    expect(f).toEqual([{ field: 'svc_uuid', op: 'in', value: ids }])
  })

  it('owner_holdings: the count of the owner query in the state, with totals over its records', async () => {
    const owner = String(sample.owner)
    const filters = [
      { field: 'owner', op: 'ilike', value: owner },
      { field: 'state', op: 'eq', value: 'IA' },
    ]
    const api = await queryOk({ filters, limit: 100 })
    const reply = await callTool(client, 'owner_holdings', { owner, state: 'IA' })
    expect(reply.isError, reply.text).toBe(false)
    expect(reply.data.count).toBe(api.count)
    expect(reply.data.results.map((r: Parcel) => r.svc_uuid)).toEqual(api.results.map((r) => r.svc_uuid))
    const acres = api.results.reduce((s, r) => s + (typeof r.acres === 'number' ? r.acres : 0), 0)
    expect(reply.data.total_acres).toBeCloseTo(acres, 1)
    expect(decodeFilters(linkParams(reply.data.link).get('f') ?? '', 10).filters).toEqual(filters)
  })

  it('comparable_sales: the app’s comps — its plan, ranking, indicated value, n and years — and its link', async () => {
    const farm = (
      await queryOk({
        filters: [
          { field: 'sale_price', op: 'gt', value: 0 },
          { field: 'land_use', op: 'eq', value: 'AGRICULTURAL - CROPLAND' },
          { field: 'state', op: 'eq', value: 'IA' },
        ],
        order: { field: 'svc_uuid', direction: 'asc' },
        limit: 1,
      })
    ).results[0] as Parcel
    for (const asked of [{}, { radius_miles: 15, years: 8, acres_band: 0.8 }]) {
      const reply = await callTool(client, 'comparable_sales', { svc_uuid: farm.svc_uuid, limit: 100, ...asked })
      expect(reply.isError, reply.text).toBe(false)
      expect(reply.data.subject.svc_uuid).toBe(farm.svc_uuid)
      expect(reply.text).toMatch(/Found and ranked by Plat’s comps method/)
      const d = reply.data
      const app = await appComps(farm.svc_uuid, d.settings.defaults ? null : asked, d.settings.window.end)
      expect(d.comps.map((c: { svc_uuid: string }) => c.svc_uuid)).toEqual(app.comps.slice(0, 100).map((c) => c.id))
      expect(d.count).toBe(app.comps.length)
      expect(d.indicated?.value ?? null).toBe(app.indicated?.value ?? null)
      expect(d.indicated?.comps ?? []).toEqual(app.indicated?.weights.map((w) => w.id) ?? [])
      expect(d.statistics.n).toBe(app.indicated?.n ?? 0)
      expect(d.valuation.date).toBe(app.valuation.date)
      expect(d.valuation.extrapolated_years).toBe(app.valuation.extrapolatedYears)
      expect(d.calls.requests).toBe(1 + callsFor(app.matches))
      // The link reopens the same comps: the app's reader gives back these choices and no date.
      const shared = decodeComps(linkParams(d.link).get('cs') ?? '', []).comps
      expect(shared?.subject).toEqual({ kind: 'parcel', id: farm.svc_uuid })
      expect(shared?.choices ?? null).toEqual(app.choices)
      expect(shared?.asOf ?? null).toBeNull()
      expect(linkParams(d.link).get('p')).toBe(farm.svc_uuid)
    }
  })

  it('county_changes: GET /changes for the county, free, with the version as the link’s dv', async () => {
    const coverage = await get<{ version: string }>('/coverage', {})
    const version = coverage.body.version
    const query = { since: version, state: 'IA', county: String(sample.county_fp) }
    const api = await get<{ loads: unknown[]; changes: unknown[] }>('/changes', query)
    expect(api.status, show(api)).toBe(200)
    const reply = await callTool(client, 'county_changes', {
      since: version,
      state: 'IA',
      county_fp: String(sample.county_fp),
    })
    expect(reply.isError, reply.text).toBe(false)
    expect(reply.data.loads).toEqual(api.body.loads)
    expect(reply.data.changes).toEqual(api.body.changes)
    expect(reply.data.calls).toEqual({ requests: 0, records: 0, free: 1 })
    expect(linkParams(reply.data.link).get('dv')).toMatch(new RegExp(`^${version}\\.\\d{8}$`))
  })

  it('search_in_words: GET /parse-query’s reading, free, with the link that sets the search up unrun', async () => {
    const words = 'corn over 80 acres in Story County, largest first, zorbl'
    const api = await get<{ filters: unknown[]; scope: unknown; unknown: { text: string }[]; link: string }>(
      '/parse-query',
      { q: words },
    )
    expect(api.status, show(api)).toBe(200)
    const reply = await callTool(client, 'search_in_words', { words })
    expect(reply.isError, reply.text).toBe(false)
    expect(reply.data.filters).toEqual([
      { field: 'cdl_majority_category', op: 'eq', value: 'Corn' },
      { field: 'acres', op: 'gt', value: 80 },
      { field: 'state_fp', op: 'eq', value: '19' },
      { field: 'county_fp', op: 'eq', value: '169' },
    ])
    expect(reply.data.filters).toEqual(api.body.filters)
    expect(reply.data.scope).toEqual(api.body.scope)
    expect(reply.data.unknown.map((u: { text: string }) => u.text)).toEqual(['zorbl'])
    expect(reply.data.calls).toEqual({ requests: 0, records: 0, free: 1 })
    expect(reply.data.link).toBe(`${baseUrl()}${api.body.link}`)
    const link = linkParams(reply.data.link)
    expect(link.get('s')).toBeNull()
    expect(decodeFilters(link.get('f') ?? '', 10).filters).toEqual(reply.data.filters)
    expect(reply.text).toMatch(/no API call/)
  })

  it('refuses what the API refuses, with its status and reason', async () => {
    // A field the API does not know: its 400.
    const bad = await callTool(client, 'query_parcels', { filters: [{ field: 'nope', op: 'eq', value: 1 }] })
    expect(bad.isError).toBe(true)
    expect(bad.data.status).toBe(400)
    expect(bad.text).toMatch(/HTTP 400/)
    // An owner filter without a scope: the spec's rule 3.
    const unscoped = await callTool(client, 'query_parcels', {
      filters: [{ field: 'owner', op: 'ilike', value: 'SMITH' }],
    })
    expect(unscoped.data.status).toBe(400)
    expect(unscoped.text).toMatch(/scope/i)
    // A plan without the point lookup: 403, nothing spent.
    const queryOnly = await httpClient(baseUrl(), keyOf('queryOnly'))
    try {
      const refused = await callTool(queryOnly, 'parcel_at_point', { lat: 42, lon: -93.5 })
      expect(refused.isError).toBe(true)
      expect(refused.data.status).toBe(403)
      expect(refused.data.calls).toEqual({ requests: 0, records: 0, free: 0 })
    } finally {
      await queryOnly.close()
    }
  })

  it('/mcp without a key, or with an inactive one, is refused like the API', async () => {
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }
    const none = await fetch(`${baseUrl()}/mcp`, { method: 'POST', headers, body: JSON.stringify(init) })
    expect(none.status).toBe(401)
    expect(typeof ((await none.json()) as { detail: unknown }).detail).toBe('string')
    const inactive = await fetch(`${baseUrl()}/mcp`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${keyOf('inactive')}` },
      body: JSON.stringify(init),
    })
    expect(inactive.status).toBe(403)
    await expect(httpClient(baseUrl(), null)).rejects.toThrow()
  })
})

describe('MCP over stdio (npm run mcp)', () => {
  let client: Client
  beforeAll(async () => {
    client = await stdioClient(inject('baseUrl'), keyOf('full'))
  }, 60_000)
  afterAll(async () => {
    await client?.close()
  })

  it('lists the tools and answers a query as the API does', async () => {
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS)
    const filters = [{ field: 'cdl_majority_category', op: 'eq', value: 'Corn' }]
    const api = await queryOk({ filters, limit: 3 })
    const reply = await callTool(client, 'query_parcels', { filters, limit: 3 })
    expect(reply.isError, reply.text).toBe(false)
    expect(reply.data.count).toBe(api.count)
    expect(reply.data.results.map((r: Parcel) => r.svc_uuid)).toEqual(api.results.map((r) => r.svc_uuid))
    expect(reply.data.link.startsWith(`${inject('baseUrl')}/?m=d&f=`)).toBe(true)
  })
})

describe('MCP and the monthly allowance (a server of its own)', () => {
  const ALLOWANCE = 2
  let own: IsolatedBackend
  let server: SpawnedServer
  let key: string
  beforeAll(async () => {
    // Its own server: the shared test keys' allowances belong to quota.api.test.ts.
    own = await isolatedBackend(inject('backend'), {}, { prepared: true })
    key = await createKey(own.env, ['--name', 'mcp-limited', '--monthly-limit', String(ALLOWANCE)])
    server = await spawnServer(own.env)
    // The first run on a checkout prepares the small database this copies (prepared-data.ts).
  }, 600_000)
  afterAll(async () => {
    await server?.stop()
    await own?.cleanup()
  })

  it('tools spend the key’s allowance like API calls, then are refused 429 with the API’s reason', async () => {
    const client = await httpClient(server.baseUrl, key)
    try {
      const ask = () => callTool(client, 'query_parcels', { filters: [], limit: 1 })
      for (let i = 0; i < ALLOWANCE; i++) {
        const ok = await ask()
        expect(ok.isError, ok.text).toBe(false)
        expect(ok.data.calls.requests).toBe(1)
      }
      const refused = await ask()
      expect(refused.isError).toBe(true)
      expect(refused.data.status).toBe(429)
      expect(refused.text).toMatch(/HTTP 429\): Monthly request allowance exhausted/)
      // The API says the same to the same key.
      const api = await fetch(`${server.baseUrl}/parcels/query`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ filters: [], limit: 1 }),
      })
      expect(api.status).toBe(429)
      expect(((await api.json()) as { detail: string }).detail).toBe(refused.data.detail)
    } finally {
      await client.close()
    }
  })
})

/**
 * The app's comps for a parcel over the API: its request (contract/comps/), its radius circle
 * (features/value/comps-wiring.ts's buffer) and its own search (comps-search.ts's `findSales`, the
 * app's runner and plan) on sources with no cache, then its analysis as the panel runs it.
 */
async function appComps(
  id: string,
  asked: { radius_miles?: number; years?: number; acres_band?: number } | null,
  windowEnd: string,
) {
  const record = (await queryOk({ filters: [{ field: 'svc_uuid', op: 'eq', value: id }], limit: 1 })).results[0]
  const subject = parcelSubject(record as Parcel)
  if (!subject) throw new Error('the subject has no location')
  const defaults = settingsFor(subject, null)
  const choices: CompsChoices | null = asked
    ? {
        radiusMiles: asked.radius_miles ?? defaults.radiusMiles,
        years: asked.years ?? defaults.years,
        acresBand: asked.acres_band ?? defaults.acresBand,
        priceBand: null,
        weights: defaults.weights,
      }
    : null
  const settings = settingsFor(subject, choices)
  const r = compsRequest(subject, settings, windowEnd)
  const network = <Req, Res>(path: string): MemorySource<Req, Res> => ({
    peekMemory: () => undefined,
    peek: async () => undefined,
    fetch: async (req) => {
      const res = await post<Res>(path, req)
      if (res.status !== 200) throw new Error(`${path} → ${res.status}: ${res.text}`)
      return { value: res.body, network: true }
    },
  })
  const found = await findSales(
    { area: network('/parcels/area'), query: network('/parcels/query') },
    { circle: compsCircle(r.center, r.meters), filters: r.filters, loose: r.loose },
    { signal: new AbortController().signal },
  )
  return { ...analyzeComps(subject, found.records, settings, windowEnd, {}, null), matches: found.matches, choices }
}
