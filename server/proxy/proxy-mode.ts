/**
 * Proxy mode, put together from the configuration: the upstream client, the response cache and the
 * usage counters on the server's database, the service that answers the parcel endpoints, and the
 * operator's routes. Chosen by server.ts when UPSTREAM_URL is set.
 */
import type { Hono } from 'hono'
import type { Ledger } from '../auth/ledger'
import type { ServerConfig } from '../config'
import type { Database } from '../db/database'
import { createOperatorCheck } from './operator-check'
import { type ProxyService, proxyService } from './proxy-service'
import { proxyUsage } from './proxy-usage'
import { redactor } from './redact'
import { openResponseCache } from './response-cache'
import { createUpstreamClient } from './upstream-client'
import { usageRoute } from './usage-route'

export interface ProxyMode {
  service: ProxyService
  /** Mounted at /proxy: GET /proxy/usage. */
  operatorRoutes: Hono
  /** Statement timeout for the cache's reads on a caller's behalf. */
  timeoutMs: number
  /** One line for the start-up log (the upstream's address, never its key). */
  summary: string
  close(): Promise<void>
}

type ProxyConfig = Pick<
  ServerConfig,
  | 'UPSTREAM_PREFIX'
  | 'UPSTREAM_CACHE_TTL_HOURS'
  | 'UPSTREAM_CACHE_MAX_MB'
  | 'UPSTREAM_TIMEOUT_MS'
  | 'STATEMENT_TIMEOUT_MS'
> & { UPSTREAM_URL: string; UPSTREAM_API_KEY: string }

export async function openProxyMode(
  config: ProxyConfig,
  db: Database,
  ledger: Ledger,
  log: (line: string) => void,
): Promise<ProxyMode> {
  const timeoutMs = config.STATEMENT_TIMEOUT_MS
  const upstream = createUpstreamClient({
    url: config.UPSTREAM_URL,
    prefix: config.UPSTREAM_PREFIX,
    apiKey: config.UPSTREAM_API_KEY,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
  })
  const ttlHours = config.UPSTREAM_CACHE_TTL_HOURS
  const maxBytes = Math.floor(config.UPSTREAM_CACHE_MAX_MB * 1024 * 1024)
  const cache = await openResponseCache(db, { ttlMs: ttlHours * 3_600_000, maxBytes, timeoutMs, log })
  const usage = proxyUsage(db, { timeoutMs })
  const redact = redactor(config.UPSTREAM_API_KEY)
  const service = proxyService({ upstream, cache, usage, redact, log })
  const check = createOperatorCheck(ledger, timeoutMs)
  const settings = { upstream: upstream.base, ttlHours, maxBytes }
  const plain = upstream.base.startsWith('http://') && !/^http:\/\/(localhost|127\.|\[::1\])/.test(upstream.base)
  const caching = ttlHours > 0 ? `cached ${ttlHours} h, up to ${config.UPSTREAM_CACHE_MAX_MB} MB` : 'not cached'
  return {
    service,
    operatorRoutes: usageRoute({ check, usage, cache, settings, timeoutMs }),
    timeoutMs,
    summary: `Proxy mode: parcel answers from ${upstream.base} (${caching})${plain ? ' — WARNING: plain http sends the upstream key unencrypted' : ''}`,
    close: () => usage.close(),
  }
}
