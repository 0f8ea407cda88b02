/**
 * `npm run bench:load-jobs [-- --parcels 50000 --counties 4 --jobs 1,2 --format flatgeobuf]`: the
 * throughput of a county list loaded `--jobs N` at a time on PostgreSQL (issue 40, item 4), every N
 * in one run on the same files, written to BENCHMARKS.md. Each run is the real CLI
 * (`npm run load -- --counties LIST --jobs N`) into a fresh database of BENCH_PG / PLAT_TEST_PG;
 * the counties are one demo county file (bench:load's input, cached in .data-bench-load/) listed
 * under as many county codes (a link each), so every county does the same work. Where the time goes: each
 * county's phase lines (its progress on stderr), summed over the counties.
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { basename, extname, join } from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { LOAD_ARGS } from '../scripts/load-args'
import { machineLine, writeSection } from './benchmarks-file'
import { type BenchFormat, writeInput } from './load-inputs'

const { values } = parseArgs({
  options: {
    parcels: { type: 'string', default: '50000' },
    counties: { type: 'string', default: '4' },
    jobs: { type: 'string', default: '1,2' },
    format: { type: 'string', default: 'flatgeobuf' },
  },
})
const parcels = Number(values.parcels)
const counties = Number(values.counties)
const jobsList = values.jobs.split(',').map(Number)
const format = values.format as BenchFormat
const pgUrl = process.env.BENCH_PG ?? process.env.PLAT_TEST_PG
if (!pgUrl) throw new Error('bench:load-jobs runs on PostgreSQL: set BENCH_PG or PLAT_TEST_PG (a superuser URL)')

interface Run {
  jobs: number
  wall: number
  loaded: number
  loadAvg: number
  /** county-seconds per phase, summed over the counties ("reading" is each county's time before its first phase) */
  phases: Map<string, number>
}

/** Back from progress-bar.ts `duration`: "0.4s", "12s", "1m02s", "1h3m". */
function seconds(text: string): number {
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:([\d.]+)s)?$/.exec(text)
  if (!m) return Number.NaN
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0)
}

async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `plat_bench_jobs_${randomBytes(3).toString('hex')}`
  const admin = new pg.Client({ connectionString: pgUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  const url = new URL(pgUrl!)
  url.pathname = `/${name}`
  const setup = new pg.Client({ connectionString: url.toString() })
  await setup.connect()
  await setup.query('CREATE EXTENSION IF NOT EXISTS postgis')
  await setup.end()
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await admin.end()
    },
  }
}

function load(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((ok) => {
    execFile(process.execPath, [...LOAD_ARGS, ...args], { env, maxBuffer: 1 << 26 }, (e, stdout, stderr) =>
      ok({ code: e ? Number(e.code ?? 1) : 0, stdout, stderr }),
    )
  })
}

/** Phase times per county from the prefixed progress lines; "reading" is what precedes the first phase. */
function phaseTimes(stderr: string): Map<string, number> {
  const sums = new Map<string, number>()
  const add = (phase: string, s: number) => sums.set(phase, (sums.get(phase) ?? 0) + s)
  const phased = new Map<string, number>()
  for (const line of stderr.split('\n')) {
    const phase = /^\[(.+?)\] {3}(\S.*) \(([\dhms.]+)\)$/.exec(line)
    if (phase) {
      add(phase[2]!, seconds(phase[3]!))
      phased.set(phase[1]!, (phased.get(phase[1]!) ?? 0) + seconds(phase[3]!))
      continue
    }
    const done = /^\[(.+?)\] loaded [\d,]+ parcels in ([\dhms.]+)$/.exec(line)
    if (done) add('reading', seconds(done[2]!) - (phased.get(done[1]!) ?? 0))
  }
  return sums
}

const dir = join('.data-bench-load', String(parcels))
console.log(`input: ${parcels} parcels as ${format}…`)
const file = writeInput(dir, parcels, format)
const list = join(dir, `counties-${counties}.csv`)
// A name per county (a link to the one file): each load writes its report next to its input.
const names = Array.from({ length: counties }, (_, k) => {
  const name = `county-${101 + k}${extname(file)}`
  rmSync(join(dir, name), { force: true })
  symlinkSync(basename(file), join(dir, name))
  return name
})
writeFileSync(
  list,
  `file,county_fp,county\n${names.map((name, k) => `${name},${String(101 + k)},Bench ${k + 1}`).join('\n')}\n`,
)

const runs: Run[] = []
for (const jobs of jobsList) {
  const db = await freshDatabase()
  try {
    const loadAvg = loadavg()[0] ?? 0
    const t0 = performance.now()
    const out = await load(
      ['--counties', list, '--jobs', String(jobs), '--state', 'IA', '--map', join(dir, 'mapping.json')],
      { ...process.env, DATABASE_URL: db.url },
    )
    const wall = (performance.now() - t0) / 1000
    if (out.code !== 0)
      throw new Error(`--jobs ${jobs} failed:\n${out.stdout.slice(-2000)}\n${out.stderr.slice(-2000)}`)
    const loaded = Number(/^Counties: .*\(([\d,]+) parcels/m.exec(out.stdout)?.[1]?.replace(/,/g, ''))
    const run = { jobs, wall, loaded, loadAvg, phases: phaseTimes(out.stderr) }
    runs.push(run)
    console.log(
      `  --jobs ${jobs}: ${loaded} parcels in ${wall.toFixed(1)} s (${Math.round(loaded / wall)}/s), load avg ${loadAvg.toFixed(1)} at the start`,
    )
    for (const [phase, s] of run.phases) console.log(`    ${phase}: ${s.toFixed(1)} county-s`)
  } finally {
    await db.drop()
  }
}

// With --jobs 1,2,1,2 the machine's other work changes between rows: speed-ups are over the mean of the --jobs 1 rows.
const ones = runs.filter((r) => r.jobs === 1)
const base = { wall: ones.length ? ones.reduce((t, r) => t + r.wall, 0) / ones.length : runs[0]!.wall }
const rows = runs.map(
  (r) =>
    `| ${r.jobs} | ${r.loaded.toLocaleString('en-US')} | ${r.wall.toFixed(1)} s | ${Math.round(r.loaded / r.wall).toLocaleString('en-US')} | ${(base.wall / r.wall).toFixed(2)}× | ${r.loadAvg.toFixed(1)} |`,
)
const phases = [...new Set(runs.flatMap((r) => [...r.phases.keys()]))]
const phaseRows = phases.map(
  (p) => `| ${p} | ${runs.map((r) => `${(r.phases.get(p) ?? 0).toFixed(1)} s`).join(' | ')} |`,
)
writeSection(
  'load-jobs',
  `## A state in parallel (\`npm run bench:load-jobs -- --parcels ${values.parcels} --counties ${values.counties} --jobs ${values.jobs} --format ${values.format}\`)
One \`npm run load -- --counties LIST --jobs N\` per row, into a fresh PostgreSQL database each, of ${counties} counties of
${parcels.toLocaleString('en-US')} demo parcels (one ${format} file listed under ${counties} county codes of Iowa, so each county does the same
work), measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()}, every row in the same run. Wall is the
whole command (its start, migrations, every county); speed-up is the \`--jobs 1\` wall (the mean of the \`--jobs 1\`
rows) over the row's. The 2 cores are
shared with other work: "load avg" is the 1-minute load average when the row started (2.0 = both cores busy).

| jobs | parcels | wall | parcels/s | speed-up | load avg |
|---|---|---|---|---|---|
${rows.join('\n')}

Where the time goes: each phase's time summed over the counties (county-seconds; with 2 at once two counties' phases
run in the same seconds, so a phase that takes longer here shares the cores or waits). "replacing the county" includes
the wait for the change log's lock (counties take turns for their county row, places and log; a first county into
the empty table for its whole transaction);
"building indexes" includes the wait for another county's transaction (an index build's lock on \`parcels\` and an
insert's exclude each other) and ANALYZE of the whole table; "reading" is each county's time before its first phase.

| phase | ${runs.map((r) => `--jobs ${r.jobs}`).join(' | ')} |
|---|${runs.map(() => '---|').join('')}
${phaseRows.join('\n')}`,
)
console.log('BENCHMARKS.md written.')
