/**
 * Dirty county files and interrupted loads (issue 19), with the real CLI on the project's backend:
 * a file in another CRS than it says is refused (or its misfits rejected) naming --crs; NUL bytes
 * and a 3,000-byte owner load, cleaned and counted; a zip bomb is refused with one line, quickly;
 * a load killed with SIGKILL leaves tables and a folder that the next load removes, and SIGTERM
 * leaves nothing; a server started on parcels whose indexes a stopped load left out builds them.
 * Failures are one line, never a stack trace.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Zip, ZipDeflate } from 'fflate'
import type { MultiPolygon } from 'geojson'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { LOAD_ARGS } from '../../scripts/load-args'
import type { Database } from '../db/database'
import { missingParcelIndexes } from '../db/parcel-indexes'
import { FIXTURE_MAPPING, type FixtureParcel, fixtureParcels } from '../load/county-fixture.test-support'
import { IOWA_NORTH_FTUS_ESRI, writeGeoJson } from '../load/format-writers.test-support'
import { TEXT_MAX_BYTES } from '../load/rows/text-hygiene'
import { shapefileFiles, writeShapefileZip } from '../load/shapefile-writer.test-support'
import { openDatabase } from '../open-database'
import { api, type LoaderBackend, loadCli, loaderBackend, startServer } from './loader-harness.test-support'
import { ROOT, type SpawnedServer } from './spawn-server'

const backendName = inject('backend')
const STACK = /^\s+at /m

describe(`loader faults (${backendName})`, () => {
  let backend: LoaderBackend
  let tmp: string
  let mapping: string
  beforeAll(async () => {
    backend = await loaderBackend(backendName)
    // The CLI unpacks zips under TMPDIR: a folder of this test's own, so leftovers can be counted.
    tmp = join(backend.workDir, 'tmp')
    mkdirSync(tmp)
    ;(backend.env as Record<string, string>).TMPDIR = tmp
    mapping = join(backend.workDir, 'mapping.json')
    writeFileSync(mapping, JSON.stringify(FIXTURE_MAPPING))
  }, 240_000)
  afterAll(async () => {
    await backend?.cleanup()
  })

  const args = (file: string, countyFp: string, extra: string[] = []) => [
    join(backend.workDir, file),
    '--state',
    'IA',
    '--county-fp',
    countyFp,
    '--county',
    `Test ${countyFp}`,
    '--map',
    mapping,
    ...extra,
  ]
  const load = (file: string, countyFp: string, extra: string[] = []) => loadCli(backend, args(file, countyFp, extra))
  const listed = async () => (await loadCli(backend, ['--list'])).stdout
  const report = (file: string) => readFileSync(join(backend.workDir, `${file}.load-report.csv`), 'utf8')
  /** Unpacked-zip folders under the CLI's TMPDIR. */
  const unpacked = () => readdirSync(tmp).filter((n) => n.startsWith('plat-load-'))
  const oneLine = (stderr: string) =>
    stderr
      .trim()
      .split('\n')
      .filter((l) => l.startsWith('Load failed'))

  it('a GeoJSON declaring EPSG:3417 with longitude/latitude coordinates is refused, naming --crs', async () => {
    writeGeoJson(join(backend.workDir, 'misfit.geojson'), fixtureParcels(), null, 3417)
    const r = await load('misfit.geojson', '901')
    expect(r.code, r.stderr).toBe(1)
    expect(r.stderr).toMatch(/Load failed: \d+ of \d+ features lie outside IA when read as EPSG:3417/)
    expect(r.stderr).toContain('--crs EPSG:4326')
    expect(r.stderr).not.toMatch(STACK)
    expect(oneLine(r.stderr)).toHaveLength(1)
    expect(await listed()).not.toContain('Test 901')
    // Each load is a CLI process that opens the embedded database: ~35 s on a busy 2-core machine.
  }, 300_000)

  it('a few features outside the state are rejected with a reason naming --crs; the rest load', async () => {
    const parcels = fixtureParcels()
    const far = (g: MultiPolygon): MultiPolygon => ({
      type: 'MultiPolygon',
      coordinates: g.coordinates.map((p) => p.map((ring) => ring.map(([x, y]) => [x! - 5, y! - 10]))),
    })
    const moved = parcels.map((p, i) => (i < 2 && p.geom ? { ...p, geom: far(p.geom) } : p))
    writeGeoJson(join(backend.workDir, 'two-off.geojson'), moved, null, null)
    const r = await load('two-off.geojson', '902')
    expect(r.code, r.stderr).toBe(0)
    const rejected = report('two-off.geojson')
      .split('\n')
      .filter((l) => l.includes('outside IA'))
    expect(rejected).toHaveLength(2)
    expect(rejected[0]).toMatch(/^1,.*rejected,.*--crs EPSG:N/)
  }, 300_000)

  it('NUL bytes and a 3,000-byte owner load: stripped and cut, counted per field, the value kept', async () => {
    const parcels: FixtureParcel[] = fixtureParcels()
    const long = `${'LONG OWNER NAME TRUST '.repeat(150)}`.slice(0, 3_000)
    parcels[0] = { ...parcels[0]!, OWNER: 'NUL PADDED\u0000\u0000\u0000', CITY: 'AMES\u0000', SCHOOL_DST: 'X\u0000Y' }
    parcels[1] = { ...parcels[1]!, OWNER: long }
    writeGeoJson(join(backend.workDir, 'dirty.geojson'), parcels, null, null)
    const r = await load('dirty.geojson', '903')
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toMatch(/control characters stripped from values: owner 1, city 1, school_dst 1/)
    expect(r.stdout).toMatch(/values over 2,000 bytes cut: owner 1/)
    expect(report('dirty.geojson')).toMatch(
      /cut,"?owner: 1 value\(s\) longer than 2000 bytes cut to 2000 \(feature 2\)/,
    )

    const key = backend.keys.full
    const server: SpawnedServer = await startServer(backend)
    try {
      const get = async (pin: string) => {
        const res = await api<{ results: Record<string, unknown>[] }>(server, key, '/parcels/query', {
          filters: [
            { field: 'county_fp', op: 'eq', value: '903' },
            { field: 'parcel_id', op: 'eq', value: pin },
          ],
        })
        expect(res.status).toBe(200)
        return res.body.results[0]!
      }
      const nul = await get(parcels[0]!.PIN)
      expect(nul.owner).toBe('NUL PADDED')
      expect(nul.city).toBe('AMES')
      expect(nul.school_dst).toBe('XY')
      const cut = await get(parcels[1]!.PIN)
      expect(Buffer.byteLength(cut.owner as string)).toBeLessThanOrEqual(TEXT_MAX_BYTES)
      expect(long.startsWith(cut.owner as string)).toBe(true)
      expect((cut.owner as string).length).toBeGreaterThan(1_900)
    } finally {
      await server.stop()
    }
  }, 300_000)

  /** The backend's database, opened here while no server or load has it (the embedded one has one owner). */
  async function withDatabase<T>(fn: (db: Database) => Promise<T>): Promise<T> {
    const db = await openDatabase({ DATA_DIR: backend.env.DATA_DIR!, DATABASE_URL: backend.env.DATABASE_URL ?? '' })
    try {
      return await fn(db)
    } finally {
      await db.close()
    }
  }

  it('a server started on parcels whose indexes a stopped load left out builds them, and says so', async () => {
    // As a first load killed between its commit and its index builds leaves the table.
    const dropped = ['parcels_geom_gist', 'parcels_owner_trgm']
    await withDatabase(async (db) => {
      await db.exec(dropped.map((n) => `DROP INDEX ${n}`).join('; '))
      expect(await missingParcelIndexes(db)).toEqual(dropped)
    })
    const server: SpawnedServer = await startServer(backend)
    try {
      const t0 = performance.now()
      while (!/ {2}built in \d/.test(server.output()) && performance.now() - t0 < 60_000) {
        await new Promise((ok) => setTimeout(ok, 100))
      }
      expect(server.output()).toContain(
        'Building 2 missing parcel index(es) (parcels_geom_gist, parcels_owner_trgm; a load stopped before its last step leaves them out)',
      )
      expect(server.output()).toMatch(/ {2}built in \d+\.\ds\./)
      expect(server.output()).not.toContain('Could not build')
    } finally {
      await server.stop()
    }
    expect(await withDatabase(missingParcelIndexes)).toEqual([])
  }, 300_000)

  it('a zip bomb (a 100 MB .dbf of zeros) is refused in one line, quickly, and leaves no folder', async () => {
    const path = join(backend.workDir, 'bomb.zip')
    const files = shapefileFiles(fixtureParcels(), IOWA_NORTH_FTUS_ESRI, 'parcels')
    await new Promise<void>((ok, fail) => {
      const out = createWriteStream(path)
      const zip = new Zip((err, chunk, final) => {
        if (err) return fail(err)
        out.write(chunk)
        if (final) out.end(ok)
      })
      for (const [name, bytes] of Object.entries(files)) {
        if (name.endsWith('.dbf')) continue
        const entry = new ZipDeflate(name)
        zip.add(entry)
        entry.push(bytes, true)
      }
      const dbf = new ZipDeflate('parcels.dbf', { level: 9 })
      zip.add(dbf)
      const zeros = new Uint8Array(1 << 20)
      for (let i = 0; i < 100; i++) dbf.push(zeros, i === 99)
      zip.end()
    })
    const t0 = performance.now()
    const r = await load('bomb.zip', '904')
    expect(r.code, r.stderr).toBe(1)
    expect(r.stderr).toMatch(/Load failed: .*bomb\.zip was not unpacked: it unpacks to more than 100× its own size/)
    expect(r.stderr).toContain('zip bomb')
    expect(r.stderr).not.toMatch(STACK)
    expect(performance.now() - t0).toBeLessThan(60_000)
    expect(unpacked()).toEqual([])
  }, 300_000)

  /** A zip big enough that its load runs for a while. */
  function bigZip(name: string, count: number) {
    const parcels: FixtureParcel[] = []
    const base = fixtureParcels()[0]!
    const side = Math.ceil(Math.sqrt(count))
    for (let i = 0; i < count; i++) {
      const x = -93.9 + (i % side) * 0.0004
      const y = 41.9 + Math.floor(i / side) * 0.0003
      const ring = [
        [x, y],
        [x + 0.0003, y],
        [x + 0.0003, y + 0.0002],
        [x, y + 0.0002],
        [x, y],
      ]
      parcels.push({
        ...base,
        PIN: `K-${i}`,
        OWNER: `OWNER ${i % 997}`,
        geom: { type: 'MultiPolygon', coordinates: [[ring]] },
      })
    }
    writeShapefileZip(join(backend.workDir, name), parcels, IOWA_NORTH_FTUS_ESRI)
  }

  /** Starts a load and resolves once it is reading into its stage (a progress line or a phase). */
  function startLoad(file: string, countyFp: string): Promise<{ child: ChildProcess; output: () => string }> {
    const child = spawn(process.execPath, [...LOAD_ARGS, ...args(file, countyFp)], {
      cwd: ROOT,
      env: backend.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    return new Promise((ok, fail) => {
      const onData = (d: Buffer) => {
        output += d.toString()
        if (/reading \[|checking geometry|stage statistics/.test(output)) ok({ child, output: () => output })
      }
      child.stdout?.on('data', onData)
      child.stderr?.on('data', onData)
      child.once('exit', (code) => fail(new Error(`load exited (${code}) before it was killed:\n${output}`)))
    })
  }
  const exited = (child: ChildProcess) =>
    new Promise<number | null>((ok) => {
      if (child.exitCode !== null || child.signalCode !== null) ok(child.exitCode)
      else child.once('exit', (code) => ok(code))
    })

  const stageTables = async (): Promise<number | null> => {
    if (backendName !== 'postgres') return null
    const client = new pg.Client({ connectionString: backend.env.DATABASE_URL })
    await client.connect()
    try {
      const { rows } = await client.query("SELECT count(*)::int AS n FROM pg_class WHERE relname LIKE 'load_stage_%'")
      return rows[0].n as number
    } finally {
      await client.end()
    }
  }

  it('a load killed with SIGKILL leaves garbage the next load removes; that load then succeeds', async () => {
    bigZip('big.zip', 8_000)
    const { child } = await startLoad('big.zip', '905')
    child.kill('SIGKILL')
    await exited(child)
    expect(unpacked().filter((n) => n.startsWith(`plat-load-${child.pid}-`))).toHaveLength(1)
    if (backendName === 'postgres') expect(await stageTables()).toBeGreaterThan(0)

    writeShapefileZip(join(backend.workDir, 'small.zip'), fixtureParcels(), IOWA_NORTH_FTUS_ESRI)
    const r = await load('small.zip', '906')
    expect(r.code, r.stderr).toBe(0)
    expect(r.stderr).toMatch(
      /Removed what interrupted loads left behind: [1-9]\d* stage table\(s\), 1 unpacked folder\(s\)\./,
    )
    expect(unpacked()).toEqual([])
    if (backendName === 'postgres') expect(await stageTables()).toBe(0)
    const list = await listed()
    expect(list).toContain('Test 906')
    expect(list).not.toContain('Test 905')
  }, 300_000)

  it('a load stopped with SIGTERM cleans up after itself and changes nothing', async () => {
    const { child, output } = await startLoad('big.zip', '907')
    child.kill('SIGTERM')
    const code = await exited(child)
    expect(code).not.toBe(0)
    expect(output()).toContain('SIGTERM: stopping the load')
    expect(output()).not.toMatch(STACK)
    expect(unpacked()).toEqual([])
    if (backendName === 'postgres') expect(await stageTables()).toBe(0)
    const r = await load('small.zip', '908')
    expect(r.code, r.stderr).toBe(0)
    expect(r.stderr).not.toContain('Removed what interrupted loads left behind')
    expect(await listed()).not.toContain('Test 907')
  }, 300_000)
})
