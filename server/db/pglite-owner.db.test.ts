import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyPreparedEmbedded, SCHEMA_ONLY } from '../test/prepared-data'
import { DatabaseBusyError, QueryCancelledError, QueryTimeoutError } from './db-errors'
import { openWorkerPglite } from './pglite-owner'

/** Long enough that it is still running when the test acts (seconds of WebAssembly work). */
const SLOW = 'SELECT count(*)::int AS n FROM generate_series(1, 400000000)'

describe('the embedded database in a worker thread', () => {
  const dir = mkdtempSync(join(tmpdir(), 'plat-owner-'))
  let db: Awaited<ReturnType<typeof openWorkerPglite>>
  const log: string[] = []

  beforeAll(async () => {
    // Opened on a copy of a database made once (prepared-data.ts): an initdb here took most of this
    // file's time in CI (126 s, issue 36). The first use on a clean clone makes that copy, which can
    // take minutes on a busy machine: hence the long hook timeout.
    await copyPreparedEmbedded(SCHEMA_ONLY, dir)
    db = await openWorkerPglite({ dataDir: join(dir, 'pglite'), maxWaiting: 3, log: (l) => log.push(l) })
    await db.exec('CREATE TABLE t (n int)')
  }, 300_000)
  afterAll(async () => {
    await db?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('answers queries and keeps the event loop free while a statement runs', async () => {
    const slow = db.query(SLOW, [], { timeoutMs: 1500 }).catch((e: Error) => e)
    const ticks: number[] = []
    const t0 = performance.now()
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        ticks.push(performance.now() - t0)
        if (ticks.length === 10) {
          clearInterval(timer)
          resolve()
        }
      }, 50)
    })
    // Ten 50 ms timers in about half a second: the main thread was never blocked by the statement.
    expect(ticks.at(-1)).toBeLessThan(1200)
    expect(await slow).toBeInstanceOf(QueryTimeoutError)
  }, 60_000)

  it('gives up on a statement after its timeout, restarts the engine, and keeps committed data', async () => {
    await db.query('INSERT INTO t VALUES (1), (2)')
    const restarts = db.owner.restarts
    const t0 = performance.now()
    const err = await db.query(SLOW, [], { timeoutMs: 300 }).catch((e: Error) => e)
    expect(err).toBeInstanceOf(QueryTimeoutError)
    expect(performance.now() - t0).toBeLessThan(2000)
    expect(db.owner.restarts).toBe(restarts + 1)
    // The next statement waits for the new engine and sees the data committed before.
    expect(await db.query<{ n: number }>('SELECT count(*)::int AS n FROM t')).toEqual([{ n: 2 }])
  }, 60_000)

  it('refuses statements beyond the waiting bound, and drops a waiting statement whose caller aborts', async () => {
    const running = db.query(SLOW, [], { timeoutMs: 2000 }).catch((e: Error) => e)
    const aborter = new AbortController()
    const waiting = [
      db.query('SELECT 1 AS one', [], { signal: aborter.signal }).catch((e: Error) => e),
      db.query('SELECT 2 AS two'),
      db.query('SELECT 3 AS three'),
    ]
    await expect(db.query('SELECT 4')).rejects.toBeInstanceOf(DatabaseBusyError)
    aborter.abort()
    expect(await waiting[0]).toBeInstanceOf(QueryCancelledError)
    expect(await running).toBeInstanceOf(QueryTimeoutError)
    expect(await waiting[1]).toEqual([{ two: 2 }])
    expect(await waiting[2]).toEqual([{ three: 3 }])
  }, 60_000)

  it('runs a transaction alone: others wait for its commit, and a failure rolls it back', async () => {
    const order: string[] = []
    let other: Promise<unknown> | undefined
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES (10)')
      other = db.query<{ n: number }>('SELECT count(*)::int AS n FROM t').then((rows) => {
        order.push(`other saw ${rows[0]?.n}`)
      })
      await new Promise((r) => setTimeout(r, 100))
      await tx.query('INSERT INTO t VALUES (11)')
      order.push('committing')
    })
    await other
    expect(order).toEqual(['committing', 'other saw 4'])
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (12)')
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    expect(await db.query('SELECT count(*)::int AS n FROM t')).toEqual([{ n: 4 }])
  }, 60_000)

  it('passes SQL errors through with their SQLSTATE and no SQL or parameters', async () => {
    const err = (await db.query('SELECT * FROM no_such_table WHERE x = $1', ['secret']).catch((e) => e)) as Error & {
      code?: string
    }
    expect(err.code).toBe('42P01')
    expect(JSON.stringify({ ...err, message: err.message })).not.toContain('secret')
  })
})
