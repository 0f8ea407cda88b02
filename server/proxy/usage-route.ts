/**
 * GET /proxy/usage[?month=YYYY-MM] for the server's operator: upstream calls and records spent,
 * and requests and records served without a call (from the cache, or by sharing a call in flight),
 * for one calendar month (UTC; default the current one), with the cache's size and settings.
 */
import { Hono } from 'hono'
import { monthOf } from '../db/key-plans'
import { errorResponse, validationResponse } from '../http-kit/responses'
import type { OperatorCheck } from './operator-check'
import type { ProxyUsage } from './proxy-usage'
import type { ResponseCache } from './response-cache'

export interface UsageRouteDeps {
  check: OperatorCheck
  usage: ProxyUsage
  cache: ResponseCache
  settings: { upstream: string; ttlHours: number; maxBytes: number }
  timeoutMs: number
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/

export function usageRoute({ check, usage, cache, settings, timeoutMs }: UsageRouteDeps) {
  const app = new Hono()
  app.get('/usage', async (c) => {
    const signal = c.req.raw.signal
    const allowed = await check(c.req.header('authorization'), signal)
    if (!allowed.ok) return errorResponse(c, allowed.status, allowed.detail)
    const month = c.req.query('month') ?? monthOf(new Date())
    if (!MONTH.test(month)) {
      return validationResponse(c, [
        { loc: ['query', 'month'], msg: 'month is YYYY-MM', type: 'string_pattern_mismatch' },
      ])
    }
    const report = await usage.report(month, { signal, timeoutMs })
    const stored = await cache.stats()
    return c.json({
      ...report,
      cache: {
        entries: stored.entries,
        bytes: stored.bytes,
        max_bytes: settings.maxBytes,
        ttl_hours: settings.ttlHours,
      },
      upstream_url: settings.upstream,
    })
  })
  return app
}
