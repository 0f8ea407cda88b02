/**
 * DEMO=on and DEMO=off instances on one PostgreSQL database (issue 19): a DEMO=off instance used to
 * revoke the demo key the DEMO=on ones still handed out (their app then got 401). Now it refuses
 * to start while a DEMO=on instance runs, saying why; once they are stopped, it starts and revokes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type IsolatedBackend, isolatedBackend } from './isolated-backend'
import { type SpawnedServer, spawnServer } from './spawn-server'

describe('DEMO=on and DEMO=off on one PostgreSQL database', () => {
  let own: IsolatedBackend
  let demo: SpawnedServer
  let key: string
  const point = (s: SpawnedServer) =>
    fetch(`${s.baseUrl}/parcels/point?lat=42.03&lon=-93.62`, { headers: { authorization: `Bearer ${key}` } })
  beforeAll(async () => {
    own = await isolatedBackend('postgres', { DEMO_PARCELS: '200' })
    demo = await spawnServer(own.env)
    key = ((await (await fetch(`${demo.baseUrl}/demo-key`)).json()) as { key: string }).key
  }, 240_000)
  afterAll(async () => {
    await demo?.stop()
    await own?.cleanup()
  })

  it('a DEMO=off start beside a running DEMO=on instance is refused with the reason; the demo key keeps working', async () => {
    const off = spawnServer({ ...own.env, DEMO: 'off', DATA_DIR: `${own.dataDir}-off` })
    await expect(off).rejects.toThrow(/DEMO=off, but DEMO=on instances are running on this database/)
    expect((await point(demo)).status).toBe(200)
  }, 240_000)

  it('once the DEMO=on instance is stopped, DEMO=off starts and revokes the demo key', async () => {
    await demo.stop()
    const off = await spawnServer({ ...own.env, DEMO: 'off', DATA_DIR: `${own.dataDir}-off` })
    try {
      expect(off.output()).toContain('revoked the demo key')
      expect((await point(off)).status).toBe(401)
    } finally {
      await off.stop()
    }
  }, 240_000)
})
