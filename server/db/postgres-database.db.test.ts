import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Database } from './database'
import { DatabaseBusyError, QueryCancelledError, QueryTimeoutError } from './db-errors'
import { createTestDatabase, describePostgres } from './postgres.test-support'
import { openPostgres } from './postgres-database'

describePostgres('the PostgreSQL database seam', (serverUrl) => {
  let db: Database
  let target: Awaited<ReturnType<typeof createTestDatabase>>

  beforeAll(async () => {
    target = await createTestDatabase(serverUrl, 'plat_seam')
    db = await openPostgres({ url: target.url, poolSize: 2, maxWaiting: 2 })
  }, 60_000)
  afterAll(async () => {
    await db?.close()
    await target?.drop()
  })

  const active = async () => {
    const c = new pg.Client({ connectionString: target.url })
    await c.connect()
    try {
      const r = await c.query(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE '%pg_sleep(30)%' AND state = 'active' AND pid <> pg_backend_pid()",
      )
      return r.rows[0].n as number
    } finally {
      await c.end()
    }
  }

  it('plans a statement with indexPathsOnly without sequential scans, and the next one with them again', async () => {
    const setting = async (o: { indexPathsOnly?: boolean }) =>
      (await db.query<{ enable_seqscan: string }>('SHOW enable_seqscan', [], o))[0]!.enable_seqscan
    // Both pooled connections, each way and back (the pool hands either out).
    for (let k = 0; k < 4; k++) {
      expect(await setting({ indexPathsOnly: true })).toBe('off')
      expect(await setting({})).toBe('on')
    }
    const both = await Promise.all([setting({ indexPathsOnly: true }), setting({ indexPathsOnly: true })])
    expect(both).toEqual(['off', 'off'])
    expect(await Promise.all([setting({}), setting({})])).toEqual(['on', 'on'])
  })

  it('stops a statement at its timeout (QueryTimeoutError), and the connection serves the next one', async () => {
    const t0 = performance.now()
    await expect(db.query('SELECT pg_sleep(30)', [], { timeoutMs: 200 })).rejects.toBeInstanceOf(QueryTimeoutError)
    expect(performance.now() - t0).toBeLessThan(5000)
    expect(await db.query('SELECT 1 AS one', [], { timeoutMs: 200 })).toEqual([{ one: 1 }])
    // No limit for loads and migrations: a statement longer than the last limit still runs.
    expect(await db.query('SELECT 1 AS slept FROM pg_sleep(0.3)')).toEqual([{ slept: 1 }])
  })

  it('cancels the statement on the server when the caller aborts', async () => {
    const aborter = new AbortController()
    const running = db.query('SELECT pg_sleep(30)', [], { signal: aborter.signal, timeoutMs: 60_000 })
    await expect.poll(active, { timeout: 5000 }).toBe(1)
    aborter.abort()
    await expect(running).rejects.toBeInstanceOf(QueryCancelledError)
    expect(await active()).toBe(0)
  })

  it('refuses statements beyond the waiting bound with DatabaseBusyError', async () => {
    const sleepers = [0, 1].map(() => db.query('SELECT pg_sleep(1)', [], { timeoutMs: 10_000 }))
    const waiting = [0, 1].map(() => db.query('SELECT 1 AS one'))
    await new Promise((r) => setTimeout(r, 100))
    await expect(db.query('SELECT 2')).rejects.toBeInstanceOf(DatabaseBusyError)
    await Promise.all(sleepers)
    expect(await Promise.all(waiting)).toEqual([[{ one: 1 }], [{ one: 1 }]])
  })

  it('commits and rolls back transactions', async () => {
    await db.exec('CREATE TABLE t (n int)')
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES (1)')
    })
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (2)')
        throw new Error('no')
      }),
    ).rejects.toThrow('no')
    expect(await db.query('SELECT n FROM t')).toEqual([{ n: 1 }])
  })
})
