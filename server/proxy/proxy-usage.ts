/**
 * What proxy mode spent upstream and what it saved, per calendar month (UTC) and endpoint, for
 * GET /proxy/usage. Counted in memory and added to the database once a second in one statement per
 * month and endpoint (additions, so several processes on one PostgreSQL add up); a report writes
 * what is pending first, so it includes every request answered before it.
 */

import type { Database, QueryOptions } from '../db/database'
import { describeDbError } from '../db/db-errors'
import { monthOf } from '../db/key-plans'
import { PROXY_ENDPOINTS, type ProxyEndpoint } from './cache-key'

const FLUSH_MS = 1000

const COUNTERS = [
  'upstream_calls',
  'upstream_failures',
  'upstream_records',
  'cache_hits',
  'cache_records',
  'coalesced',
  'coalesced_records',
] as const
type Counter = (typeof COUNTERS)[number]
type Counts = Record<Counter, number>

const zero = (): Counts => Object.fromEntries(COUNTERS.map((c) => [c, 0])) as Counts

export interface UsageReport {
  month: string
  upstream: { calls: number; failed_calls: number; records: number }
  served_from_cache: { requests: number; records: number }
  coalesced: { requests: number; records: number }
  by_endpoint: Record<ProxyEndpoint, Counts>
}

export interface ProxyUsage {
  add(endpoint: ProxyEndpoint, counts: Partial<Counts>): void
  report(month: string, opts: QueryOptions): Promise<UsageReport>
  close(): Promise<void>
}

export function proxyUsage(
  db: Database,
  { timeoutMs, now = () => new Date() }: { timeoutMs: number; now?: () => Date },
) {
  const pending = new Map<string, Counts>()

  /**
   * Flushes run one after another: a flush takes its counts out of `pending` before writing them,
   * so a report must wait for one already under way or it would read the table without them.
   */
  let flushing: Promise<void> = Promise.resolve()
  const flush = (): Promise<void> => {
    flushing = flushing.then(writePending)
    return flushing
  }

  async function writePending(): Promise<void> {
    for (const [slot, counts] of [...pending]) {
      pending.delete(slot)
      const [month, endpoint] = slot.split(' ') as [string, string]
      try {
        await db.query(
          `INSERT INTO proxy_usage (month, endpoint, ${COUNTERS.join(', ')})
           VALUES ($1, $2, ${COUNTERS.map((_, i) => `$${i + 3}`).join(', ')})
           ON CONFLICT (month, endpoint) DO UPDATE SET
           ${COUNTERS.map((c) => `${c} = proxy_usage.${c} + EXCLUDED.${c}`).join(', ')}`,
          [month, endpoint, ...COUNTERS.map((c) => counts[c])],
          { timeoutMs },
        )
      } catch (e) {
        // Kept for the next flush: the database may be busy or restarting.
        const again = pending.get(slot) ?? zero()
        for (const c of COUNTERS) again[c] += counts[c]
        pending.set(slot, again)
        console.error(`proxy usage write failed: ${describeDbError(e)}`)
      }
    }
  }
  const timer = setInterval(() => void flush(), FLUSH_MS)
  timer.unref()

  const usage: ProxyUsage = {
    add(endpoint, counts) {
      const slot = `${monthOf(now())} ${endpoint}`
      const into = pending.get(slot) ?? zero()
      for (const c of COUNTERS) into[c] += counts[c] ?? 0
      pending.set(slot, into)
    },
    async report(month, opts) {
      await flush()
      const rows = await db.query<Record<Counter | 'endpoint', string | number>>(
        `SELECT endpoint, ${COUNTERS.join(', ')} FROM proxy_usage WHERE month = $1`,
        [month],
        opts,
      )
      const by = Object.fromEntries(PROXY_ENDPOINTS.map((e) => [e, zero()])) as Record<ProxyEndpoint, Counts>
      const total = zero()
      for (const row of rows) {
        const into = by[row.endpoint as ProxyEndpoint]
        for (const c of COUNTERS) {
          if (into) into[c] = Number(row[c])
          total[c] += Number(row[c])
        }
      }
      return {
        month,
        upstream: {
          calls: total.upstream_calls,
          failed_calls: total.upstream_failures,
          records: total.upstream_records,
        },
        served_from_cache: { requests: total.cache_hits, records: total.cache_records },
        coalesced: { requests: total.coalesced, records: total.coalesced_records },
        by_endpoint: by,
      }
    },
    async close() {
      clearInterval(timer)
      await flush()
    },
  }
  return usage
}
