/**
 * Retry policy: network failures and 5xx are transient and retried with capped exponential backoff
 * and jitter (so many clients that failed together do not retry together). Every other status is a
 * verdict about the request or the key — 400/401/403/413/422/429 — and retrying it only spends calls.
 * Clock and randomness are injected so tests run instantly and deterministically.
 */
import { ApiError } from '../api/api-error'

export interface RetryPolicy {
  /** Retries after the first attempt. */
  retries: number
  baseMs: number
  capMs: number
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 4, baseMs: 500, capMs: 8_000 }

export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>

export function isRetryable(e: unknown): boolean {
  return e instanceof ApiError && (e.kind === 'network' || (e.kind === 'server' && e.status >= 500))
}

/** "Equal jitter": half the capped exponential delay fixed, half random — never zero, never above cap. */
function backoffDelay(retry: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** retry)
  return ceiling / 2 + random() * (ceiling / 2)
}

export const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal.addEventListener('abort', onAbort, { once: true })
  })

export interface RetryDeps {
  policy: RetryPolicy
  sleep: Sleep
  random: () => number
  signal: AbortSignal
  /** Told before each wait (for tests and logs). */
  onRetry?(retry: number, delayMs: number, error: unknown): void
}

export async function withRetry<T>(attempt: () => Promise<T>, deps: RetryDeps): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await attempt()
    } catch (e) {
      if (deps.signal.aborted) throw deps.signal.reason
      if (!isRetryable(e) || retry >= deps.policy.retries) throw e
      const delay = backoffDelay(retry, deps.policy, deps.random)
      deps.onRetry?.(retry, delay, e)
      await deps.sleep(delay, deps.signal)
    }
  }
}
