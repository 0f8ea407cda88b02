/**
 * `npm run bench:api [-- --backend both|embedded|postgres --parcels N --embedded-parcels M]`: the
 * reference API measured from outside over loopback HTTP, on each backend in one run: request
 * latency, what a heavy request costs (many vertices, a huge filter string), /healthz beside heavy
 * work, autocannon load at 10 and 50 connections with and without a heavy area search running, and
 * cold start; and fairness (issues 19 and 39): point lookups while one client loops a heavy area
 * search or another abusive request (`--only fairness` runs just those). PostgreSQL runs at
 * `--parcels` (default 100,000); the embedded database at `--embedded-parcels` (default the smaller
 * of the two and 100,000: it is the local default, not the store for a state). Datasets are kept
 * between runs (see bench-server.ts). Writes BENCHMARKS.md.
 */
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import type { Polygon } from 'geojson'
import { MAX_IN_VALUES_NON_ID } from '../contract/limits'
import { areaBody, areaIds, denseCentre, type Post, poster, squareFor } from './bench-areas'
import { type BenchBackend, type BenchServer, pgServerUrl, startBenchServer } from './bench-server'
import { machineLine, writeSection } from './benchmarks-file'
import { addressAbuse, hundredCircles, listAbuse, type PointRow, pointsBeside, ring20k } from './fairness-load'
import { type LoadResult, loopUntil, runLoad } from './load-test'
import { circle } from './shapes'
import { ms, percentile, timeIt } from './stats'

const { values } = parseArgs({
  options: {
    backend: { type: 'string', default: 'both' },
    parcels: { type: 'string', default: '100000' },
    'embedded-parcels': { type: 'string' },
    runs: { type: 'string', default: '30' },
    seconds: { type: 'string', default: '10' },
    only: { type: 'string', default: 'all' },
  },
})
const only = values.only as 'all' | 'fairness'
const parcels = Number(values.parcels)
const embeddedParcels = Number(values['embedded-parcels'] ?? Math.min(parcels, 100_000))
const runs = Number(values.runs)
const seconds = Number(values.seconds)
const backends: BenchBackend[] = values.backend === 'both' ? ['embedded', 'postgres'] : [values.backend as BenchBackend]
if (backends.includes('postgres') && !pgServerUrl()) {
  throw new Error('--backend postgres needs BENCH_PG or PLAT_TEST_PG: a PostgreSQL server (see docs/testing.md)')
}

const row = (name: string, s: number[], note = '') =>
  `| ${name} | ${ms(percentile(s, 50))} | ${ms(percentile(s, 95))} | ${note} |`
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
const ids = async (post: Post, body: unknown) =>
  ((await post('/parcels/area', body)) as { svc_uuids: string[] }).svc_uuids

async function samples(n: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = []
  for (let i = 0; i < n; i++) out.push(await timeIt(() => fn(i)))
  return out
}

/** The radius (degrees of latitude) at which a 64-vertex circle at `centre` covers about `target` parcels. */
async function radiusFor(post: Post, centre: [number, number], target: number): Promise<number> {
  let lo = 0.001
  let hi = 1
  let r = hi
  for (let i = 0; i < 20; i++) {
    r = (lo + hi) / 2
    const n = (await areaIds(post, circle(centre, r, 64)))?.length ?? Number.POSITIVE_INFINITY
    if (Math.abs(n - target) / target < 0.03) break
    if (n < target) lo = r
    else hi = r
  }
  return r
}

async function measure(server: BenchServer) {
  const post = poster(server.baseUrl, server.key)
  const centre = await denseCentre(post)
  const target = Math.min(10_000, Math.floor(server.parcels / 4))
  const square = await squareFor(post, centre, target)
  const squareBody = areaBody(square.polygon)
  const lines: string[] = []

  const area = await samples(runs, () => ids(post, squareBody))
  lines.push(row(`POST /parcels/area, square covering ${fmt(square.ids.length)} parcels`, area))

  // The same circle drawn with 64 and with 2,000 vertices (a freehand area from the app).
  const r = await radiusFor(post, centre, Math.min(3_700, Math.floor(server.parcels / 10)))
  const c64 = areaBody(circle(centre, r, 64))
  const c2000 = areaBody(circle(centre, r, 2000))
  const covered = (await ids(post, c2000)).length
  const t64 = await samples(runs, () => ids(post, c64))
  const t2000 = await samples(runs, () => ids(post, c2000))
  const ratio = percentile(t2000, 50) / percentile(t64, 50)
  lines.push(row(`POST /parcels/area, 64-vertex circle (${fmt(covered)} parcels)`, t64))
  lines.push(
    row(
      'POST /parcels/area, the same circle with 2,000 vertices',
      t2000,
      `${ratio.toFixed(2)}× the 64-vertex p50 (target ≤ 2×)`,
    ),
  )

  const chunk = (i: number) => square.ids.slice((i * 997) % Math.max(1, square.ids.length - 1000)).slice(0, 1000)
  const inQuery = await samples(runs, (i) =>
    post('/parcels/query', { filters: [{ field: 'svc_uuid', op: 'in', value: chunk(i) }], limit: 100 }),
  )
  lines.push(row('POST /parcels/query, `svc_uuid in` 1,000 ids, limit 100', inQuery, 'target p50 ≤ 80 ms'))
  const filters = [
    { field: 'state', op: 'eq', value: 'IA' },
    { field: 'cdl_majority_category', op: 'eq', value: 'Corn' },
    { field: 'acres', op: 'gt', value: 80 },
  ]
  const filtered = await samples(runs, (i) => post('/parcels/query', { filters, limit: 100, offset: (i * 100) % 1000 }))
  lines.push(row('POST /parcels/query, state + crop + acres filters, limit 100', filtered))

  const huge = { filters: [{ field: 'legal', op: 'ilike', value: 'ab '.repeat(70_000) }] }
  const refused = await samples(5, async () => {
    const res = await fetch(`${server.baseUrl}/parcels/query`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json' },
      body: JSON.stringify(huge),
    })
    await res.text()
    if (res.status !== 422) throw new Error(`a 210 KB ilike value answered ${res.status}, not 422`)
  })
  lines.push(row('POST /parcels/query with a 210 KB `ilike` value → 422', refused, 'target < 1 s'))

  // /healthz while three heavy area searches (the 10,000-parcel square) run back to back.
  let finish = () => {}
  const stop = new Promise<void>((r) => {
    finish = r
  })
  const heavy = [0, 1, 2].map(() => loopUntil(stop, () => ids(post, squareBody)))
  await new Promise((r) => setTimeout(r, 300))
  const health = await samples(40, async () => {
    await (await fetch(`${server.baseUrl}/healthz`)).text()
    await new Promise((r) => setTimeout(r, 50))
  })
  finish()
  const heavyTimes = (await Promise.all(heavy)).flat()
  lines.push(
    row(
      'GET /healthz while three heavy area searches run',
      health.map((t) => t - 50),
      `max ${ms(Math.max(...health) - 50)}; target ≤ 250 ms; the searches took p50 ${ms(percentile(heavyTimes, 50))}`,
    ),
  )
  return { lines, squareBody, squareIds: square.ids, centre }
}

async function loadTests(server: BenchServer, m: Awaited<ReturnType<typeof measure>>) {
  const post = poster(server.baseUrl, server.key)
  // Small areas (~1,000 parcels) spread around the centre, pages of ids as the app sends them, points.
  const smallSquare = await squareFor(post, m.centre, Math.min(1000, Math.floor(server.parcels / 40)))
  const half =
    ((smallSquare.polygon.coordinates[0]?.[2]?.[0] as number) -
      (smallSquare.polygon.coordinates[0]?.[0]?.[0] as number)) /
    2
  let i = 0
  const shift = (p: Polygon, k: number): Polygon => ({
    type: 'Polygon',
    coordinates: p.coordinates.map((ring) =>
      ring.map(([x, y]) => [
        (x as number) + ((k % 5) - 2) * half,
        (y as number) + ((Math.floor(k / 5) % 5) - 2) * half,
      ]),
    ),
  })
  const pages = Array.from({ length: 50 }, (_, k) => m.squareIds.slice(k * 100, k * 100 + 100)).filter((p) => p.length)
  const kinds = {
    query: () => ({
      method: 'POST' as const,
      path: '/parcels/query',
      body: JSON.stringify({
        filters: [{ field: 'svc_uuid', op: 'in', value: pages[i++ % pages.length] }],
        limit: 100,
      }),
    }),
    area: () => ({
      method: 'POST' as const,
      path: '/parcels/area',
      body: JSON.stringify(areaBody(shift(smallSquare.polygon, i++))),
    }),
    point: () => {
      const k = i++
      const lon = m.centre[0] + ((k % 97) / 97 - 0.5) * 0.02
      const lat = m.centre[1] + ((k % 89) / 89 - 0.5) * 0.02
      return { method: 'GET' as const, path: `/parcels/point?lat=${lat.toFixed(5)}&lon=${lon.toFixed(5)}` }
    },
  }
  const lines: string[] = []
  for (const heavy of [false, true]) {
    for (const [name, next] of Object.entries(kinds)) {
      for (const connections of [10, 50]) {
        let finish = () => {}
        const stop = new Promise<void>((r) => {
          finish = r
        })
        const background = heavy ? loopUntil(stop, () => ids(post, m.squareBody)) : Promise.resolve([])
        const r: LoadResult = await runLoad({ url: server.baseUrl, key: server.key, connections, seconds, next })
        finish()
        const bg = await background
        lines.push(
          `| ${name} | ${connections} | ${heavy ? `yes (${bg.length} searches, p50 ${ms(percentile(bg, 50))})` : 'no'} | ${fmt(r.rps)} | ${r.p50} ms | ${r.p99} ms | ${r.failed} of ${fmt(r.total)} |`,
        )
        console.log(lines.at(-1))
      }
    }
  }
  return lines
}

async function fairness(server: BenchServer, centre: [number, number]): Promise<string> {
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')
  const circles = hundredCircles(centre, 0.01)
  const ring = ring20k(centre, 0.02)
  const rows: Array<PointRow & { load: string }> = []
  // Issue 39's abusers: requests once served as cheap that were not (the address ones are now 422s
  // and the 50,000-value list too; the 5,000-value lists are the largest a query page may carry).
  const abusers = [
    circles,
    ring,
    addressAbuse('address of 100 emoji', '\u{1F33D}'.repeat(100)),
    addressAbuse('address of one letter', 'a'),
    listAbuse('owner', 'nin', MAX_IN_VALUES_NON_ID),
    listAbuse('sale_date', 'in', MAX_IN_VALUES_NON_ID),
    listAbuse('owner', 'nin', 50_000),
  ]
  for (const heavy of [null, ...abusers.flatMap((body) => [1, 4].map((connections) => ({ body, connections })))]) {
    const before = load()
    const row = await pointsBeside(server.baseUrl, server.key, centre, seconds, heavy)
    rows.push({ ...row, load: before })
    console.log(row.heavy, row.rps, row.p50, row.p99, row.tally && { ...row.tally, times: row.tally.times.length })
  }
  const table = rows.map((r) => {
    const t = r.tally
    const searches = t
      ? `${t.ok} answered${t.ok ? ` (p50 ${ms(percentile(t.times, 50))})` : ''}, ${t.invalid} refused 422, ${t.refused} refused 503, ${t.other} other`
      : '—'
    return `| ${r.heavy} | ${fmt(r.rps)} | ${r.p50} ms | ${r.p99} ms | ${r.failed} of ${fmt(r.total)} | ${searches} | ${r.load} |`
  })
  return `Fairness (issues 19 and 39): point lookups (autocannon, 10 connections, ${seconds} s per row) while one client, with one API key, loops one abusive request on 1 or 4 connections (a request refused 503 is retried after 100 ms, one refused 422 at once). Target: point p99 ≤ 500 ms beside any one abuser, on both backends. The heavy area searches sit around the densest spot: 100 circles of 1,000 vertices (radius 0.01°) on a 10 × 10 grid, and one 20,000-vertex circle of radius 0.02°. The address abusers send 100 emoji or one letter (no trigram to search by: refused 422 before any database work). The list abusers send a query page (limit 100) filtered by an \`in\`/\`nin\` list of made-up owner names (in Iowa: an owner filter needs a scope) or sale dates: 5,000 values is the most the API serves on a field other than svc_uuid (a heavy page: it waits behind cheap work and takes turns by key), 50,000 is refused 422. Load average (1, 5, 15 min) read as each row started: the machine is shared with other work, so a row's p99 reads beside its load.

| abusive client beside | point req/s | p50 | p99 | failed | abuser's answers | load average |
|---|---|---|---|---|---|---|
${table.join('\n')}
`
}

async function coldStarts(server: BenchServer): Promise<number[]> {
  const out: number[] = []
  for (let k = 0; k < 3; k++) {
    const t0 = performance.now()
    const s = await startBenchServer(server.backend, server.parcels, { DEMO_PARCELS: String(server.parcels) })
    out.push(performance.now() - t0)
    await s.stop()
  }
  return out
}

for (const backend of backends) {
  const n = backend === 'postgres' ? parcels : embeddedParcels
  console.log(`${backend}: preparing ${fmt(n)} parcels (a first run generates them)…`)
  const server = await startBenchServer(backend, n)
  let body = ''
  try {
    const heading = `## API fairness on the ${backend === 'postgres' ? 'PostgreSQL' : 'embedded'} backend (\`npm run bench:api -- --backend ${backend} --${backend === 'postgres' ? 'parcels' : 'embedded-parcels'} ${n} --only fairness\`)
${fmt(n)} demo parcels, measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()}; server and load generator share the machine.
`
    writeSection(
      `api-fairness-${backend}`,
      heading + (await fairness(server, await denseCentre(poster(server.baseUrl, server.key)))),
    )
    if (only === 'fairness') continue
    const m = await measure(server)
    console.log(m.lines.join('\n'))
    const load = await loadTests(server, m)
    await server.stop()
    const cold = await coldStarts(server)
    const label =
      backend === 'postgres'
        ? 'PostgreSQL 15 + PostGIS 3 (on this machine, loopback)'
        : 'embedded database (PGlite + PostGIS, worker thread)'
    body = `
## API on the ${backend === 'postgres' ? 'PostgreSQL' : 'embedded'} backend (\`npm run bench:api -- --backend ${backend} --${backend === 'postgres' ? 'parcels' : 'embedded-parcels'} ${n}\`)
${label}, ${fmt(n)} demo parcels, measured ${new Date().toISOString().slice(0, 10)} on ${machineLine()}; server and load generator share the machine.
Server start this run: ${server.startSeconds.toFixed(1)} s (includes generating the dataset when it was new).

| operation (sequential, ${runs} runs unless noted) | p50 | p95 | note |
|---|---|---|---|
${m.lines.join('\n')}
${row('cold start on the existing dataset (spawn → listening, 3 runs)', cold)}

Load over loopback (autocannon, ${seconds} s per row, brotli accepted). Heavy = one client running the area search of the first table back to back.

| endpoint | connections | heavy search beside | req/s | p50 | p99 | failed |
|---|---|---|---|---|---|---|
${load.join('\n')}
`
  } finally {
    await server.stop()
  }
  writeSection(`api-${backend}`, body)
  console.log(body)
}
