/**
 * The one road every planner request takes: cache first (free), else a network call through the
 * concurrency limiter with the retry policy — and the accounting of what each cost. Pure: the cache
 * and the network come in as `Source`s (calls/source.ts) (TanStack Query + IndexedDB in the app, a Map in tests).
 */

import { ApiError } from '../../api/api-error'
import type { Limiter } from '../../calls/limiter'
import { isRetryable, type RetryPolicy, type Sleep, withRetry } from '../../calls/retry'
import type { Source } from '../../calls/source'

export interface CallCounts {
  area: number
  query: number
  /** Requests the cache answered. */
  cached: number
}

export interface CallerDeps {
  limiter: Limiter
  signal: AbortSignal
  retry: RetryPolicy
  sleep: Sleep
  random: () => number
  counts: CallCounts
  /** After every count change, so progress can be shown. */
  onCount?(): void
}

export type Call = <Req, Res>(kind: 'area' | 'query', source: Source<Req, Res>, req: Req) => Promise<Res>

export function makeCaller(d: CallerDeps): Call {
  return async (kind, source, req) => {
    d.limiter.check()
    const hit = await source.peek(req)
    if (d.signal.aborted) throw d.signal.reason
    if (hit !== undefined) {
      d.counts.cached++
      d.onCount?.()
      return hit
    }
    let attempts = 0
    const attempt = () =>
      d.limiter.run(async () => {
        d.counts[kind]++
        attempts++
        d.onCount?.()
        let answer: Awaited<ReturnType<typeof source.fetch>>
        try {
          answer = await source.fetch(req, d.signal)
        } catch (e) {
          // Halt before this call's slot is handed on, so not one more call starts after a verdict
          // like 429 or 401 (or the last failed retry).
          if (endsRun(e, attempts > d.retry.retries)) d.limiter.halt(e)
          throw e
        }
        const { value, network } = answer
        if (!network) {
          // Another search fetched the same request meanwhile: that call was not ours.
          d.counts[kind]--
          d.counts.cached++
          d.onCount?.()
        }
        return value
      })
    return withRetry(attempt, { policy: d.retry, sleep: d.sleep, random: d.random, signal: d.signal })
  }
}

/**
 * Errors that end the whole run. Not "too large" (the planner re-cuts the chunk) nor 422 (it may be
 * about our own id list, which the planner also handles); retryable ones only once retries are spent.
 */
function endsRun(e: unknown, lastAttempt: boolean): boolean {
  if (!(e instanceof ApiError)) return false
  if (isRetryable(e)) return lastAttempt
  return e.kind !== 'too-large' && e.kind !== 'validation'
}
