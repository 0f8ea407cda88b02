/**
 * `npm run bench:load [-- --parcels 100000,1000000] [--formats shapefile,geojson,…] [--backends embedded,postgres]`:
 * load rate and peak memory of `npm run load` per input format and backend, written to
 * BENCHMARKS.md. Each run is the real CLI in a fresh process on an empty database (a fresh DATA_DIR,
 * or a fresh database on BENCH_PG / PLAT_TEST_PG); peak RSS is the CLI process's, from GNU time
 * (with PostgreSQL the server's own memory is not in it). Inputs are cached in .data-bench-load/.
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { rmSync, statSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
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
            '--import',
            'tsx',
            'server/cli/load.ts',
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
        return { parcels: n, format, backend, loaded, seconds, wall, rssMiB: rss, fileMiB: fileMiB(file), loadAvg }
      })
      console.log(
        `  ${backend}: ${r.loaded} parcels in ${r.seconds.toFixed(1)} s (${Math.round(r.loaded / r.seconds)}/s), peak RSS ${r.rssMiB.toFixed(0)} MiB`,
      )
      results.push(r)
      writeResults()
    }
  }
}

/** Rewrites the section with every result so far: a long run that is stopped keeps what it measured. */
function writeResults(): void {
  const rows = results.map(
    (r) =>
      `| ${r.parcels.toLocaleString('en-US')} | ${r.format} (${r.fileMiB.toFixed(0)} MiB) | ${r.backend} | ${Math.round(r.loaded / r.seconds).toLocaleString('en-US')} | ${r.seconds.toFixed(1)} s | ${r.wall.toFixed(1)} s | ${r.rssMiB.toFixed(0)} MiB | ${r.loadAvg.toFixed(1)} |`,
  )
  writeSection(
    values.section,
    `## Loader (\`npm run bench:load -- --parcels ${values.parcels} --formats ${values.formats} --backends ${values.backends}\`)
Each row is one \`npm run load\` of demo parcels written as a county file (longitude/latitude, 13 attributes, money as
"$1,234" text, US dates) into an empty database, measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()}.
Rate = parcels / load time (reading, repair, derived fields, the county's transaction and indexes; the CLI's own
start and migrations are in "wall"). Peak RSS is the loader process's (with PostgreSQL the server's memory is not in it).
The 2 cores are shared with other work: "load avg" is the 1-minute load average when the run started (2.0 = both
cores busy), so rates measured at a high load average understate what an idle machine does.
Target: ≥ 5,000 parcels/s on PostgreSQL, memory flat in file size.

| parcels | input | backend | parcels/s | load time | wall | peak RSS | load avg |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}`,
  )
}

console.log('BENCHMARKS.md written.')
