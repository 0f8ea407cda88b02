/**
 * Stage tables of loads that died (issue 19: every kill -9, Ctrl-C or SIGTERM left 4–5
 * `load_stage_*` tables, 33 MB per 60,000-feature load on PostgreSQL, and nothing removed them).
 * Run before each load and at server start. On the embedded database one process at a time owns
 * the data, so every stage found is a leftover. On PostgreSQL other loads may be running: a stage is
 * dropped when the load that made it no longer holds its liveness lock (load-liveness.ts); a stage
 * of an older loader, without one, when the process named on the table is gone from this machine,
 * or when it is older than STALE_HOURS (a load on another machine that never finished).
 */
import type { Database } from '../../db/database'
import { ownerAlive } from '../process-owner'
import { loadAlive } from './load-liveness'
import { dropStage } from './stage-table'

const STALE_HOURS = 48

/** Drops the stages of dead loads; returns every table dropped (a stage is up to 11 tables). */
export async function dropLeftoverStages(db: Database): Promise<string[]> {
  const rows = await db.query<{ name: string; note: string | null }>(
    `SELECT c.relname AS name, obj_description(c.oid, 'pg_class') AS note
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind = 'r' AND n.nspname = current_schema() AND c.relname ~ '^load_stage_[0-9a-f]{10}(_[a-z]+)?$'`,
  )
  // Grouped by stage: the owner is written on the stage's own table; a companion table whose stage
  // table is gone belongs to no running load (a stage's tables are dropped in one statement).
  const stages = new Map<string, { note: string | null; tables: string[] }>()
  for (const { name, note } of rows) {
    const base = name.slice(0, STAGE_NAME_LENGTH)
    const stage = stages.get(base) ?? { note: null, tables: [] }
    stage.tables.push(name)
    if (name === base) stage.note = note
    stages.set(base, stage)
  }
  const dropped: string[] = []
  for (const [table, stage] of stages) {
    const orphans = !stage.tables.includes(table)
    if (db.kind === 'postgres' && !orphans && !(await isDead(db, stage.note))) continue
    await dropStage(db, { table, db })
    dropped.push(...stage.tables)
  }
  return dropped
}

const STAGE_NAME_LENGTH = 'load_stage_'.length + 10

async function isDead(db: Database, note: string | null): Promise<boolean> {
  let owner: { host?: string; pid?: number; started?: string; lock?: number }
  try {
    owner = JSON.parse(note ?? '')
  } catch {
    return false
  }
  // The database knows: the load's session still holds its lock, or it is gone (load-liveness.ts).
  if (typeof owner.lock === 'number') return !(await loadAlive(db, owner.lock))
  const alive = ownerAlive(owner)
  if (alive !== null) return !alive
  const started = Date.parse(owner.started ?? '')
  return Number.isFinite(started) && Date.now() - started > STALE_HOURS * 3_600_000
}
