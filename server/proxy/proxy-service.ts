/**
 * Proxy mode's answer to one request: from the cache when the same question was paid for within
 * the TTL; else from a call already under way for it; else from a new upstream call, whose answer
 * is stored when it is a 200 of the spec's shape (nothing from a failure is kept).
 *
 * A call under way is shared by requests with the same cache key. Its answer is taken as is when it
 * is a success, or when the request text is the very same; an equivalent request spelled
 * differently whose leader failed asks on its own, since an error's `loc` points into the leader's
 * spelling (its filter order, its list order).
 *
 * Upstream calls are not tied to the caller's connection: a caller who hangs up does not cancel a
 * call others may share, and its answer, once paid for, is kept.
 */
import type { QueryOptions } from '../db/database'
import { describeDbError } from '../db/db-errors'
import { cacheKeyOf, type ProxyRequest } from './cache-key'
import { InFlight } from './in-flight'
import type { ProxyUsage } from './proxy-usage'
import type { ResponseCache } from './response-cache'
import { answerOf, type ProxyAnswer } from './upstream-answer'
import type { UpstreamClient } from './upstream-client'

export type Source = 'cache' | 'upstream' | 'coalesced'

export interface ProxyService {
  answer(req: ProxyRequest, opts: QueryOptions & { requestId?: string }): Promise<ProxyAnswer & { source: Source }>
}

export interface ProxyDeps {
  upstream: UpstreamClient
  cache: ResponseCache
  usage: ProxyUsage
  redact: (text: string) => string
  log: (line: string) => void
}

const rawOf = (req: ProxyRequest) => ('search' in req ? req.search : req.body)

export function proxyService({ upstream, cache, usage, redact, log: write }: ProxyDeps): ProxyService {
  // A network error's text could, in principle, quote what was sent: every line is redacted too.
  const log = (line: string) => write(redact(line))
  const inFlight = new InFlight<ProxyAnswer>()

  async function call(req: ProxyRequest, key: string, requestId: string | undefined): Promise<ProxyAnswer> {
    const result = await upstream.send({
      endpoint: req.endpoint,
      search: 'search' in req ? req.search : '',
      body: 'body' in req ? req.body : null,
      requestId,
    })
    const answer = answerOf(req.endpoint, result, redact)
    const sent = result.kind !== 'unreachable'
    const ok = answer.status >= 200 && answer.status < 300
    usage.add(req.endpoint, {
      upstream_calls: sent ? 1 : 0,
      upstream_failures: ok ? 0 : 1,
      upstream_records: ok ? answer.records : 0,
    })
    if (answer.problem) log(`${requestId ?? '-'} upstream ${req.endpoint} at ${upstream.base}: ${answer.problem}`)
    if (answer.cacheable) {
      await cache
        .put(key, req.endpoint, { body: answer.body, records: answer.records })
        .catch((e) => log(`proxy cache write failed (the answer was served): ${describeDbError(e)}`))
    }
    return answer
  }

  return {
    async answer(req, opts) {
      const key = cacheKeyOf(upstream.base, req)
      const hit = await cache.get(key, opts)
      if (hit) {
        usage.add(req.endpoint, { cache_hits: 1, cache_records: hit.records })
        return { ...hitAnswer(hit.body, hit.records), source: 'cache' }
      }
      const raw = rawOf(req)
      const running = inFlight.get(key)
      if (running) {
        const shared = await running
        if (shared.value.cacheable || shared.raw === raw) {
          usage.add(req.endpoint, {
            coalesced: 1,
            coalesced_records: shared.value.cacheable ? shared.value.records : 0,
          })
          return { ...shared.value, problem: null, source: 'coalesced' }
        }
      }
      return { ...(await inFlight.run(key, raw, () => call(req, key, opts.requestId))), source: 'upstream' }
    },
  }
}

const hitAnswer = (body: string, records: number): ProxyAnswer => ({
  status: 200,
  body,
  records,
  cacheable: false,
  retryAfter: null,
  problem: null,
})
