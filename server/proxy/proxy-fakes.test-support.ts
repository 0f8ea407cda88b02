/** In-memory stand-ins for the proxy service's collaborators, for unit tests of its logic. */
import type { ProxyUsage } from './proxy-usage'
import type { CachedAnswer, ResponseCache } from './response-cache'
import type { UpstreamCall, UpstreamClient, UpstreamResult } from './upstream-client'

export function memoryCache(): ResponseCache & { rows: Map<string, CachedAnswer>; failWrites: boolean } {
  const rows = new Map<string, CachedAnswer>()
  return {
    rows,
    failWrites: false,
    async get(key) {
      return rows.get(key) ?? null
    },
    async put(key, _endpoint, answer) {
      if (this.failWrites) throw new Error('disk full')
      rows.set(key, answer)
    },
    async stats() {
      return { entries: rows.size, bytes: [...rows.values()].reduce((n, a) => n + a.body.length, 0) }
    },
  }
}

/** An upstream whose answers the test releases by hand, counting the calls it was sent. */
export function manualUpstream(): UpstreamClient & {
  calls: UpstreamCall[]
  release(result: UpstreamResult): void
} {
  const calls: UpstreamCall[] = []
  const waiting: ((r: UpstreamResult) => void)[] = []
  return {
    base: 'https://up.example/parcels',
    calls,
    send(call) {
      calls.push(call)
      return new Promise((resolve) => waiting.push(resolve))
    },
    release(result) {
      for (const resolve of waiting.splice(0)) resolve(result)
    },
  }
}

export function countingUsage(): ProxyUsage & { totals: Record<string, number> } {
  const totals: Record<string, number> = {}
  return {
    totals,
    add(_endpoint, counts) {
      for (const [k, v] of Object.entries(counts)) totals[k] = (totals[k] ?? 0) + (v ?? 0)
    },
    async report() {
      throw new Error('not used in unit tests')
    },
    async close() {},
  }
}
