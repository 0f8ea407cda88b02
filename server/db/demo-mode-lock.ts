/**
 * Demo mode on a shared PostgreSQL database (issue 19: one `DEMO=off` instance revoked the demo key
 * that `DEMO=on` instances on the same database still handed out, and their app got 401). Every
 * `DEMO=on` instance holds a shared session advisory lock on a connection of its own for as long as
 * it runs; a `DEMO=off` instance revokes the demo key only when it can take that lock exclusively,
 * that is when no `DEMO=on` instance is running, and otherwise refuses to start (server.ts).
 */
import pg from 'pg'

const DEMO_MODE_LOCK = 7_301_003

export interface HeldLock {
  release(): Promise<void>
}

/** DEMO=on: hold the shared lock until `release` (re-taken on a new connection if it drops). */
export async function holdDemoModeLock(url: string): Promise<HeldLock> {
  let client: pg.Client | null = null
  let released = false
  let retry: NodeJS.Timeout | undefined
  const take = async () => {
    const c = new pg.Client({ connectionString: url })
    c.on('error', () => {
      // The connection broke (a database restart): the lock went with it; take it again.
      if (released) return
      client = null
      retry = setTimeout(() => void take().catch(() => {}), 5_000)
    })
    await c.connect()
    await c.query('SELECT pg_advisory_lock_shared($1)', [DEMO_MODE_LOCK])
    client = c
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
