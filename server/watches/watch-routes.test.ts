import { describe, expect, it } from 'vitest'
import type { KeyGuard } from '../auth/key-guard'
import { watchRoutes } from './watch-routes'
import type { WatchesRepo } from './watches-repo'
import { refusedLiteralTarget } from './webhook-target'

/**
 * The webhook address is judged when the watch is made, before the database is asked: a repo that
 * is reached fails the test. (The API tests' servers allow private receivers, so the refusal is
 * tested here.)
 */
function routes(privateWebhooks: boolean) {
  const reached: string[] = []
  const repo = new Proxy({ canEmail: false, privateWebhooks } as unknown as WatchesRepo, {
    get: (target, prop) =>
      prop in target
        ? target[prop as keyof WatchesRepo]
        : async () => {
            reached.push(String(prop))
            return null
          },
  })
  const guard = { free: async () => ({ ok: true, key: { id: 'k1' }, used: 0 }) } as unknown as KeyGuard
  const app = watchRoutes(repo, guard)
  const send = async (method: string, path: string, body: unknown) => {
    const res = await app.request(path, {
      method,
      headers: { authorization: 'Bearer x', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as { detail: unknown } }
  }
  return { send, reached }
}

describe('a watch’s webhook address, when the watch is made', () => {
  it('refuses a literal private, loopback or link-local address, or localhost, in words', () => {
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://10.0.0.7/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://[fe80::1]/hook',
      'http://[::ffff:192.168.1.1]/hook',
      'http://2130706433/hook',
      'http://localhost:3000/hook',
      'https://api.LOCALHOST/hook',
    ]) {
      expect(refusedLiteralTarget(url, false), url).toMatch(/is a private address .*public addresses only/)
      expect(refusedLiteralTarget(url, true), url).toBeNull()
    }
    // A name is only judged once resolved, at each sending (refusedTarget).
    for (const url of ['https://hooks.example.com/x', 'https://8.8.8.8/x', 'https://intranet.example/x']) {
      expect(refusedLiteralTarget(url, false), url).toBeNull()
    }
  })

  it('POST and PATCH answer 422 with loc body.webhook_url before the database is asked', async () => {
    const { send, reached } = routes(false)
    const made = await send('POST', '/watches', {
      name: 'lots',
      parcels: ['a'],
      webhook_url: 'http://169.254.169.254/hook',
    })
    expect(made.status).toBe(422)
    expect(made.body.detail).toEqual([
      {
        loc: ['body', 'webhook_url'],
        msg: '169.254.169.254 is a private address (169.254.169.254); this server sends webhooks to public addresses only (WATCH_WEBHOOKS_PRIVATE=on allows others)',
        type: 'value_error',
      },
    ])
    const patched = await send('PATCH', '/watches/w_1', { webhook_url: 'http://localhost/hook' })
    expect(patched.status).toBe(422)
    expect(patched.body.detail).toMatchObject([
      { loc: ['body', 'webhook_url'], msg: /^localhost is a private address/ },
    ])
    expect(reached).toEqual([])
  })

  it('lets the address through with WATCH_WEBHOOKS_PRIVATE=on, and a public name or null always', async () => {
    const allowed = routes(true)
    await allowed.send('PATCH', '/watches/w_1', { webhook_url: 'http://127.0.0.1:9/hook' })
    const strict = routes(false)
    await strict.send('PATCH', '/watches/w_1', { webhook_url: 'https://hooks.example.com/x' })
    await strict.send('PATCH', '/watches/w_1', { webhook_url: null })
    expect(allowed.reached).toEqual(['update'])
    expect(strict.reached).toEqual(['update', 'update'])
  })
})
