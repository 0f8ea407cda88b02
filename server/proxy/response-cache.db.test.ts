import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/database'
import { migratedPglite } from '../db/migrated-db.test-support'
import { createTestDatabase, describePostgres } from '../db/postgres.test-support'
import { openDatabase } from '../open-database'
import { SCHEMA } from '../schema'
import { proxyUsage } from './proxy-usage'
import { openResponseCache } from './response-cache'

const HOUR = 3_600_000
const body = (n: number, size = 1000) => JSON.stringify({ results: [], count: n, pad: 'x'.repeat(size) })

function cacheSuite(open: () => Promise<{ db: Database; done(): Promise<void> }>) {
  let db: Database
  let done: () => Promise<void>
  let clock = 1_700_000_000_000
  const now = () => clock
  beforeAll(async () => {
    ;({ db, done } = await open())
  }, 120_000)
  afterAll(() => done?.())

  const fresh = async (opts: { ttlMs?: number; maxBytes?: number } = {}) => {
    await db.exec('DELETE FROM proxy_cache')
    return openResponseCache(db, { ttlMs: HOUR, maxBytes: 1e9, timeoutMs: 10_000, now, ...opts })
  }

  it('stores an answer under its key and serves it until it expires', async () => {
    const cache = await fresh()
    expect(await cache.get('k1', {})).toBeNull()
    await cache.put('k1', 'query', { body: body(1), records: 3 })
    expect(await cache.get('k1', {})).toEqual({ body: body(1), records: 3 })
    clock += HOUR - 1
    expect(await cache.get('k1', {})).not.toBeNull()
    clock += 1
    expect(await cache.get('k1', {})).toBeNull()
  })

  it('keeps under its size cap by dropping the least recently used answers', async () => {
    const size = Buffer.byteLength(body(0))
    const cache = await fresh({ maxBytes: size * 10 })
    for (let i = 0; i < 10; i++) {
      clock += 1
      await cache.put(`k${i}`, 'query', { body: body(i), records: 0 })
    }
    // k0 was read lately; k1 is now the least recently used.
    clock += 1
    expect(await cache.get('k0', {})).not.toBeNull()
    clock += 1
    await cache.put('k10', 'query', { body: body(10), records: 0 })
    const stats = await cache.stats()
    expect(stats.bytes).toBeLessThanOrEqual(size * 10)
    expect(await cache.get('k0', {})).not.toBeNull()
    expect(await cache.get('k10', {})).not.toBeNull()
    expect(await cache.get('k1', {})).toBeNull()
  })

  it('with a TTL of 0 nothing is stored', async () => {
    const cache = await fresh({ ttlMs: 0 })
    await cache.put('k', 'query', { body: body(1), records: 1 })
    expect(await cache.get('k', {})).toBeNull()
    expect((await cache.stats()).entries).toBe(0)
  })

  it('a 4 MB answer is one row', async () => {
    const cache = await fresh()
    const big = body(1, 4 * 1024 * 1024)
    await cache.put('big', 'area', { body: big, records: 0 })
    expect((await cache.get('big', {}))?.body).toBe(big)
  })

  it('usage counters add up per month and endpoint, and a report includes what is pending', async () => {
    const month = new Date(clock).toISOString().slice(0, 7)
    const usage = proxyUsage(db, { timeoutMs: 10_000, now: () => new Date(clock) })
    usage.add('query', { upstream_calls: 1, upstream_records: 20 })
    usage.add('query', { cache_hits: 1, cache_records: 20 })
    usage.add('area', { upstream_calls: 1, upstream_failures: 1 })
    const report = await usage.report(month, {})
    expect(report.upstream).toEqual({ calls: 2, failed_calls: 1, records: 20 })
    expect(report.served_from_cache).toEqual({ requests: 1, records: 20 })
    expect(report.by_endpoint.area.upstream_failures).toBe(1)
    usage.add('query', { upstream_calls: 1 })
    await usage.close()
    const again = await proxyUsage(db, { timeoutMs: 10_000 }).report(month, {})
    expect(again.upstream.calls).toBe(3)
  })

  it('a report waits for a write-behind flush under way (it would read the table without its counts)', async () => {
    const month = new Date(clock).toISOString().slice(0, 7)
    let release = () => {}
    const gate = new Promise<void>((r) => {
      release = r
    })
    let held = 0
    // The timer's flush is held at its INSERT, after it took the counts out of the pending ones.
    const slow: Database = {
      ...db,
      query: async (sql, params, opts) => {
        if (sql.includes('INSERT INTO proxy_usage') && held++ === 0) await gate
        return db.query(sql, params, opts)
      },
    }
    const before = (await proxyUsage(db, { timeoutMs: 10_000 }).report(month, {})).upstream.calls
    const usage = proxyUsage(slow, { timeoutMs: 10_000, now: () => new Date(clock) })
    usage.add('point', { upstream_calls: 1 })
    await new Promise((r) => setTimeout(r, 1300))
    expect(held).toBe(1)
    const report = usage.report(month, {})
    setTimeout(release, 100)
    expect((await report).upstream.calls - before).toBe(1)
    await usage.close()
  })
}

describe('response cache on the embedded database', () => {
  cacheSuite(async () => {
    const t = await migratedPglite('plat-cache', SCHEMA)
    return { db: t.db, done: t.cleanup }
  })
})

describePostgres('response cache on PostgreSQL', (serverUrl) => {
  cacheSuite(async () => {
    const target = await createTestDatabase(serverUrl, 'plat_cache')
    const db = await openDatabase({ DATA_DIR: '', DATABASE_URL: target.url })
    return {
      db,
      async done() {
        await db.close()
        await target.drop()
      },
    }
  })
})
