/**
 * A state in parallel (issue 40, item 4) on PostgreSQL, with the real CLI: a county list loaded
 * with `--jobs 2` gives the same rows, ids and change log as the same list one county after
 * another, and a dirty file among the good ones fails alone; two `npm run load` of different
 * counties started at once both load; a load of a county another load holds is refused in words
 * and changes nothing, and two started at once of one county lose nothing.
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

const STACK = /^\s+at /m

/** What a load leaves that must not depend on how it was run: ids, content and outline of every parcel. */
const PARCELS_SQL = `SELECT svc_uuid, svc_stack_uuid, state_fp, county_fp, md5(record) AS record, md5(ST_AsEWKB(geom)) AS geom
                     FROM parcels ORDER BY svc_uuid`
/** The change log without what the clock decides (load times, and the versions made of them). */
const LOG_SQL = `SELECT state_fp, county_fp, county, kind, source, parcels, counts FROM change_loads ORDER BY state_fp, county_fp, id`

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return (await c.query<T>(sql, params)).rows
  } finally {
    await c.end()
  }
}

/** Each load's previous version is the version the load before it left: the log is one chain. */
async function expectChained(url: string): Promise<void> {
  const log = await query<{ previous_version: string; version: string }>(
    url,
    'SELECT previous_version, version FROM change_loads ORDER BY id',
  )
  expect(log.length).toBeGreaterThan(0)
  expect(log[0]!.previous_version).toBe('empty')
  for (let i = 1; i < log.length; i++) expect(log[i]!.previous_version).toBe(log[i - 1]!.version)
}

describe('a state in parallel: counties loaded at once on PostgreSQL', () => {
  let parallel: IsolatedBackend
  let serial: IsolatedBackend
  let dir: string
  beforeAll(async () => {
    ;[parallel, serial] = await Promise.all([
      isolatedBackend('postgres', { DEMO: 'off' }),
      isolatedBackend('postgres', { DEMO: 'off' }),
    ])
    dir = join(parallel.dataDir, 'input')
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'mapping.json'), JSON.stringify(FIXTURE_MAPPING))
    // Side by side, as neighbouring counties lie: shifted east so no two share an outline.
    for (const [k, name] of ['alpha', 'beta', 'gamma', 'delta'].entries()) {
      writeGeoJson(join(dir, `${name}.geojson`), fixtureParcels(k * 0.05), null, null)
    }
    // A file that ends in the middle of a feature: the reader fails on it (after a county started).
    writeFileSync(
      join(dir, 'broken.geojson'),
      '{"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[1, 2], [3,',
    )
    const rows = [
      'file,county_fp,county',
      'alpha.geojson,901,Alpha',
      'broken.geojson,905,Broken',
      'beta.geojson,902,Beta',
    ]
    writeFileSync(join(dir, 'with-broken.csv'), `${rows.join('\n')}\n`)
    writeFileSync(join(dir, 'good.csv'), `${[rows[0], rows[1], rows[3]].join('\n')}\n`)
  }, 240_000)
  afterAll(async () => {
    await Promise.all([parallel?.cleanup(), serial?.cleanup()])
  })

  const list = (backend: IsolatedBackend, file: string, jobs: number) =>
    loadCli(backend, [
      '--counties',
      join(dir, file),
      '--jobs',
      String(jobs),
      '--state',
      'IA',
      '--map',
      join(dir, 'mapping.json'),
    ])
  const one = (backend: IsolatedBackend, file: string, countyFp: string, county: string, extra: string[] = []) =>
    loadCli(backend, [
      join(dir, file),
      '--state',
      'IA',
      '--county-fp',
      countyFp,
      '--county',
      county,
      '--map',
      join(dir, 'mapping.json'),
      ...extra,
    ])

  it('--jobs 2 loads the good counties of a list with a broken file, and gives what one after another gives', async () => {
    const [both, oneByOne] = await Promise.all([list(parallel, 'with-broken.csv', 2), list(serial, 'good.csv', 1)])
    // The broken file fails alone, with its reason, and the run's exit code says so.
    expect(both.code, both.stderr).toBe(1)
    expect(both.stdout).toContain('Counties: 2 of 3 loaded')
    expect(both.stdout).toMatch(/failed +Broken County, IA \(19905\): .*broken\.geojson is not valid JSON/)
    expect(both.stdout).toContain('Loaded Alpha County, IA (19901)')
    expect(both.stdout).toContain('Loaded Beta County, IA (19902)')
    expect(both.stderr).toMatch(/^\[IA 902 Beta +\] +building indexes/m)
    expect(both.stdout + both.stderr).not.toMatch(STACK)
    expect(oneByOne.code, oneByOne.stderr).toBe(0)
    expect(oneByOne.stdout).toContain('Counties: 2 of 2 loaded')

    const [a, b] = [parallel.env.DATABASE_URL!, serial.env.DATABASE_URL!]
    const rows = await query(a, PARCELS_SQL)
    expect(rows.length).toBe(62)
    expect(rows).toEqual(await query(b, PARCELS_SQL))
    expect(await query(a, LOG_SQL)).toEqual(await query(b, LOG_SQL))
    expect(await query(a, 'SELECT count(*)::int AS n FROM change_loads WHERE county_fp = $1', ['905'])).toEqual([
      { n: 0 },
    ])
    await expectChained(a)
    await expectChained(b)
  }, 240_000)

  it('two `npm run load` of different counties started at once both load, and the change log chains', async () => {
    const [g, d] = await Promise.all([
      one(parallel, 'gamma.geojson', '903', 'Gamma'),
      one(parallel, 'delta.geojson', '904', 'Delta'),
    ])
    expect(g.code, g.stderr).toBe(0)
    expect(d.code, d.stderr).toBe(0)
    const counties = await query<{ county_fp: string; parcels: number }>(
      parallel.env.DATABASE_URL!,
      'SELECT county_fp, parcels FROM counties ORDER BY county_fp',
    )
    expect(counties).toEqual(['901', '902', '903', '904'].map((county_fp) => ({ county_fp, parcels: 31 })))
    await expectChained(parallel.env.DATABASE_URL!)
  }, 240_000)

  it('a load of a county another load holds is refused in words and changes nothing', async () => {
    const url = serial.env.DATABASE_URL!
    const before = await query(url, PARCELS_SQL)
    const loads = (await query(url, 'SELECT count(*)::int AS n FROM change_loads'))[0]
    // What a running load of Alpha holds (county-lock.ts), for as long as this test needs.
    const other = new pg.Client({ connectionString: url })
    await other.connect()
    try {
      await other.query('SELECT pg_advisory_lock($1, $2)', [ADVISORY_LOCKS.countyLoad, 19901])
      const r = await one(serial, 'alpha.geojson', '901', 'Alpha', ['--replace'])
      expect(r.code).toBe(1)
      expect(r.stderr).toContain(
        'Load failed: Alpha County, IA (19901) is being loaded by another load right now; this one changed nothing.',
      )
      expect(r.stderr).not.toMatch(STACK)
    } finally {
      await other.end()
    }
    expect(await query(url, PARCELS_SQL)).toEqual(before)
    expect((await query(url, 'SELECT count(*)::int AS n FROM change_loads'))[0]).toEqual(loads)
  }, 240_000)

  it('two loads of one county started at once: each loads or is refused in words, and nothing is lost', async () => {
    const url = serial.env.DATABASE_URL!
    const before = await query(url, PARCELS_SQL)
    const runs = await Promise.all([
      one(serial, 'alpha.geojson', '901', 'Alpha', ['--replace']),
      one(serial, 'alpha.geojson', '901', 'Alpha', ['--replace']),
    ])
    for (const r of runs) {
      if (r.code !== 0)
        expect(r.stderr).toContain('is being loaded by another load right now; this one changed nothing.')
    }
    expect(runs.some((r) => r.code === 0)).toBe(true)
    // The same file again: the same parcels and ids, once each.
    expect(await query(url, PARCELS_SQL)).toEqual(before)
    await expectChained(url)
  }, 240_000)
})
