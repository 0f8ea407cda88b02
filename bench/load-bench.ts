/**
 * `npm run bench:load [-- --parcels 100000,1000000] [--formats shapefile,geojson,…] [--backends embedded,postgres]`:
 * load rate and peak memory of `npm run load` per input format and backend, written to
 * BENCHMARKS.md. Each run is the real CLI in a fresh process on an empty database (a fresh DATA_DIR,
 * or a fresh database on BENCH_PG / PLAT_TEST_PG); peak RSS is the CLI process's, from GNU time
 * (with PostgreSQL the server's own memory is not in it). Inputs are cached in .data-bench-load/.
 * On PostgreSQL each run is followed by the reference, `ogr2ogr -f PostgreSQL` in COPY mode of the
 * same file into a fresh database of the same server, then the database work Plat's load ends with
 * (indexes of the same kinds and number, built side by side, and ANALYZE; issue 40: a reference
 * that does the same database work, without a pass mark); without ogr2ogr (apt-get install
 * gdal-bin) the column says so.
 */
import { execFile, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { rmSync, statSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { LOAD_ARGS } from '../scripts/load-args'
import { machineLine, writeSection } from './benchmarks-file'
import { type BenchFormat, FORMAT_FILES, writeInput } from './load-inputs'

const { values } = parseArgs({
  options: {
    parcels: { type: 'string', default: '100000,1000000' },
    formats: { type: 'string', default: Object.keys(FORMAT_FILES).join(',') },
    backends: { type: 'string', default: 'embedded,postgres' },
    section: { type: 'string', default: 'load' },
  },
})
const sizes = values.parcels.split(',').map(Number)
const formats = values.formats.split(',') as BenchFormat[]
const backends = values.backends.split(',')
const pgUrl = process.env.BENCH_PG ?? process.env.PLAT_TEST_PG
const root = '.data-bench-load'

interface Result {
  parcels: number
  format: BenchFormat
  backend: string
  loaded: number
  seconds: number
  wall: number
  rssMiB: number
  fileMiB: number
  /** 1-minute load average when the run started: the machine is shared, so figures vary with it */
  loadAvg: number
  /** ogr2ogr's wall time for the same file into the same server, and with the same indexes and ANALYZE after it (PostgreSQL only), or why not */
  ogr: { copy: number; indexed: number } | string | null
}

const hasOgr2ogr = spawnSync('ogr2ogr', ['--version']).status === 0

/** `ogr2ogr -f PostgreSQL` (COPY mode, with a GiST index as Plat builds) of `file` into database `url`: wall seconds. */
async function ogr2ogrSeconds(file: string, url: string): Promise<{ copy: number; indexed: number }> {
  const u = new URL(url)
  const conn = `PG:host=${u.hostname} port=${u.port || 5432} user=${decodeURIComponent(u.username)} dbname=${u.pathname.slice(1)}${u.password ? ` password=${decodeURIComponent(u.password)}` : ''}`
  const t0 = performance.now()
  const out = await run(
    ['ogr2ogr', '-f', 'PostgreSQL', conn, file, '-nln', 'ogr_parcels', '-nlt', 'PROMOTE_TO_MULTI'].concat([
      '--config',
      'PG_USE_COPY',
      'YES',
      '-lco',
      'SPATIAL_INDEX=GIST',
      '-lco',
      'GEOMETRY_NAME=geom',
    ]),
    process.env,
  )
  if (out.code !== 0) throw new Error(`ogr2ogr failed:\n${out.stderr.slice(-2000)}`)
  const copy = (performance.now() - t0) / 1000
  await assertPostgisTable(url)
  const t1 = performance.now()
  await sameIndexes(url)
  return { copy, indexed: copy + (performance.now() - t1) / 1000 }
}

/**
 * What Plat's load does to the table after its rows (db/parcel-indexes.ts), on the reference's own
 * columns: its other nine indexes of the same kinds — two trigram GINs (owner, address) and seven
 * btrees — built side by side on connections of their own as Plat builds them, then ANALYZE. The
 * GiST index ogr2ogr built already, and its serial key stands for Plat's primary key.
 */
const SAME_INDEXES = [
  'CREATE INDEX ON ogr_parcels USING gin (owner gin_trgm_ops)',
  'CREATE INDEX ON ogr_parcels USING gin (situs gin_trgm_ops)',
  'CREATE INDEX ON ogr_parcels (city, zip)',
  'CREATE INDEX ON ogr_parcels (zoning)',
  'CREATE INDEX ON ogr_parcels (land_use)',
  'CREATE INDEX ON ogr_parcels (acres)',
  'CREATE INDEX ON ogr_parcels (total_val)',
  'CREATE INDEX ON ogr_parcels (pin)',
  'CREATE INDEX ON ogr_parcels (sale_date)',
]

async function sameIndexes(url: string): Promise<void> {
  const on = async (sql: string) => {
    const c = new pg.Client({ connectionString: url })
    await c.connect()
    try {
      await c.query(sql)
    } finally {
      await c.end()
    }
  }
  await on('CREATE EXTENSION IF NOT EXISTS pg_trgm')
  await Promise.all(SAME_INDEXES.map(on))
  await on('ANALYZE ogr_parcels')
}

/**
 * Without PostGIS in its database ogr2ogr quietly writes the geometry as WKB `bytea` and builds no
 * spatial index (how this bench measured it until 2026-11-26: 0.5 s at 17,000 parcels that way, a
 * reference doing less than the job): a reference that is not a PostGIS table with its GiST index stops the bench.
 */
async function assertPostgisTable(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    const { rows } = await c.query<{ udt: string; gist: boolean }>(
      `SELECT c.udt_name AS udt,
              EXISTS (SELECT 1 FROM pg_indexes WHERE tablename = 'ogr_parcels' AND indexdef ILIKE '%USING gist%') AS gist
         FROM information_schema.columns c WHERE c.table_name = 'ogr_parcels' AND c.column_name = 'geom'`,
    )
    if (rows[0]?.udt !== 'geometry' || !rows[0].gist) {
      throw new Error(`ogr2ogr's reference table is not PostGIS geometry with a GiST index: ${JSON.stringify(rows)}`)
    }
  } finally {
    await c.end()
  }
}

function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((ok) => {
    execFile('/usr/bin/time', ['-f', 'MAXRSS %M', ...args], { env, maxBuffer: 1 << 26 }, (e, stdout, stderr) =>
      ok({ code: e ? Number(e.code ?? 1) : 0, stdout, stderr }),
    )
  })
}

async function withDatabase<T>(backend: string, fn: (env: NodeJS.ProcessEnv) => Promise<T>): Promise<T> {
  if (backend === 'embedded') {
    const dataDir = join(root, `db-${randomBytes(3).toString('hex')}`)
    try {
      return await fn({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' })
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
  if (!pgUrl) throw new Error('the postgres backend needs BENCH_PG or PLAT_TEST_PG (a superuser URL)')
  const name = `plat_bench_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client({ connectionString: pgUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  const url = new URL(pgUrl)
  url.pathname = `/${name}`
  // A database a county's data goes into has PostGIS already (installing an extension is a one-time
  // set-up, not part of a load), and ogr2ogr needs it to write geometry at all: created before
  // either is timed, the same for both.
  const setup = new pg.Client({ connectionString: url.toString() })
  await setup.connect()
  await setup.query('CREATE EXTENSION IF NOT EXISTS postgis')
  await setup.end()
  try {
    return await fn({ ...process.env, DATABASE_URL: url.toString() })
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
  }
}

const fileMiB = (path: string) => {
  const base = path.replace(/\.shp$/, '')
  const parts = path.endsWith('.shp') ? ['.shp', '.shx', '.dbf'].map((e) => base + e) : [path]
  return parts.reduce((s, p) => s + statSync(p).size, 0) / 2 ** 20
}

const results: Result[] = []
for (const n of sizes) {
  for (const format of formats) {
    const dir = join(root, String(n))
    console.log(`input: ${n} parcels as ${format}…`)
    const file = writeInput(dir, n, format)
    for (const backend of backends) {
      const r = await withDatabase(backend, async (env) => {
        const loadAvg = loadavg()[0] ?? 0
        const t0 = performance.now()
        const out = await run(
          [
            process.execPath,
            ...LOAD_ARGS,
            file,
            ...['--state', 'IA', '--county-fp', '169', '--county', 'Story', '--map', join(dir, 'mapping.json')],
          ],
          env,
        )
        const wall = (performance.now() - t0) / 1000
        if (out.code !== 0) throw new Error(`load failed (${format}, ${backend}):\n${out.stderr.slice(-3000)}`)
        const loaded = Number(/loaded +([\d,]+) parcels/.exec(out.stdout)?.[1]?.replace(/,/g, ''))
        // The summary's rate is loaded / exact load time (its "in 37s" is rounded for people).
        const rate = Number(/\(([\d,]+) parcels\/s\)/.exec(out.stdout)?.[1]?.replace(/,/g, ''))
        const seconds = loaded / rate
        const rss = Number(/MAXRSS (\d+)/.exec(out.stderr)?.[1]) / 1024
        // The CLI's phase lines ("  building indexes (5.8s)"): where the time went, for the log.
        for (const line of out.stderr.split('\n')) if (/^ {2}\S.*\(\d/.test(line)) console.log(`    ${line.trim()}`)
        let ogr: Result['ogr'] = null
        if (backend === 'postgres') {
          ogr = hasOgr2ogr
            ? await withDatabase('postgres', (ogrEnv) => ogr2ogrSeconds(file, ogrEnv.DATABASE_URL!))
            : 'not installed'
        }
        return { parcels: n, format, backend, loaded, seconds, wall, rssMiB: rss, fileMiB: fileMiB(file), loadAvg, ogr }
      })
      console.log(
        `  ${backend}: ${r.loaded} parcels in ${r.seconds.toFixed(1)} s (${Math.round(r.loaded / r.seconds)}/s), wall ${r.wall.toFixed(1)} s, peak RSS ${r.rssMiB.toFixed(0)} MiB${typeof r.ogr === 'object' && r.ogr ? `; ogr2ogr ${r.ogr.copy.toFixed(1)} s, with the same indexes and ANALYZE ${r.ogr.indexed.toFixed(1)} s (${(r.wall / r.ogr.indexed).toFixed(1)}×)` : ''}`,
      )
      results.push(r)
      writeResults()
    }
  }
}

/** Rewrites the section with every result so far: a long run that is stopped keeps what it measured. */
function writeResults(): void {
  const ogr = (r: Result) =>
    typeof r.ogr === 'object' && r.ogr
      ? `${r.ogr.copy.toFixed(1)} s | ${r.ogr.indexed.toFixed(1)} s | ${(r.wall / r.ogr.indexed).toFixed(1)}×`
      : `${r.ogr ?? '—'} | — | —`
  const rows = results.map(
    (r) =>
      `| ${r.parcels.toLocaleString('en-US')} | ${r.format} (${r.fileMiB.toFixed(0)} MiB) | ${r.backend} | ${Math.round(r.loaded / r.seconds).toLocaleString('en-US')} | ${r.seconds.toFixed(1)} s | ${r.wall.toFixed(1)} s | ${ogr(r)} | ${r.rssMiB.toFixed(0)} MiB | ${r.loadAvg.toFixed(1)} |`,
  )
  writeSection(
    values.section,
    `## Loader (\`npm run bench:load -- --parcels ${values.parcels} --formats ${values.formats} --backends ${values.backends}\`)
Each row is one \`npm run load\` of demo parcels of one county (Story, IA) written as a county file (longitude/latitude,
13 attributes, money as "$1,234" text, US dates) into an empty database, measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()}.
Rate = parcels / load time (reading, repair, derived fields, the county's transaction and indexes; the CLI's own
start and migrations are in "wall"). Peak RSS is the loader process's (with PostgreSQL the server's memory is not in it).
The 2 cores are shared with other work: "load avg" is the 1-minute load average when the run started (2.0 = both
cores busy), so rates measured at a high load average understate what an idle machine does.
On PostgreSQL, "ogr2ogr" is \`ogr2ogr -f PostgreSQL --config PG_USE_COPY YES -lco SPATIAL_INDEX=GIST\` of the same file
into a fresh database of the same server (PostGIS created in each database before either is timed; the bench checks
that ogr2ogr wrote a PostGIS geometry column with its GiST index), run right after Plat's load; "+ indexes" is that copy
followed by the database work Plat's load ends with, on the copy's own columns: nine more indexes of the same kinds as
Plat's (trigram GINs on owner and address, seven btrees), built side by side, and ANALYZE. "ratio" is Plat's wall time
(the CLI's start and migrations included) over that reference's. No pass mark (issue 40): Plat's load also repairs
geometry, derives ids, stacks, holdings, crop history and land-use classes, builds the stored records and writes the
change log, which the reference does not.

| parcels | input | backend | parcels/s | load time | wall | ogr2ogr | + indexes | ratio | peak RSS | load avg |
|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}`,
  )
}

console.log('BENCHMARKS.md written.')
