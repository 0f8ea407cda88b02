/**
 * A load's liveness on PostgreSQL is a lock test, not a PID test (issue 39): a stage whose load no
 * longer holds its lock is dropped even when the PID on it belongs to a running process (PIDs are
 * reused), and a stage whose load holds it is kept even when that PID is gone (a load on another
 * host, or a child that outlived its parent's PID).
 */
import { hostname } from 'node:os'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Database } from '../../db/database'
import { createTestDatabase, describePostgres } from '../../db/postgres.test-support'
import { openPostgres } from '../../db/postgres-database'
import { stageOwner } from '../process-owner'
import { holdLoadLiveness, livenessToken } from './load-liveness'
import { dropLeftoverStages } from './stage-cleanup'

const DEAD_PID = 2 ** 22 + 9

describePostgres('load liveness by advisory lock', (serverUrl) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  let db: Database
  beforeAll(async () => {
    database = await createTestDatabase(serverUrl, 'plat_liveness')
    db = await openPostgres({ url: database.url, poolSize: 2, maxWaiting: 10 })
  }, 120_000)
  afterAll(async () => {
    await db?.close()
    await database?.drop()
  })

  const stage = (table: string, owner: object) =>
    db.exec(`CREATE TABLE ${table} (seq int); CREATE TABLE ${table}_ids (seq int);
             COMMENT ON TABLE ${table} IS '${JSON.stringify(owner)}'`)

  it('drops the stage of a load whose lock is free, though its PID runs; keeps a held one, though its PID is gone', async () => {
    const held = await holdLoadLiveness(database.url)
    try {
      const token = livenessToken()!
      expect(stageOwner()).toMatchObject({ lock: token })
      await stage('load_stage_00000000dd', { host: hostname(), pid: process.pid, lock: token + 1 })
      await stage('load_stage_00000000ee', { host: hostname(), pid: DEAD_PID, lock: token })
      expect((await dropLeftoverStages(db)).sort()).toEqual(['load_stage_00000000dd', 'load_stage_00000000dd_ids'])
    } finally {
      await held.release()
    }
    expect(livenessToken()).toBeNull()
    // The session that held the lock ended: the stage's load is dead now.
    expect((await dropLeftoverStages(db)).sort()).toEqual(['load_stage_00000000ee', 'load_stage_00000000ee_ids'])
  })
})
