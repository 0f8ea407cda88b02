/**
 * `npm run bench:archive [-- --backend postgres|embedded --parcels N --state XX --per-zoom K]`: the
 * outline archive in one run, on the demo dataset the other benchmarks keep (bench-server.ts):
 * how long `tiles:archive` takes for one state's counties and how large the file is, both also per
 * 100,000 parcels (linear in parcels for a state's county extents, so scaled, and said so); then,
 * with the archive served by the server (TILES_ARCHIVE_FILE, TILE_STORE=off so every live tile is
 * made on demand), the same sample of tiles (K per zoom, z10–z16, spread over the archive's tiles)
 * asked over loopback HTTP with the key: live cold (first ask), live warm (asked again: the
 * database's caches warm), archive cold (a new reader per tile: header, directory and tile, a first
 * visitor's cost) and archive warm (one reader, directories cached: one range request per tile).
 * Writes the `archive` section of BENCHMARKS.md.
 */
import { rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { FetchSource, PMTiles } from 'pmtiles'
import { PARCEL_TILE_PATH } from '../contract/tiles'
import { TILES_ARCHIVE_PATH } from '../contract/tiles-archive'
import { loadConfig } from '../server/config'
import { listCounties } from '../server/db/counties-repo'
import { openDatabase } from '../server/open-database'
import { archiveTileIds, tileOfId } from '../server/tiles/archive/archive-tile-list'
import { buildArchive } from '../server/tiles/archive/build-archive'
import { type BenchBackend, benchEnv, pgServerUrl, startBenchServer } from './bench-server'
import { machineLine, writeSection } from './benchmarks-file'
import { ms, percentile } from './stats'

const { values } = parseArgs({
  options: {
    backend: { type: 'string', default: 'postgres' },
    parcels: { type: 'string', default: '100000' },
    state: { type: 'string', default: 'IA' },
    'per-zoom': { type: 'string', default: '30' },
  },
})
const backend = values.backend as BenchBackend
const parcels = Number(values.parcels)
const perZoom = Number(values['per-zoom'])
if (backend === 'postgres' && !pgServerUrl()) throw new Error('--backend postgres needs BENCH_PG or PLAT_TEST_PG')

/** The machine's load when the run started: other work on its 2 cores makes every figure larger. */
const loadAtStart = loadavg()[0]!.toFixed(1)
const env = await benchEnv(backend, parcels)
const config = loadConfig({ ...env, TILE_STORE: 'off' })
const out = join(tmpdir(), `plat-bench-archive-${backend}-${parcels}.pmtiles`)

// The dataset is made by the bench server's first start; the build needs the embedded database to itself.
let db = await openDatabase(config)
if ((await listCounties(db)).length === 0) {
  await db.close()
  await (await startBenchServer(backend, parcels)).stop()
  db = await openDatabase(config)
}
console.error(
  `Building the archive of ${values.state} (${backend}, ${parcels.toLocaleString('en-US')}-parcel dataset)…`,
)
const built = await buildArchive(db, {
  out,
  state: values.state,
  capBytes: config.TILE_MAX_KB * 1024,
  timeoutMs: 60_000,
  jobs: backend === 'postgres' ? 4 : 1,
})
await db.close()
const per100k = (v: number) => (v / built.parcels) * 100_000
console.error(`  ${built.written} tiles, ${(built.bytes / 1e6).toFixed(1)} MB in ${(built.ms / 1000).toFixed(1)} s`)

const server = await startBenchServer(backend, parcels, { TILE_STORE: 'off', TILES_ARCHIVE_FILE: out })
const auth = { authorization: `Bearer ${server.key}` }
const archiveUrl = `${server.baseUrl}${TILES_ARCHIVE_PATH}`

// K tiles per zoom, evenly spread over the archive's tiles (ids are in Hilbert order: spread in space too).
const reader = new PMTiles(new FetchSource(archiveUrl, new Headers(auth)))
const facts = (
  (await reader.getMetadata()) as {
    plat: { counties: { archived: boolean; bbox: [number, number, number, number] }[] }
  }
).plat
const ids = archiveTileIds(facts.counties.filter((c) => c.archived).map((c) => c.bbox))
const sample = [10, 11, 12, 13, 14, 15, 16].flatMap((z) => {
  const atZ = ids.filter((id) => tileOfId(id).z === z)
  const step = Math.max(1, Math.floor(atZ.length / perZoom))
  return atZ
    .filter((_, i) => i % step === 0)
    .slice(0, perZoom)
    .map(tileOfId)
})

const path = (t: { z: number; x: number; y: number }) =>
  PARCEL_TILE_PATH.replace('{z}', String(t.z)).replace('{x}', String(t.x)).replace('{y}', String(t.y))

async function timed(fn: () => Promise<number>): Promise<{ ms: number; bytes: number }> {
  const t0 = performance.now()
  const bytes = await fn()
  return { ms: performance.now() - t0, bytes }
}

async function live() {
  const out: { ms: number; bytes: number }[] = []
  for (const t of sample)
    out.push(
      await timed(async () => {
        const res = await fetch(`${server.baseUrl}${path(t)}`, { headers: { ...auth, 'accept-encoding': 'br, gzip' } })
        if (!res.ok) throw new Error(`${path(t)} → ${res.status}`)
        return (await res.arrayBuffer()).byteLength
      }),
    )
  return out
}

async function fromArchive(fresh: boolean) {
  const out: { ms: number; bytes: number }[] = []
  for (const t of sample) {
    const r = fresh ? new PMTiles(new FetchSource(archiveUrl, new Headers(auth))) : reader
    out.push(await timed(async () => (await r.getZxy(t.z, t.x, t.y))?.data.byteLength ?? 0))
  }
  return out
}

const rows: [string, { ms: number; bytes: number }[]][] = []
try {
  rows.push(['live endpoint, cold (first ask)', await live()])
  rows.push(['live endpoint, warm (asked again)', await live()])
  rows.push(['archive, cold (a new reader per tile)', await fromArchive(true)])
  await fromArchive(false) // the shared reader's directories
  rows.push(['archive, warm (directories cached)', await fromArchive(false)])
} finally {
  await server.stop()
}
rmSync(out, { force: true })

const table = rows.map(([name, r]) => {
  const t = r.map((x) => x.ms)
  return `| ${name} | ${r.length} | ${ms(percentile(t, 50))} | ${ms(percentile(t, 95))} | ${ms(Math.max(...t))} |`
})
const mb = (b: number) => `${(b / 1e6).toFixed(1)} MB`
const body = `## Outline archive (\`npm run bench:archive -- --backend ${backend} --parcels ${parcels} --state ${values.state}\`)

${machineLine()}; ${new Date().toISOString().slice(0, 10)}; load average ${loadAtStart} at the start. The ${values.state} counties of the ${parcels.toLocaleString('en-US')}-parcel demo dataset on
${backend === 'postgres' ? 'PostgreSQL' : 'the embedded database'}: ${built.counties} county(ies), ${built.parcels.toLocaleString('en-US')} parcels. \`tiles:archive\` made ${built.tiles.toLocaleString('en-US')} tiles
(z10–z16 over the counties' extents), ${built.written.toLocaleString('en-US')} of them with parcels, gzipped into one PMTiles file.

| Archive | Measured | Per 100,000 parcels (scaled) |
|---|---|---|
| build time | ${(built.ms / 1000).toFixed(1)} s | ${(per100k(built.ms) / 1000).toFixed(0)} s |
| file size | ${mb(built.bytes)} | ${mb(per100k(built.bytes))} |

Scaled linearly: tiles follow the counties' extents and parcels' density, so another state's figure per
parcel differs with how densely its parcels fill its counties.

${perZoom} tiles per zoom z10–z16 spread over the archive (${sample.length} tiles), asked one at a time over loopback HTTP
with the key; the server serves the archive (TILES_ARCHIVE_FILE) and makes live tiles on demand (TILE_STORE=off):

| Source | Tiles | p50 | p95 | max |
|---|---|---|---|---|
${table.join('\n')}
`
writeSection('archive', body)
console.log(body)
