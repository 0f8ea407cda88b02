/**
 * `npm run bench:api [-- --parcels N]`: area search and query latency against the reference server
 * on the embedded database, plus cold start on an existing DATA_DIR. Writes BENCHMARKS.md.
 * The dataset lives in .data-bench-N and is reused by later runs.
 */
import { spawn } from 'node:child_process'
import { parseArgs } from 'node:util'
import { loadConfig } from '../server/config'
import { startServer } from '../server/server'
import { areaBody, denseCentre, poster, squareFor } from './bench-areas'
import { machineLine, writeSection } from './benchmarks-file'
import { ms, percentile, timeIt } from './stats'

const { values } = parseArgs({
  options: { parcels: { type: 'string', default: '100000' }, runs: { type: 'string', default: '30' } },
})
const parcels = Number(values.parcels)
const runs = Number(values.runs)
const dataDir = `.data-bench-${parcels}`
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  DEMO_PARCELS: String(parcels),
  DEMO_SEED: '1',
  PORT: '0',
  STATIC_DIR: '.none',
}

console.log(`Preparing ${parcels} parcels in ${dataDir} (first run generates them)…`)
const loadStart = performance.now()
const server = await startServer(loadConfig(env))
const loadSeconds = (performance.now() - loadStart) / 1000
const key = server.demoKey as string
const post = poster(server.url, key)
const areaIds = async (body: unknown) => ((await post('/parcels/area', body)) as { svc_uuids: string[] }).svc_uuids

// Centre on the densest place and grow a square until it covers ~10,000 parcels (or what there is).
const target = Math.min(10_000, Math.floor(parcels / 4))
const found = await squareFor(post, await denseCentre(post), target)
const ids = found.ids
const areaRequest = areaBody(found.polygon)
const areaSamples: number[] = []
for (let i = 0; i < runs; i++) areaSamples.push(await timeIt(() => areaIds(areaRequest)))

const queryIds =
  ids.length >= 1000
    ? ids
    : [
        ...ids,
        ...Array.from(
          { length: 1000 - ids.length },
          (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        ),
      ]
const querySamples: number[] = []
for (let i = 0; i < runs; i++) {
  const start = (i * 997) % Math.max(1, queryIds.length - 1000)
  const chunk = queryIds.slice(start, start + 1000)
  querySamples.push(
    await timeIt(() =>
      post('/parcels/query', { filters: [{ field: 'svc_uuid', op: 'in', value: chunk }], limit: 100 }),
    ),
  )
}
const filteredSamples: number[] = []
for (let i = 0; i < runs; i++) {
  const filters = [
    { field: 'state', op: 'eq', value: 'IA' },
    { field: 'cdl_majority_category', op: 'eq', value: 'Corn' },
    { field: 'acres', op: 'gt', value: 80 },
  ]
  filteredSamples.push(await timeIt(() => post('/parcels/query', { filters, limit: 100, offset: (i * 100) % 1000 })))
}
await server.close()

// Cold start: a fresh process on the existing DATA_DIR, until it is listening.
const coldSamples: number[] = []
for (let i = 0; i < 3; i++) coldSamples.push(await coldStart())

function coldStart(): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now()
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/start.ts'], { env })
    child.stdout.on('data', (d: Buffer) => {
      if (d.toString().includes('listening on')) {
        const t = performance.now() - t0
        child.kill('SIGTERM')
        child.on('exit', () => resolve(t))
      }
    })
    child.on('error', reject)
  })
}

const row = (name: string, s: number[], target: string) =>
  `| ${name} | ${ms(percentile(s, 50))} | ${ms(percentile(s, 95))} | ${target} |`
const body = `
## API (\`npm run bench:api -- --parcels ${parcels}\`)
Embedded database (PGlite + PostGIS), ${parcels.toLocaleString('en-US')} demo parcels, ${runs} runs each, measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()}.
Dataset preparation this run: ${loadSeconds.toFixed(1)} s (includes generation when the DATA_DIR was new).

| operation | p50 | p95 | target |
|---|---|---|---|
${row(`POST /parcels/area, square covering ${ids.length.toLocaleString('en-US')} parcels`, areaSamples, 'p50 ≤ 300 ms (10,000 parcels)')}
${row('POST /parcels/query, `svc_uuid in` 1,000 ids, limit 100', querySamples, 'p50 ≤ 80 ms')}
${row('POST /parcels/query, state + crop + acres filters, limit 100', filteredSamples, '—')}
${row('cold start on existing DATA_DIR (process spawn → listening)', coldSamples, '≤ 5 s')}
`
writeSection(`api-${parcels}`, body)
console.log(body)
