/**
 * A database that drops its connections must never take the server down with it. pg emits 'error'
 * on a Client whose socket breaks — also on a client checked out of the pool mid-statement, which
 * pg-pool leaves without a listener while it is out — and an 'error' event nobody listens to kills
 * Node (issue 19: the spawned server died the moment a TCP gate cut PostgreSQL while the tile
 * warmer's statement ran). Here the cut happens under statements in flight, idle connections and a
 * transaction: each caller gets DatabaseUnavailableError, the process lives, and the pool recovers.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type TcpGate, tcpGate } from '../test/tcp-gate.test-support'
import type { Database } from './database'
import { DatabaseUnavailableError } from './db-errors'
import { holdDemoModeLock, whileNoDemoInstance } from './demo-mode-lock'
import { createTestDatabase, describePostgres } from './postgres.test-support'
import { openPostgres } from './postgres-database'

describePostgres('the PostgreSQL seam when the database goes away', (serverUrl) => {
  let target: Awaited<ReturnType<typeof createTestDatabase>>
  let gate: TcpGate
  let db: Database
  let gatedUrl: string
  const uncaught: unknown[] = []
  const onUncaught = (e: unknown) => uncaught.push(e)

  beforeAll(async () => {
    target = await createTestDatabase(serverUrl, 'plat_outage')
    const direct = new URL(target.url)
    gate = await tcpGate(direct.hostname, Number(direct.port || 5432))
    const gated = new URL(direct)
    gated.hostname = '127.0.0.1'
    gated.port = String(gate.port)
    gatedUrl = gated.toString()
    db = await openPostgres({ url: gatedUrl, poolSize: 3, maxWaiting: 10 })
    process.on('uncaughtException', onUncaught)
  }, 60_000)
  afterAll(async () => {
    process.off('uncaughtException', onUncaught)
    await db?.close().catch(() => {})
    await gate?.close()
    await target?.drop()
  })

  it('statements in flight when the connections are cut fail as DatabaseUnavailableError; nothing is thrown at the process', async () => {
    // Warm the pool so idle connections are cut too.
    await Promise.all([1, 2, 3].map(() => db.query('SELECT 1 AS one FROM pg_sleep(0.05)')))
    const sleeping = db.query('SELECT pg_sleep(30)', [], { timeoutMs: 60_000 })
    const inTransaction = db.transaction(async (tx) => {
      await tx.query('SELECT 1')
      await tx.query('SELECT pg_sleep(30)')
    })
    const settled = Promise.allSettled([sleeping, inTransaction])
    await new Promise((r) => setTimeout(r, 300))
    await gate.set('down')
    for (const outcome of await settled) {
      expect(outcome.status).toBe('rejected')
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(DatabaseUnavailableError)
    }
    await expect(db.query('SELECT 1')).rejects.toBeInstanceOf(DatabaseUnavailableError)
    // Errors emitted after the rejections (the socket's close) arrive on later ticks.
    await new Promise((r) => setTimeout(r, 200))
    expect(uncaught).toEqual([])
  })

  it('serves again once the database is back, without reopening', async () => {
    await gate.set('open')
    await expect.poll(() => db.query('SELECT 1 AS one').catch(() => null), { timeout: 10_000 }).toEqual([{ one: 1 }])
    expect(uncaught).toEqual([])
  })

  it("the DEMO=on instance's lock comes back after an outage that outlasts its first retries", async () => {
    const held = await holdDemoModeLock(gatedUrl, 200)
    const revokeAllowed = () => whileNoDemoInstance(target.url, async () => true)
    try {
      expect(await revokeAllowed()).toBeNull()
      await gate.set('down')
      // The lock went with the connection; reconnecting fails for a while.
      await expect.poll(revokeAllowed, { timeout: 5_000 }).toBe(true)
      await new Promise((r) => setTimeout(r, 700))
      await gate.set('open')
      await expect.poll(revokeAllowed, { timeout: 5_000 }).toBeNull()
      expect(uncaught).toEqual([])
    } finally {
      await held.release()
    }
  })
})
