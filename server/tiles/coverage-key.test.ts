import { describe, expect, it } from 'vitest'
import type { KeyGuard } from '../auth/key-guard'
import { tileRoutes } from './tile-routes'
import type { TileService } from './tile-service'

/** A guard that knows one key, and a service with an empty coverage: only who may ask is tested. */
const guard = {
  free: async (authorization: string | undefined) =>
    authorization === 'Bearer good' ? { ok: true } : { ok: false, status: 401, detail: 'A key is needed.' },
} as unknown as KeyGuard
const service = { coverage: async () => ({ version: 'v1', counties: [] }) } as unknown as TileService
const ask = (publicCoverage: boolean, authorization?: string) =>
  tileRoutes(service, guard, { publicCoverage }).request('/coverage', {
    headers: authorization ? { authorization } : {},
  })

describe('who may read GET /coverage (issue 39: the page and the endpoint agree)', () => {
  it('anyone, where the app page shows coverage to every visitor; a key that is sent is still checked', async () => {
    expect((await ask(true)).status).toBe(200)
    expect((await ask(true, 'Bearer good')).status).toBe(200)
    expect((await ask(true, 'Bearer bad')).status).toBe(401)
  })

  it('a key holder only, where the page does not show it', async () => {
    expect((await ask(false)).status).toBe(401)
    expect((await ask(false, 'Bearer good')).status).toBe(200)
  })
})
