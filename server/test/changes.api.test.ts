/**
 * `GET /changes` and the reload that fills it (issue 23), over HTTP on the project's backend: a
 * county loaded and reloaded with the real CLI (owners changed, parcels sold, one split, two removed,
 * one revalued), the summary's counts, the ids of unchanged parcels, and the endpoint's key check,
 * charge (none), `since`, state/county/bbox/id filters, paging and errors.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { type ChangesResponse, ChangesResponseSchema } from '../../contract/changes'
import { CoverageResponseSchema } from '../../contract/tiles'
import {
  cell,
  LOTS_MAPPING,
  lots,
  lotsGeoJson,
  RELOAD_COUNTS,
  RELOAD_UNCHANGED,
  reloaded,
  W,
} from '../load/reload-fixture.test-support'
import { api, type LoaderBackend, loadCli, loaderBackend, startServer } from './loader-harness.test-support'
import type { SpawnedServer } from './spawn-server'

const backendName = inject('backend')
const COUNTY = ['--state', 'IA', '--county-fp', '169', '--county', 'Story']

type Rec = { svc_uuid: string; parcel_id: string; land_use_class: string | null }

describe(`GET /changes after a reload (${backendName})`, () => {
  let backend: LoaderBackend
  let server: SpawnedServer
  let key: string
  let limited: string
  let inactive: string
  let v0: string
  let v1: string
  let before: Map<string, string>
  let after: Map<string, string>
  let reloadOut = ''
  const file = () => join(backend.workDir, 'story-lots.geojson')
  const load = (extra: string[] = []) =>
    loadCli(backend, [file(), ...COUNTY, '--map', join(backend.workDir, 'map.json'), ...extra])
  const version = async () => CoverageResponseSchema.parse((await api(server, key, '/coverage')).body).version
  const ids = async () => {
    const res = await api<{ results: Rec[] }>(server, key, '/parcels/query', {
      filters: [{ field: 'county_fp', op: 'eq', value: '169' }],
      limit: 100,
    })
    expect(res.status).toBe(200)
    return new Map(res.body.results.map((r) => [r.parcel_id, r.svc_uuid]))
  }
  const changes = (query: string, k: string | null = key) =>
    fetch(`${server.baseUrl}/changes${query}`, { headers: k ? { authorization: `Bearer ${k}` } : {} })

  beforeAll(async () => {
    backend = await loaderBackend(backendName)
    writeFileSync(join(backend.workDir, 'map.json'), JSON.stringify(LOTS_MAPPING))
    writeFileSync(file(), lotsGeoJson(lots()))
    const first = await load()
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).toMatch(/changes +first load of this county/)
    key = backend.keys.full
    limited = backend.keys.limited
    inactive = backend.keys.inactive
    server = await startServer(backend)
    v0 = await version()
    before = await ids()
    writeFileSync(file(), lotsGeoJson(reloaded()))
    if (backend.name === 'embedded') await server.stop()
    const second = await load(['--replace'])
    expect(second.code, second.stderr).toBe(0)
    reloadOut = second.stdout
    if (backend.name === 'embedded') server = await startServer(backend)
    // The server caches its coverage for a second (FRESH_MS, tiles/tile-service.ts): a reload that
    // ends within a second of the read of v0 still reads as v0 (a CI run on PostgreSQL saw it).
    // The version must change within a few seconds; `expect(v1).not.toBe(v0)` below says whether it did.
    const t0 = performance.now()
    for (v1 = await version(); v1 === v0 && performance.now() - t0 < 5_000; v1 = await version()) {
      await new Promise((ok) => setTimeout(ok, 250))
    }
    after = await ids()
  }, 600_000)

  afterAll(async () => {
    await server?.stop()
    await backend?.cleanup()
  }, 60_000)

  it('the reload prints exactly the changes made and the land-use classes; unchanged parcels keep their ids', async () => {
    expect(reloadOut).toMatch(
      new RegExp(`changes +1 split, 2 removed, 2 sold, 2 new owners, 1 value changed; ${RELOAD_UNCHANGED} unchanged`),
    )
    expect(reloadOut).toMatch(/land use +agricultural 5, residential 6, commercial 4, institutional 4/)
    expect(reloadOut).toMatch(/unclassified 5 \(17\.2 %\): "Q9 \/ MYSTERY USE" 5; no land-use value 5 \(17\.2 %\)/)
    expect(v1).not.toBe(v0)
    for (const [pin, id] of before) {
      if (['P07', 'P20', 'P21'].includes(pin)) expect(after.has(pin), pin).toBe(false)
      else expect(after.get(pin), pin).toBe(id)
    }
  })

  it('lists each change since the version a search saw, with the load it came with', async () => {
    const res = await changes(`?since=${v0}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const body = ChangesResponseSchema.parse(await res.json())
    expect(body).toMatchObject({ since: v0, version: v1, next: null })
    expect(body.loads).toHaveLength(1)
    expect(body.loads[0]).toMatchObject({ kind: 'reload', previous_version: v0, version: v1, county_fp: '169' })
    expect(body.loads[0]!.counts).toEqual(RELOAD_COUNTS)
    const tally: Record<string, number> = {}
    for (const c of body.changes) tally[c.kind] = (tally[c.kind] ?? 0) + 1
    expect(tally).toEqual(RELOAD_COUNTS)
    const split = body.changes.find((c) => c.kind === 'split')!
    expect(split).toMatchObject({ svc_uuid: before.get('P07'), parcel_id: 'P07', version: v1 })
    expect(split.related).toEqual([after.get('P07-A'), after.get('P07-B')].sort())
    const sold = body.changes.find((c) => c.parcel_id === 'P10')!
    expect(sold).toMatchObject({ kind: 'sold', facets: ['sold', 'new_owner'] })
    expect(sold.before).toMatchObject({ owner: 'OWNER 10', sale_date: '2010-05-01' })
    expect(sold.after).toMatchObject({ owner: 'SOLD TO P10', sale_date: '2024-03-15', sale_price: 450_000 })
  })

  it('nothing changed since the current version', async () => {
    const body = (await (await changes(`?since=${v1}`)).json()) as ChangesResponse
    expect(body).toEqual({ since: v1, version: v1, loads: [], changes: [], next: null })
  })

  it('filters by state and county, by box and by parcel id (a split parcel’s old id finds its successors)', async () => {
    const count = async (q: string) => (await (await changes(`?since=${v0}${q}`)).json()) as ChangesResponse
    expect((await count('&state=ia&county=169')).changes).toHaveLength(8)
    expect((await count('&county=19169')).changes).toHaveLength(8)
    const elsewhere = await count('&state=IA&county=015')
    expect(elsewhere.changes).toHaveLength(0)
    expect(elsewhere.loads).toHaveLength(0)
    expect((await count('&state=CA')).changes).toHaveLength(0)
    // The box over lots 7–11 (the second row but its first lot): the split lot and the two sold.
    const { x, y } = cell(7)
    const inBox = await count(`&bbox=${x - 1e-6},${y - 1e-6},${x + 5 * W},${y + 0.001}`)
    expect(inBox.changes.map((c) => c.parcel_id).sort()).toEqual(['P07', 'P10', 'P11'])
    const byOld = await count(`&id=${before.get('P07')}`)
    expect(byOld.changes.map((c) => c.kind)).toEqual(['split'])
    const bySuccessor = await count(`&id=${after.get('P07-B')}`)
    expect(bySuccessor.changes.map((c) => c.svc_uuid)).toEqual([before.get('P07')])
  })

  it('pages with limit and after', async () => {
    const seen: string[] = []
    let after = 0
    for (let i = 0; i < 10; i++) {
      const page = (await (await changes(`?since=${v0}&limit=3&after=${after}`)).json()) as ChangesResponse
      seen.push(...page.changes.map((c) => c.svc_uuid))
      expect(page.changes.length).toBeLessThanOrEqual(3)
      if (page.next === null) break
      after = page.next
    }
    expect(seen).toHaveLength(8)
    expect(new Set(seen).size).toBe(8)
  })

  it('needs a valid, active key and charges nothing', async () => {
    expect((await changes(`?since=${v0}`, null)).status).toBe(401)
    expect((await changes(`?since=${v0}`, 'plat_nope')).status).toBe(401)
    const refused = await changes(`?since=${v0}`, inactive)
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({ detail: expect.any(String) })
    // A key allowed two requests a month reads the log as often as it likes and still has both.
    for (let i = 0; i < 5; i++) expect((await changes(`?since=${v0}`, limited)).status).toBe(200)
    const query = { filters: [{ field: 'county_fp', op: 'eq', value: '169' }], limit: 1 }
    expect((await api(server, limited, '/parcels/query', query)).status).toBe(200)
    expect((await api(server, limited, '/parcels/query', query)).status).toBe(200)
    expect((await api(server, limited, '/parcels/query', query)).status).toBe(429)
  })

  it('a version the log does not know is 400 naming the current one; a malformed query is 422 at its parameter', async () => {
    const unknown = await changes('?since=0123456789abcdef')
    expect(unknown.status).toBe(400)
    expect(((await unknown.json()) as { detail: string }).detail).toContain(`"${v1}"`)
    const cases: [string, string][] = [
      ['', 'since'],
      ['?since=not%20a%20version', 'since'],
      [`?since=${v0}&state=Iowa`, 'state'],
      [`?since=${v0}&county=169`, 'county'],
      [`?since=${v0}&state=IA&county=06019`, 'county'],
      [`?since=${v0}&bbox=1,2,3`, 'bbox'],
      [`?since=${v0}&bbox=10,0,-10,1`, 'bbox'],
      [`?since=${v0}&limit=0`, 'limit'],
      [`?since=${v0}&limit=5001`, 'limit'],
      [`?since=${v0}&after=-1`, 'after'],
      [`?since=${v0}&id=x'y`, 'id'],
    ]
    for (const [q, param] of cases) {
      const res = await changes(q)
      expect(res.status, q).toBe(422)
      const body = (await res.json()) as { detail: { loc: string[] }[] }
      expect(
        body.detail.map((d) => d.loc),
        q,
      ).toContainEqual(['query', param])
    }
    expect((await fetch(`${server.baseUrl}/changes?since=${v0}`, { method: 'POST' })).status).toBe(405)
  })

  it('records carry the land-use class as an extension field our server filters on', async () => {
    const res = await api<{ count: number; results: Rec[] }>(server, key, '/parcels/query', {
      filters: [
        { field: 'county_fp', op: 'eq', value: '169' },
        { field: 'land_use_class', op: 'in', value: ['agricultural', 'institutional'] },
      ],
      limit: 100,
    })
    expect(res.status).toBe(200)
    expect(res.body.count).toBe(9)
    expect(new Set(res.body.results.map((r) => r.land_use_class))).toEqual(new Set(['agricultural', 'institutional']))
    const none = await api<{ count: number }>(server, key, '/parcels/query', {
      filters: [{ field: 'land_use_class', op: 'isnull', value: true }],
    })
    expect(none.body.count).toBe(10)
  })
})
