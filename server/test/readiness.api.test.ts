/** /readyz beside /healthz: ready while the database answers, never cached, GET only. */
import { describe, expect, it } from 'vitest'
import { baseUrl } from './http'

describe('/readyz', () => {
  it('answers 200 {status: ready} while the database answers, with no-store', async () => {
    const res = await fetch(`${baseUrl()}/readyz`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ready' })
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('POST → 405 naming GET', async () => {
    const res = await fetch(`${baseUrl()}/readyz`, { method: 'POST' })
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toContain('GET')
  })
})
