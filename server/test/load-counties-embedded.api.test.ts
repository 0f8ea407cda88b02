/**
 * A county list with `--jobs 2` on the embedded database (issue 40, item 4): one process owns its
 * data directory, so the counties load one after another, the command says so in one line, and
 * both load. The PostgreSQL side, where they load at once: load-counties.pg-api.test.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { FIXTURE_MAPPING, fixtureParcels } from '../load/county-fixture.test-support'
import { writeGeoJson } from '../load/format-writers.test-support'
import { type IsolatedBackend, isolatedBackend } from './isolated-backend'
import { loadCli } from './loader-harness.test-support'

describe.skipIf(inject('backend') !== 'embedded')('a county list with --jobs 2 on the embedded database', () => {
  let own: IsolatedBackend
  let dir: string
  beforeAll(async () => {
    own = await isolatedBackend('embedded', { DEMO: 'off' }, { prepared: true })
    dir = join(own.dataDir, 'input')
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'mapping.json'), JSON.stringify(FIXTURE_MAPPING))
    writeGeoJson(join(dir, 'alpha.geojson'), fixtureParcels(0), null, null)
    writeGeoJson(join(dir, 'beta.geojson'), fixtureParcels(0.05), null, null)
    writeFileSync(join(dir, 'list.csv'), 'file,county_fp,county\nalpha.geojson,901,Alpha\nbeta.geojson,902,Beta\n')
  }, 240_000)
  afterAll(async () => {
    await own?.cleanup()
  })

  it('loads them one after another and says so in one line', async () => {
    const r = await loadCli(own, [
      '--counties',
      join(dir, 'list.csv'),
      '--jobs',
      '2',
      '--state',
      'IA',
      '--map',
      join(dir, 'mapping.json'),
    ])
    expect(r.code, r.stderr).toBe(0)
    expect(r.stderr).toContain(
      "The embedded database is one process's at a time: the 2 counties load one after another (--jobs 2 runs loads at once with DATABASE_URL only).",
    )
    expect(r.stdout).toContain('Counties: 2 of 2 loaded')
    expect(r.stdout).toContain('1 at a time')
    // One after another: the second starts once the first has ended.
    const lines = r.stderr.split('\n')
    const started = lines.findIndex((l) => l.includes('Beta County, IA (19902): starting'))
    const ended = lines.findIndex((l) => /^\[IA 901 Alpha\] loaded 31 parcels/.test(l))
    expect(ended).toBeGreaterThanOrEqual(0)
    expect(started).toBeGreaterThan(ended)
    expect(r.stdout).toContain('Loaded Alpha County, IA (19901)')
    expect(r.stdout).toContain('Loaded Beta County, IA (19902)')
  }, 240_000)
})
