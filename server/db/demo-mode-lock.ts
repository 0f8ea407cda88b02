/**
 * Demo mode on a shared PostgreSQL database (issue 19: one `DEMO=off` instance revoked the demo key
 * that `DEMO=on` instances on the same database still handed out, and their app got 401). Every
 * `DEMO=on` instance holds a shared session advisory lock on a connection of its own for as long as
 * it runs; a `DEMO=off` instance revokes the demo key only when it can take that lock exclusively,
 * that is when no `DEMO=on` instance is running, and otherwise refuses to start (server.ts).
 */
import pg from 'pg'
import { ADVISORY_LOCKS } from './advisory-locks'

const DEMO_MODE_LOCK = ADVISORY_LOCKS.demoMode

export interface HeldLock {
  release(): Promise<void>
}

/** DEMO=on: hold the shared lock until `release` (re-taken on a new connection if it drops). */
export async function holdDemoModeLock(url: string, retryMs = 5_000): Promise<HeldLock> {
  let client: pg.Client | null = null
  let released = false
  let retry: NodeJS.Timeout | undefined
  // The connection broke (a database restart, a network cut): the lock went with it. Take it again
  // every few seconds until the database answers — one attempt at a time, however many errors a
  // dying connection emits.
  const retake = () => {
    if (released || retry) return
    client = null
    retry = setTimeout(() => {
      retry = undefined
      void take().catch(retake)
    }, retryMs)
  }
  const take = async () => {
    const c = new pg.Client({ connectionString: url })
    c.on('error', () => {
      c.end().catch(() => {})
      retake()
    })
    try {
      await c.connect()
      await c.query('SELECT pg_advisory_lock_shared($1)', [DEMO_MODE_LOCK])
    } catch (e) {
      await c.end().catch(() => {})
      throw e
    }
    if (released) await c.end().catch(() => {})
    else client = c
  }
  await take()
  return {
    async release() {
      released = true
      clearTimeout(retry)
      await client?.end().catch(() => {})
    },
  }
}

/**
 * DEMO=off: runs `fn` (the revocation) while no DEMO=on instance runs, and returns its result;
 * returns null without running it when one does.
 */
export async function whileNoDemoInstance<T>(url: string, fn: () => Promise<T>): Promise<T | null> {
  const c = new pg.Client({ connectionString: url })
  c.on('error', () => {})
  await c.connect()
  try {
    const rows = (await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [DEMO_MODE_LOCK])).rows
    if (!rows[0]?.ok) return null
    try {
      return await fn()
    } finally {
      await c.query('SELECT pg_advisory_unlock($1)', [DEMO_MODE_LOCK])
    }
  } finally {
    await c.end().catch(() => {})
  }
}
