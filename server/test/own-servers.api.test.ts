/**
 * Behaviour that needs servers of its own, on the project's backend: a statement timeout answered
 * 503 while the server stays up, and DEMO=off revoking the demo key.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { expectErrorBody } from './checks'
import { collection, rect } from './geo'
import { type IsolatedBackend, isolatedBackend } from './isolated-backend'
import { type SpawnedServer, spawnServer } from './spawn-server'

const backend = inject('backend')

async function send(server: SpawnedServer, key: string, path: string, body?: unknown) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, text, body: JSON.parse(text) as unknown, headers: res.headers }
}

describe(`statement timeout (${backend})`, () => {
  let own: IsolatedBackend
  let server: SpawnedServer
  let key: string
  beforeAll(async () => {
    // 1 ms: every statement that does real work is over it.
    own = await isolatedBackend(backend, { STATEMENT_TIMEOUT_MS: '1' }, { prepared: true })
    server = await spawnServer(own.env)
    key = (await (await fetch(`${server.baseUrl}/demo-key`)).json()).key as string
  }, 180_000)
  afterAll(async () => {
    await server?.stop()
    await own?.cleanup()
  })

  it('a statement over the limit is answered 503 "too expensive", and the server stays up', async () => {
    const everything = collection(rect(-125, 24, -66, 50))
    const res = await send(server, key, '/parcels/area', everything)
    expectErrorBody({ ...res, body: res.body }, 503)
    expect((res.body as { detail: string }).detail).toMatch(/too expensive/)
    const health = await fetch(`${server.baseUrl}/healthz`)
    expect(health.status).toBe(200)
    expect(server.process.exitCode).toBeNull()
    expect(server.output()).not.toMatch(/failed:|Internal server error/)
  })
})

describe(`DEMO=off (${backend})`, () => {
  let own: IsolatedBackend
  beforeAll(async () => {
    own = await isolatedBackend(backend, {}, { prepared: true })
  })
  afterAll(async () => {
    await own?.cleanup()
  })

  // Two server starts one after the other: minutes on a busy machine.
  it('revokes the demo key and deletes its file; /demo-key is gone', async () => {
    const demo = await spawnServer(own.env)
    const key = (await (await fetch(`${demo.baseUrl}/demo-key`)).json()).key as string
    expect((await send(demo, key, '/parcels/point?lat=42&lon=-93.5')).status).toBe(200)
    await demo.stop()
    expect(existsSync(join(own.dataDir, 'demo-key'))).toBe(true)

    const real = await spawnServer({ ...own.env, DEMO: 'off' })
    try {
      expect(existsSync(join(own.dataDir, 'demo-key'))).toBe(false)
      expect((await send(real, key, '/parcels/point?lat=42&lon=-93.5')).status).toBe(401)
      expect((await fetch(`${real.baseUrl}/demo-key`)).status).toBe(404)
      expect(real.output()).toContain('revoked the demo key')
    } finally {
      await real.stop()
    }
  }, 240_000)
})
