/**
 * Stage tables of loads that died (issue 19: every kill -9, Ctrl-C or SIGTERM left 4–5
 * `load_stage_*` tables, 33 MB per 60,000-feature load on PostgreSQL, and nothing removed them).
 * Run before each load and at server start. On the embedded database one process at a time owns
 * the data, so every stage found is a leftover. On PostgreSQL other loads may be running: a stage is
 * dropped when the process that made it (named on the table) is gone from this machine, or when it
 * is older than STALE_HOURS (a load on another machine that never finished).
 */
import type { Database } from '../../db/database'
import { ownerAlive } from '../process-owner'
import { dropStage } from './stage-table'

const STALE_HOURS = 48

export async function dropLeftoverStages(db: Database): Promise<string[]> {
  const rows = await db.query<{ name: string; note: string | null }>(
    `SELECT c.relname AS name, obj_description(c.oid, 'pg_class') AS note
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind = 'r' AND n.nspname = current_schema() AND c.relname ~ '^load_stage_[0-9a-f]{10}$'`,
  )
  const dropped: string[] = []
  for (const { name, note } of rows) {
    if (db.kind === 'postgres' && !isDead(note)) continue
    await dropStage(db, { table: name, db })
    dropped.push(name)
  }
  return dropped
}

function isDead(note: string | null): boolean {
  let owner: { host?: string; pid?: number; started?: string }
  try {
    owner = JSON.parse(note ?? '')
  } catch {
    return false
  }
  const alive = ownerAlive(owner)
  if (alive !== null) return !alive
  const started = Date.parse(owner.started ?? '')
  return Number.isFinite(started) && Date.now() - started > STALE_HOURS * 3_600_000
}
