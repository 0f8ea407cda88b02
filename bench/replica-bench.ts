/**
 * `npm run bench:replica [-- --parcels N --runs R]`: parcel reads answered by a streaming read
 * replica against the same reads answered by the primary, in one run. Two server processes on one
 * database (`plat_bench_N` on BENCH_PG or PLAT_TEST_PG): one with DATABASE_REPLICA_URLS (the same
 * database on BENCH_PG_REPLICA or PLAT_TEST_PG_REPLICA), one without; their requests alternate, so
 * both see the same machine. p50/p95 of point lookups, ~10,000-parcel area searches and 100-record
 * query pages. The pair: `PLAT_PG_REPLICA=on scripts/pg-test-cluster.sh start`. Writes BENCHMARKS.md.
 */
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import type { ReadRouterReport } from '../server/db/read-router'
import { areaBody, denseCentre, poster, squareFor } from './bench-areas'
import { type BenchServer, pgServerUrl, startBenchServer } from './bench-server'
import { machineLine, writeSection } from './benchmarks-file'
import { ms, percentile, timeIt } from './stats'

const { values } = parseArgs({
  options: {
    parcels: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '40' },
  },
})
const parcels = Number(values.parcels)
const runs = Number(values.runs)
const replicaServer = process.env.BENCH_PG_REPLICA || process.env.PLAT_TEST_PG_REPLICA
if (!pgServerUrl() || !replicaServer) {
  throw new Error(
    'bench:replica needs a primary and its replica: BENCH_PG and BENCH_PG_REPLICA, or PLAT_TEST_PG and PLAT_TEST_PG_REPLICA (PLAT_PG_REPLICA=on scripts/pg-test-cluster.sh start)',
  )
}

const readyz = async (s: BenchServer) => (await (await fetch(`${s.baseUrl}/readyz`)).json()) as ReadRouterReport

/** The primary-only server first: it generates the dataset on a first run, the other then finds it. */
const onPrimary = await startBenchServer('postgres', parcels)
const replicaUrl = new URL(replicaServer)
replicaUrl.pathname = new URL(onPrimary.env.DATABASE_URL as string).pathname
const onReplica = await startBenchServer('postgres', parcels, { DATABASE_REPLICA_URLS: replicaUrl.toString() })
try {
  for (let i = 0; (await readyz(onReplica)).replicas[0]?.in_use !== true; i++) {
    if (i > 600) throw new Error(`the replica never came into use: ${JSON.stringify(await readyz(onReplica))}`)
    await new Promise((r) => setTimeout(r, 500))
  }
  const post = poster(onPrimary.baseUrl, onPrimary.key)
  const centre = await denseCentre(post)
  const area = await squareFor(post, centre, 10_000)
  const pages = Array.from({ length: Math.ceil(area.ids.length / 100) }, (_, i) =>
    area.ids.slice(i * 100, i * 100 + 100),
  )
  const ring = area.polygon.coordinates[0] ?? []
  const [west, south] = ring[0] as number[]
  const [east, north] = ring[2] as number[]

  const kinds = {
    point: (s: BenchServer, i: number) => {
      // A grid of points over the area, the same sequence on both servers.
      const lon = (west as number) + (((i * 7) % 20) + 0.5) * (((east as number) - (west as number)) / 20)
      const lat = (south as number) + (((i * 3) % 20) + 0.5) * (((north as number) - (south as number)) / 20)
      return fetch(`${s.baseUrl}/parcels/point?lat=${lat}&lon=${lon}`, {
        headers: { authorization: `Bearer ${s.key}` },
      }).then((r) => r.arrayBuffer())
    },
    area: (s: BenchServer) => poster(s.baseUrl, s.key)('/parcels/area', areaBody(area.polygon)),
    query: (s: BenchServer, i: number) =>
      poster(s.baseUrl, s.key)('/parcels/query', {
        filters: [{ field: 'svc_uuid', op: 'in', value: pages[i % pages.length] }],
        limit: 100,
      }),
  }
  const rows: string[] = []
  const loadBefore = loadavg()[0] ?? 0
  for (const [name, fn] of Object.entries(kinds)) {
    const times = { replica: [] as number[], primary: [] as number[] }
    // One warm-up each, then alternate.
    await fn(onReplica, 0)
    await fn(onPrimary, 0)
    for (let i = 0; i < runs; i++) {
      times.replica.push(await timeIt(() => fn(onReplica, i)))
      times.primary.push(await timeIt(() => fn(onPrimary, i)))
    }
    rows.push(
      `| ${name} | ${ms(percentile(times.replica, 50))} | ${ms(percentile(times.replica, 95))} | ${ms(percentile(times.primary, 50))} | ${ms(percentile(times.primary, 95))} |`,
    )
    console.log(rows.at(-1))
  }
  const report = await readyz(onReplica)
  const replicaReads = report.replicas[0]?.reads ?? 0
  const body = `## Read replica (\`npm run bench:replica -- --parcels ${parcels} --runs ${runs}\`)

${machineLine()}; ${new Date().toISOString().slice(0, 10)}. PostgreSQL 15 primary and a streaming hot standby
(\`pg_basebackup -R\`) on the same machine, ${parcels.toLocaleString('en-US')} demo parcels; two server processes on
one database, one reading parcels from the replica (\`DATABASE_REPLICA_URLS\`), one from the primary, their
requests alternating (${runs} each, sequential, over loopback). Area: ${area.ids.length.toLocaleString('en-US')} parcels;
query: 100-record pages of its ids; point: a 20 × 20 grid over the area.

| request | replica p50 | replica p95 | primary p50 | primary p95 |
|---|---|---|---|---|
${rows.join('\n')}

Where the replica server's reads went (its /readyz): ${replicaReads.toLocaleString('en-US')} statements on the replica,
${report.reads_on_primary.toLocaleString('en-US')} on the primary. Load average ${loadBefore.toFixed(1)} at the start of the
timed part (other work shared the machine). On one machine both nodes share its cores, so this shows
what routing to a replica costs, not what a second machine adds: a replica on its own machine adds
its cores to the reads.`
  writeSection('replica', body)
  console.log(body)
} finally {
  await onReplica.stop()
  await onPrimary.stop()
}
