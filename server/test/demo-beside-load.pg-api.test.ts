/**
 * The advisory lock registry on a shared PostgreSQL database (issue 39): the change log's lock and
 * the demo-mode lock shared one number, so a county load beside a running `DEMO=on` server waited
 * for that server to stop (10 min here), and a `DEMO=off` start while a load wrote its change log
 * was refused, blaming `DEMO=on` instances.
 */

import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADVISORY_LOCKS } from '../db/advisory-locks'
import { FIXTURE_MAPPING, fixtureParcels } from '../load/county-fixture.test-support'
import { writeGeoJson } from '../load/format-writers.test-support'
import { type IsolatedBackend, isolatedBackend } from './isolated-backend'
import { loadCli } from './loader-harness.test-support'
import { type SpawnedServer, spawnServer } from './spawn-server'

describe('a load and DEMO=on/off servers on one PostgreSQL database', () => {
  let own: IsolatedBackend
  let demo: SpawnedServer | undefined
  let workDir: string
  beforeAll(async () => {
    own = await isolatedBackend('postgres', { DEMO_PARCELS: '200' })
    workDir = join(own.dataDir, 'input')
    mkdirSync(workDir, { recursive: true })
    writeFileSync(join(workDir, 'mapping.json'), JSON.stringify(FIXTURE_MAPPING))
    writeGeoJson(join(workDir, 'county.geojson'), fixtureParcels(), null, null)
    demo = await spawnServer(own.env)
  }, 240_000)
  afterAll(async () => {
    await demo?.stop()
    await own?.cleanup()
  })

  it('a county load beside a running DEMO=on server proceeds to the end', async () => {
    const started = Date.now()
    const r = await loadCli({ env: own.env }, [
      join(workDir, 'county.geojson'),
      '--state',
      'IA',
      '--county-fp',
      '931',
      '--county',
      'Beside Demo',
      '--map',
      join(workDir, 'mapping.json'),
    ])
    expect(r.code, r.stderr).toBe(0)
    // It waited for nothing: the demo server still runs.
    expect(demo?.process.exitCode).toBeNull()
    expect(Date.now() - started).toBeLessThan(180_000)
  }, 300_000)

  it('a DEMO=off start while a load holds the change-log lock is not refused', async () => {
    await demo?.stop()
    demo = undefined
    // What a load holds in its change-log step (load/change-log.ts), for as long as this test needs.
    const load = new pg.Client({ connectionString: own.env.DATABASE_URL })
    await load.connect()
    try {
      await load.query('BEGIN')
      await load.query('SELECT pg_advisory_xact_lock($1)', [ADVISORY_LOCKS.changeLog])
      const off = await spawnServer({ ...own.env, DEMO: 'off', DATA_DIR: `${own.dataDir}-off` })
      try {
        expect(off.output()).toContain('revoked the demo key')
      } finally {
        await off.stop()
      }
    } finally {
      await load.query('ROLLBACK').catch(() => {})
      await load.end()
    }
  }, 240_000)
})
