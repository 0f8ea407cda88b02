/**
 * Several server processes on one PostgreSQL database: they start together without loading the
 * data twice, enforce one monthly allowance exactly, and see a key deleted with the CLI at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type IsolatedBackend, isolatedBackend } from './isolated-backend'
import { createKey, keysCli, type SpawnedServer, spawnServer } from './spawn-server'

describe('two server processes on one PostgreSQL database', () => {
  let own: IsolatedBackend
  let servers: SpawnedServer[] = []
  beforeAll(async () => {
    own = await isolatedBackend('postgres', { DEMO_PARCELS: '500' })
    // Both start at once on an empty database: one migrates and loads, the other waits for it.
    servers = await Promise.all([spawnServer(own.env), spawnServer({ ...own.env, DATA_DIR: `${own.dataDir}-b` })])
  }, 240_000)
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()))
    await own?.cleanup()
  })

  const point = (server: SpawnedServer, key: string) =>
    fetch(`${server.baseUrl}/parcels/point?lat=42.03&lon=-93.62`, { headers: { authorization: `Bearer ${key}` } })

  it('loaded the demo data once', async () => {
    const [a, b] = servers as [SpawnedServer, SpawnedServer]
    expect(a.output()).toContain('Parcels: 500 (PostgreSQL)')
    expect(b.output()).toContain('Parcels: 500 (PostgreSQL)')
  })

  it('200 concurrent requests across both on a 50-request key: exactly 50 succeed, the rest 429', async () => {
    const key = await createKey(own.env, ['--name', 'shared-50', '--monthly-limit', '50'])
    const [a, b] = servers as [SpawnedServer, SpawnedServer]
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => point(i % 2 ? a : b, key)))
    const statuses = answers.map((r) => r.status)
    expect(Object.fromEntries([...new Set(statuses)].map((s) => [s, statuses.filter((x) => x === s).length]))).toEqual({
      200: 50,
      429: 150,
    })
    const list = await keysCli(own.env, ['list'])
    expect(list).toMatch(/shared-50 .*used 50 this month/)
  })

  it('a key deleted with the CLI beside the running servers is refused by both within a second', async () => {
    const key = await createKey(own.env, ['--name', 'short-lived'])
    for (const s of servers) expect((await point(s, key)).status).toBe(200)
    const id = (await keysCli(own.env, ['list']))
      .split('\n')
      .find((l) => l.includes('short-lived'))
      ?.split(/\s+/)[0]
    expect(id).toBeTruthy()
    await keysCli(own.env, ['delete', id as string])
    const deletedAt = performance.now()
    for (const s of servers) expect((await point(s, key)).status).toBe(401)
    expect(performance.now() - deletedAt).toBeLessThan(1000)
  })
})
