/**
 * Whether a load on PostgreSQL is still running, asked of the database, not of a process id (issue
 * 39: PIDs are reused, a killed child can outlive the `npm` that started it, and a load on another
 * host has no PID here). Each load CLI holds a session advisory lock of its own — the registry's
 * `loadLiveness` with a random second key, its token — on a connection of its own for its whole
 * life, and writes the token on its stage tables (process-owner.ts). PostgreSQL releases the lock
 * the moment that session ends, however the process died, so a later run that can take it knows
 * the load is gone (stage-cleanup.ts).
 */
import { randomInt } from 'node:crypto'
import pg from 'pg'
import { ADVISORY_LOCKS } from '../../db/advisory-locks'
import type { Queryable } from '../../db/database'

let held: number | null = null

/** This process's token while it holds its liveness lock, else null. */
export const livenessToken = (): number | null => held

export interface HeldLiveness {
  release(): Promise<void>
}

export async function holdLoadLiveness(url: string): Promise<HeldLiveness> {
  const client = new pg.Client({ connectionString: url })
  // A dropped connection takes the lock with it; the load's own queries fail on their connections.
  client.on('error', () => {})
  await client.connect()
  try {
    for (;;) {
      const token = randomInt(1, 2 ** 31 - 1)
      const rows = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [
        ADVISORY_LOCKS.loadLiveness,
        token,
      ])
      if (rows.rows[0]?.ok) {
        held = token
        break
      }
    }
  } catch (e) {
    await client.end().catch(() => {})
    throw e
  }
  return {
    async release() {
      held = null
      await client.end().catch(() => {})
    },
  }
}

/** true while the load holding `token` runs (its session holds the lock). */
export async function loadAlive(
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  token: number,
): Promise<boolean> {
  // A transaction-level try: taken and let go within this one statement's transaction.
  const rows = await db.transaction((tx) =>
    tx.query<{ free: boolean }>('SELECT pg_try_advisory_xact_lock($1, $2) AS free', [
      ADVISORY_LOCKS.loadLiveness,
      token,
    ]),
  )
  return rows[0]?.free !== true
}
