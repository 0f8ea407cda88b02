/**
 * The one place that talks to the hosted parcel API: it adds the upstream key, bounds each call in
 * time and size, retries only what cannot have been billed (retry-policy.ts), and turns every way a
 * call can end into a value. It never follows redirects (the key would travel with them) and keeps
 * nothing of the upstream's headers but the few the answer mapping needs.
 */
import { readCapped } from '../http-kit/read-capped'
import type { ProxyEndpoint } from './cache-key'
import { backoffMs, DEFAULT_RETRY, describeFailure, neverSent, type RetryPolicy } from './retry-policy'

/** Larger answers are refused: the largest our spec allows is an area of 100,000 ids (~4 MB). */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024

export interface UpstreamCall {
  endpoint: ProxyEndpoint
  /** `?…` for GET endpoints; '' for POST. */
  search: string
  /** The caller's exact body text for POST endpoints; null for GET. */
  body: string | null
  requestId?: string
}

export type UpstreamResult =
  /** The upstream answered (any status); `text` is its body as received. */
  | { kind: 'answer'; status: number; text: string; retryAfter: string | null; location: string | null }
  /** No answer within the time limit; the request may have been worked on (and billed). */
  | { kind: 'timeout'; afterMs: number }
  /** The request never reached the upstream, after `attempts` tries. */
  | { kind: 'unreachable'; reason: string; attempts: number }
  /** The request was sent, then the connection broke or the answer was unusable. */
  | { kind: 'broken'; reason: string }

export interface UpstreamOptions {
  url: string
  prefix: string
  apiKey: string
  timeoutMs: number
  retry?: RetryPolicy
  fetchFn?: typeof fetch
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>
}

export interface UpstreamClient {
  /** The upstream's base address without credentials (part of every cache key, safe to log). */
  readonly base: string
  send(call: UpstreamCall): Promise<UpstreamResult>
}

const PATHS: Record<ProxyEndpoint, string> = { area: '/area', query: '/query', point: '/point', address: '/address' }

const sleepFor = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        resolve()
      },
      { once: true },
    )
  })

export function createUpstreamClient(opts: UpstreamOptions): UpstreamClient {
  const root = new URL(opts.url)
  const base = `${root.origin}${root.pathname.replace(/\/+$/, '')}${opts.prefix}`
  const policy = opts.retry ?? DEFAULT_RETRY
  const fetchFn = opts.fetchFn ?? fetch
  const sleep = opts.sleep ?? sleepFor

  async function attempt(call: UpstreamCall, signal: AbortSignal): Promise<UpstreamResult> {
    const headers: Record<string, string> = { authorization: `Bearer ${opts.apiKey}`, accept: 'application/json' }
    if (call.body !== null) headers['content-type'] = 'application/json'
    if (call.requestId) headers['x-request-id'] = call.requestId
    const res = await fetchFn(`${base}${PATHS[call.endpoint]}${call.search}`, {
      method: call.body === null ? 'GET' : 'POST',
      headers,
      body: call.body,
      redirect: 'manual',
      signal,
    })
    const bytes = res.body ? await readCapped(res.body, MAX_ANSWER_BYTES) : Buffer.alloc(0)
    if (bytes === null) return { kind: 'broken', reason: `its answer was larger than ${MAX_ANSWER_BYTES} bytes` }
    const text = bytes.toString('utf8')
    const header = (name: string) => res.headers.get(name)
    return { kind: 'answer', status: res.status, text, retryAfter: header('retry-after'), location: header('location') }
  }

  return {
    base,
    async send(call) {
      const signal = AbortSignal.timeout(opts.timeoutMs)
      for (let n = 1; ; n++) {
        try {
          return await attempt(call, signal)
        } catch (e) {
          if (signal.aborted) return { kind: 'timeout', afterMs: opts.timeoutMs }
          const reason = describeFailure(e)
          if (!neverSent(e)) return { kind: 'broken', reason }
          if (n >= policy.attempts) return { kind: 'unreachable', reason, attempts: n }
          await sleep(backoffMs(policy, n - 1), signal)
          if (signal.aborted) return { kind: 'unreachable', reason, attempts: n }
        }
      }
    },
  }
}
