/**
 * What an interrupted load's cleanup removes and counts (issue 39: "Removed … 1 stage table(s)"
 * when 4–11 were dropped): every table of a dead load's stage, companions whose stage table is
 * gone, never a live load's (on PostgreSQL, where loads run beside each other).
 */
import { hostname } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/database'
import { migratedPglite, migratedPostgres, type TestDatabase } from '../../db/migrated-db.test-support'
import { TEST_PG } from '../../db/postgres.test-support'
import { SCHEMA } from '../../schema'
import { dropLeftoverStages } from './stage-cleanup'

const owner = (pid: number) => JSON.stringify({ host: hostname(), pid, started: new Date().toISOString() })
// No process has this id (Linux caps pids at 2^22).
const DEAD_PID = 2 ** 22 + 7

async function stage(db: Database, table: string, note: string | null, companions: string[]): Promise<void> {
  const own = note === null ? [] : [`CREATE TABLE ${table} (seq int)`, `COMMENT ON TABLE ${table} IS '${note}'`]
  await db.exec([...own, ...companions.map((c) => `CREATE TABLE ${table}_${c} (seq int)`)].join('; '))
}

const pgUrl = TEST_PG
// The embedded one as a copy of the migrated schema, made once (an empty one is an initdb of its own,
// ~10 s of CPU); only the load_stage_* tables matter here.
const backends: [string, () => Promise<TestDatabase>][] = [
  ['embedded', () => migratedPglite('plat-stage-cleanup', SCHEMA)],
]
if (pgUrl) backends.push(['postgres', () => migratedPostgres(pgUrl, 'plat_stage_cleanup', [])])

describe.each(backends)('leftover stages (%s)', (name, open) => {
  let t: TestDatabase
  beforeAll(async () => {
    t = await open()
  }, 300_000)
  afterAll(async () => {
    await t?.cleanup()
  })

  it('drops and counts every table of a dead load, and orphaned companions', async () => {
    await stage(t.db, 'load_stage_00000000aa', owner(DEAD_PID), ['ids', 'raster', 'adj', 'summary'])
    await stage(t.db, 'load_stage_00000000bb', null, ['rows', 'places'])
    await stage(t.db, 'load_stage_00000000cc', owner(process.pid), ['ids'])
    const dropped = await dropLeftoverStages(t.db)
    const expected = [
      'load_stage_00000000aa',
      'load_stage_00000000aa_adj',
      'load_stage_00000000aa_ids',
      'load_stage_00000000aa_raster',
      'load_stage_00000000aa_summary',
      'load_stage_00000000bb_places',
      'load_stage_00000000bb_rows',
    ]
    // The embedded database is one process's: whatever is there is a leftover, the live one's too.
    if (name === 'embedded') expected.push('load_stage_00000000cc', 'load_stage_00000000cc_ids')
    expect(dropped.sort()).toEqual(expected.sort())
    const left = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_class WHERE relkind = 'r' AND relname LIKE 'load_stage_%'",
    )
    expect(left[0]!.n).toBe(name === 'embedded' ? 0 : 2)
  })
})
