import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { postWebhook } from './webhook-send'
import { isPrivateAddress, refusedTarget } from './webhook-target'

describe('webhook targets', () => {
  it('knows the addresses only the server can reach from the public ones', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(true)
    }
    for (const ip of ['8.8.8.8', '93.184.216.34', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(ip), ip).toBe(false)
    }
  })

  it('refuses a name that resolves to a private address, unless private receivers are allowed', async () => {
    const resolve = async (host: string) => (host === 'intranet.example' ? ['93.184.216.34', '10.0.0.7'] : ['8.8.8.8'])
    expect(await refusedTarget('https://intranet.example/hook', false, resolve)).toBe(
      'intranet.example is a private address (10.0.0.7); this server sends webhooks to public addresses only (WATCH_WEBHOOKS_PRIVATE=on allows others)',
    )
    expect(await refusedTarget('https://hooks.example/x', false, resolve)).toBeNull()
    expect(await refusedTarget('http://[::1]:8080/x', false, resolve)).toMatch(/^::1 is a private address/)
    expect(await refusedTarget('https://intranet.example/hook', true, resolve)).toBeNull()
    const unknown = async () => Promise.reject(Object.assign(new Error('nope'), { code: 'ENOTFOUND' }))
    expect(await refusedTarget('https://nowhere.invalid/x', false, unknown)).toBe(
      'could not resolve nowhere.invalid: ENOTFOUND',
    )
  })

  it('a webhook to this machine is not sent by default: the attempt fails in words and the receiver hears nothing', async () => {
    let heard = 0
    const receiver = createServer((_req, res) => {
      heard++
      res.end('ok')
    })
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`
    const payload = { delivery: 1, sent_at: '2026-11-29T12:00:00Z' }
    const signal = new AbortController().signal
    try {
      const refused = await postWebhook(url, 'whsec_x', payload, { timeoutMs: 2000, signal, allowPrivate: false })
      expect(refused).toMatchObject({
        ok: false,
        status: null,
        error: expect.stringMatching(/127\.0\.0\.1 is a private address/),
      })
      expect(heard).toBe(0)
      const allowed = await postWebhook(url, 'whsec_x', payload, { timeoutMs: 2000, signal, allowPrivate: true })
      expect(allowed).toMatchObject({ ok: true, status: 200 })
      expect(heard).toBe(1)
    } finally {
      receiver.close()
    }
  })
})
