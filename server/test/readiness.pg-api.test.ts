/**
 * /readyz tells a load balancer whether this instance's database answers (issue 19): 200 while it
 * does, 503 within the readiness timeout when PostgreSQL is down or hangs, 200 again once it is
 * back; /healthz (the process) stays 200 throughout. The server reaches PostgreSQL through a TCP
 * gate the test shuts, so the shared test cluster is never stopped. The server must outlive the cut:
 * a pg client that loses its connection while checked out of the pool emitted an 'error' nobody
 * listened to and killed the process (the tile warmer's statement was in flight at start-up; see
 * server/db/postgres-outage.db.test.ts for the seam's own test).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { READY_TIMEOUT_MS } from '../http/readiness'
import { type IsolatedBackend, isolatedBackend } from './isolated-backend'
import { type SpawnedServer, spawnServer } from './spawn-server'
import { type TcpGate, tcpGate } from './tcp-gate.test-support'

describe('/readyz with the database stopped', () => {
  let own: IsolatedBackend
  let gate: TcpGate
  let server: SpawnedServer
  beforeAll(async () => {
    own = await isolatedBackend('postgres', { DEMO_PARCELS: '200' })
    const direct = new URL(own.env.DATABASE_URL as string)
    gate = await tcpGate(direct.hostname, Number(direct.port || 5432))
    const gated = new URL(direct)
    gated.hostname = '127.0.0.1'
    gated.port = String(gate.port)
    server = await spawnServer({ ...own.env, DATABASE_URL: gated.toString() })
  }, 240_000)
  afterAll(async () => {
    await server?.stop()
    await gate?.close()
    await own?.cleanup()
  })

  const timed = async (path: string) => {
    const t0 = performance.now()
    const res = await fetch(`${server.baseUrl}${path}`, { signal: AbortSignal.timeout(15_000) })
    const body = (await res.json()) as unknown
    return { status: res.status, body, ms: performance.now() - t0, retryAfter: res.headers.get('retry-after') }
  }

  it('200 while PostgreSQL answers', async () => {
    const ready = await timed('/readyz')
    expect(ready.status).toBe(200)
    expect(ready.body).toEqual({ status: 'ready' })
  })

  it('a request whose statements are in flight when PostgreSQL goes away gets 503; the server lives on', async () => {
    const key = ((await (await fetch(`${server.baseUrl}/demo-key`)).json()) as { key: string }).key
    await gate.set('hung')
    const inFlight = fetch(`${server.baseUrl}/parcels/point?lat=42.03&lon=-93.62`, {
      headers: { authorization: `Bearer ${key}` },
      signal: AbortSignal.timeout(15_000),
    })
    await new Promise((r) => setTimeout(r, 500))
    await gate.set('down')
    const res = await inFlight
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({
      detail: 'The database is unavailable (it may be restarting); try again in a few seconds.',
    })
    expect(res.headers.get('retry-after')).toBe('5')
    expect((await timed('/healthz')).status).toBe(200)
    expect(server.process.exitCode).toBeNull()
  })

  it('503 with Retry-After when PostgreSQL is down (connections refused); /healthz still 200', async () => {
    await gate.set('down')
    const ready = await timed('/readyz')
    expect(ready.status, JSON.stringify(ready.body)).toBe(503)
    expect(ready.body).toEqual({ detail: 'Not ready: the database is unavailable.' })
    expect(ready.retryAfter).toBe('5')
    expect(ready.ms).toBeLessThan(READY_TIMEOUT_MS + 1_000)
    expect((await timed('/healthz')).status).toBe(200)
  })

  it('503 within the timeout when PostgreSQL hangs; parallel probes do not pile up', async () => {
    await gate.set('hung')
    const probes = await Promise.all([timed('/readyz'), timed('/readyz'), timed('/readyz')])
    for (const ready of probes) {
      expect(ready.status).toBe(503)
      expect(ready.body).toEqual({ detail: `Not ready: the database did not answer within ${READY_TIMEOUT_MS} ms.` })
      expect(ready.ms).toBeLessThan(READY_TIMEOUT_MS + 1_000)
    }
    const health = await timed('/healthz')
    expect(health.status).toBe(200)
    expect(health.ms).toBeLessThan(250)
  })

  it('200 again once PostgreSQL is back, without a server restart', async () => {
    await gate.set('open')
    let ready = await timed('/readyz')
    for (let i = 0; i < 20 && ready.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 250))
      ready = await timed('/readyz')
    }
    expect(ready.status).toBe(200)
  })

  it('under load on every surface, a cut gives 503s in words, never a 500, and afterwards each answers as before', async () => {
    const key = ((await (await fetch(`${server.baseUrl}/demo-key`)).json()) as { key: string }).key
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' }
    const version = ((await (await fetch(`${server.baseUrl}/coverage`, { headers })).json()) as { version: string })
      .version
    const square = [
      [-93.63, 42.02],
      [-93.61, 42.02],
      [-93.61, 42.04],
      [-93.63, 42.04],
      [-93.63, 42.02],
    ]
    // The surfaces the tables added since the first outage tests live on: the change log, the tile
    // store and coverage; and the parcel calls beside them.
    const calls: { name: string; path: string; body?: unknown }[] = [
      { name: 'coverage', path: '/coverage' },
      { name: 'changes', path: `/changes?since=${version}` },
      { name: 'tile', path: '/tiles/parcels/13/1965/3040.mvt' },
      { name: 'point', path: '/parcels/point?lat=42.03&lon=-93.62' },
      {
        name: 'query',
        path: '/parcels/query',
        body: {
          filters: [{ field: 'acres', op: 'gt', value: 0 }],
          order: { field: 'svc_uuid', direction: 'asc' },
          limit: 20,
        },
      },
      {
        name: 'area',
        path: '/parcels/area',
        body: {
          type: 'FeatureCollection',
          features: [{ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [square] } }],
        },
      },
    ]
    const ask = async (c: (typeof calls)[number]) => {
      const res = await fetch(`${server.baseUrl}${c.path}`, {
        method: c.body === undefined ? 'GET' : 'POST',
        headers,
        body: c.body === undefined ? undefined : JSON.stringify(c.body),
        signal: AbortSignal.timeout(15_000),
      })
      const bytes = Buffer.from(await res.arrayBuffer())
      return {
        status: res.status,
        text: c.name === 'tile' && res.ok ? bytes.toString('base64') : bytes.toString('utf8'),
      }
    }
    const before = await Promise.all(calls.map(ask))
    expect(before.map((b) => b.status)).toEqual(calls.map(() => 200))

    const seen: { name: string; status: number; text: string }[] = []
    let running = true
    const loops = calls.map(async (c) => {
      while (running) seen.push({ name: c.name, ...(await ask(c)) })
    })
    await new Promise((r) => setTimeout(r, 1_000))
    await gate.set('down')
    await new Promise((r) => setTimeout(r, 2_000))
    await gate.set('open')
    await new Promise((r) => setTimeout(r, 3_000))
    running = false
    await Promise.all(loops)

    const unexpected = seen.filter((s) => s.status !== 200 && s.status !== 503)
    expect(unexpected.map((s) => `${s.name} ${s.status} ${s.text.slice(0, 120)}`)).toEqual([])
    const refused = seen.filter((s) => s.status === 503)
    expect(refused.length, 'the cut was felt').toBeGreaterThan(0)
    for (const r of refused)
      expect(JSON.parse(r.text)).toEqual({
        detail: 'The database is unavailable (it may be restarting); try again in a few seconds.',
      })
    expect(server.process.exitCode).toBeNull()
    // Nothing lost: each surface answers exactly as before the cut.
    const after = await Promise.all(calls.map(ask))
    expect(after).toEqual(before)
  })
})
