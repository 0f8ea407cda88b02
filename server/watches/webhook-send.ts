/**
 * One webhook attempt (docs/watches.md "Webhooks"): the JSON body signed with HMAC-SHA256 over its
 * raw bytes, which carry `sent_at` (so the signature covers the time too, and a receiver can refuse a
 * replay). A receiver cannot hold the worker: the answer's headers must come within the timeout, its
 * body is never read, and a redirect is a failure (it is not followed to an address nobody chose).
 */
import { createHmac } from 'node:crypto'
import type { AttemptResult } from './delivery-outbox'
import { refusedTarget } from './webhook-target'

const SIGNATURE_HEADER = 'x-plat-signature'

const sign = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`

export async function postWebhook(
  url: string,
  secret: string,
  payload: { delivery: number; sent_at: string },
  o: { timeoutMs: number; signal: AbortSignal; allowPrivate: boolean },
): Promise<AttemptResult> {
  const body = JSON.stringify(payload)
  const t0 = performance.now()
  const done = (r: Omit<AttemptResult, 'durationMs'>): AttemptResult => ({ ...r, durationMs: performance.now() - t0 })
  const refused = await refusedTarget(url, o.allowPrivate)
  if (refused) return done({ ok: false, status: null, error: refused })
  try {
    const res = await fetch(url, {
      method: 'POST',
      body,
      redirect: 'manual',
      signal: AbortSignal.any([AbortSignal.timeout(o.timeoutMs), o.signal]),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Plat-Webhook/1',
        [SIGNATURE_HEADER]: sign(secret, body),
        'x-plat-timestamp': String(Math.floor(Date.parse(payload.sent_at) / 1000)),
        'x-plat-delivery': String(payload.delivery),
        'x-plat-event': 'watch.events',
      },
    })
    await res.body?.cancel().catch(() => {})
    if (res.status >= 200 && res.status < 300) return done({ ok: true, status: res.status, error: null })
    const said = `${res.status}${res.statusText ? ` ${res.statusText}` : ''}`
    return done({
      ok: false,
      status: res.status,
      error:
        res.status >= 300 && res.status < 400
          ? `the receiver answered ${said}, a redirect; webhooks are not redirected (give the final address)`
          : `the receiver answered ${said}`,
    })
  } catch (e) {
    return done({ ok: false, status: null, error: failureWords(e, url, o.timeoutMs) })
  }
}

function failureWords(e: unknown, url: string, timeoutMs: number): string {
  const err = e as { name?: string; message?: string; cause?: { code?: string; message?: string } }
  if (err.name === 'TimeoutError') return `no answer within ${timeoutMs / 1000} s`
  if (err.name === 'AbortError') return 'the server stopped before an answer came'
  const host = URL.canParse(url) ? new URL(url).host : url
  return `could not reach ${host}: ${err.cause?.code ?? err.cause?.message ?? err.message ?? String(e)}`
}
