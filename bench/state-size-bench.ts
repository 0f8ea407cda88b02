/**
 * `npm run bench:state [-- --parcels N --runs R --prepare all|partitioned|unpartitioned]`: Plat's reads at state size against the
 * 100,000-parcel demo dataset, in one run (issue 40). Measured in process through the server's own
 * repository functions (the SQL of point, area and query pages; no HTTP, JSON text or compression),
 * the databases taking turns sample by sample, as bench:partitions does.
 *
 * The datasets, on the PostgreSQL server of BENCH_PG (default PLAT_TEST_PG), all kept between runs:
 * - `plat_state_100000`: the demo dataset (partitioned by state), made by the demo generator;
 * - `plat_state_N` (default N = 5,000,000): that dataset copied in SQL into one state code per copy
 *   (bench/state-size-dataset.ts), partitioned by state: ~50 partitions of 100,000;
 * - `plat_state_flat_N`: the same rows in an unpartitioned `parcels` (schema without migration 13),
 *   on the server of BENCH_PG_FLAT (default the same server; `off`: left out). A second cluster keeps it out of the
 *   replica's copy: `PLAT_PG_DIR=/tmp/plat-pg-scale-flat PLAT_PG_PORT=5463 scripts/pg-test-cluster.sh start`.
 * With BENCH_PG_REPLICA (or PLAT_TEST_PG_REPLICA) set, the same reads of `plat_state_N` are also
 * answered through the read router (server/db/read-router.ts) by that streaming replica. Start the
 * replica after the data exists (`--prepare all` makes the datasets and stops): pg_basebackup copies the
 * files, which is faster than replaying the generation's WAL.
 * Room: ~3.2 GB per million parcels for each of the two big databases (rows, record text, indexes),
 * and a replica copies its whole cluster. Drop them with `DROP DATABASE plat_state_5000000` (and
 * `plat_state_flat_5000000`, `plat_state_100000`) on their servers, or remove the clusters' directories.
 * Writes BENCHMARKS.md.
 */
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { type ParsedQueryRequest, QueryRequestSchema } from '../contract/schemas'
import type { Database } from '../server/db/database'
import { migrate } from '../server/db/migrate'
import { type ParcelsRepo, parcelsRepo } from '../server/db/parcels-repo'
import { openPostgres } from '../server/db/postgres-database'
import { readRouter } from '../server/db/read-router'
import { ensureDemoDataset } from '../server/demo-data/demo-dataset'
import { SCHEMA } from '../server/schema'
import { repoSquareFor, scopedPages, type squarePolygon } from './bench-areas'
import { pgAdmin, pgDatabaseExists, pgDatabaseUrl, pgServerUrl } from './bench-server'
import { machineLine, writeSection } from './benchmarks-file'
import { generateStateSize, STATE_SIZE_META_KEY, type StateSizeMeta } from './state-size-dataset'
import { ms, percentile, timeIt } from './stats'

const { values } = parseArgs({
  options: {
    parcels: { type: 'string', default: '5000000' },
    runs: { type: 'string', default: '40' },
    prepare: { type: 'string' },
  },
})
const BASE = 100_000
const parcels = Number(values.parcels)
const runs = Number(values.runs)
const primary = pgServerUrl()
if (!primary) throw new Error('bench:state needs BENCH_PG or PLAT_TEST_PG: a PostgreSQL server (see docs/testing.md)')
// `off`: no unpartitioned copy in this run (its column is left out).
const flatServer = process.env.BENCH_PG_FLAT === 'off' ? null : process.env.BENCH_PG_FLAT || primary
const replicaServer = process.env.BENCH_PG_REPLICA || process.env.PLAT_TEST_PG_REPLICA || undefined

const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
const log = (line: string) => console.log(line)

const open = (server: string, name: string) =>
  openPostgres({ url: pgDatabaseUrl(server, name), poolSize: 4, maxWaiting: 64 })

async function prepareBase(): Promise<string> {
  const name = `plat_state_${BASE}`
  if (!(await pgDatabaseExists(primary!, name))) await pgAdmin(primary!, (c) => c.query(`CREATE DATABASE ${name}`))
  const db = await open(primary!, name)
  try {
    await migrate(db, SCHEMA)
    const before = (await db.query("SELECT 1 FROM dataset_meta WHERE key = 'demo'")).length
    await ensureDemoDataset(db, { parcels: BASE, seed: 1 }, log)
    if (before === 0) await db.exec('VACUUM ANALYZE')
  } finally {
    await db.close()
  }
  return name
}

/** The big database on `server`, generated when absent or cut off before its meta was written. */
async function prepareBig(server: string, name: string, partitioned: boolean): Promise<StateSizeMeta> {
  if (await pgDatabaseExists(server, name)) {
    const db = await open(server, name)
    const [kept] = await db
      .query<{ value: StateSizeMeta }>('SELECT value FROM dataset_meta WHERE key = $1', [STATE_SIZE_META_KEY])
      .catch(() => [])
      .finally(() => db.close())
    if (kept) return kept.value
    log(`${name} was not finished: making it again.`)
    await pgAdmin(server, (c) => c.query(`DROP DATABASE ${name}`))
  }
  await pgAdmin(server, (c) => c.query(`CREATE DATABASE ${name}`))
  const db = await open(server, name)
  try {
    await migrate(
      db,
      SCHEMA.filter((m) => partitioned || m.id !== 13),
    )
    log(`Generating ${name} (${partitioned ? 'partitioned' : 'unpartitioned'}), once:`)
    return await generateStateSize(db, pgDatabaseUrl(primary!, `plat_state_${BASE}`), Math.ceil(parcels / BASE), log)
  } finally {
    await db.close()
  }
}

interface Target {
  label: string
  /** Counts every page anew (the count is what several rows time). */
  repo: ParcelsRepo
  /** The server's own: later pages of a query reuse its total (server/db/count-memo.ts). */
  remembering: ParcelsRepo
  /** Points inside its parcels, across every state it holds. */
  points: { x: number; y: number }[]
  area: ReturnType<typeof squarePolygon>
  /** 100-id pages of its area's answer (the results pane's paging). */
  pages: string[][]
}

async function pointsOf(db: Database) {
  return db.query<{ x: number; y: number }>(
    `SELECT ST_X(c) AS x, ST_Y(c) AS y FROM (
       SELECT ST_PointOnSurface(geom) AS c FROM parcels ORDER BY md5(svc_uuid) LIMIT ${runs}) s`,
  )
}

const idPages = (ids: string[]) =>
  Array.from({ length: Math.ceil(ids.length / 100) }, (_, i) => ids.slice(i * 100, i * 100 + 100))

async function main() {
  const baseName = await prepareBase()
  const bigName = `plat_state_${parcels}`
  const flatName = `plat_state_flat_${parcels}`
  // --prepare partitioned|unpartitioned makes one of the two and stops (two processes can make both at once).
  if (values.prepare !== 'unpartitioned') await prepareBig(primary!, bigName, true)
  if (values.prepare !== 'partitioned' && flatServer) await prepareBig(flatServer, flatName, false)
  if (values.prepare) return
  const bigMeta = await prepareBig(primary!, bigName, true)
  const flatMeta = flatServer ? await prepareBig(flatServer, flatName, false) : null
  const base = await open(primary!, baseName)
  const big = await open(primary!, bigName)
  const flat = flatServer ? await open(flatServer, flatName) : null
  const replica = replicaServer
    ? await openPostgres({ url: pgDatabaseUrl(replicaServer, bigName), poolSize: 4, maxWaiting: 64, failFast: false })
    : null
  const router = replica ? readRouter(big, [{ name: 'replica', db: replica }], { maxLagMs: 60_000 }) : null
  try {
    if (router) {
      for (let i = 0; ; i++) {
        await router.check()
        if (router.report().replicas[0]?.in_use) break
        if (i > 600) throw new Error(`the replica never came into use: ${JSON.stringify(router.report())}`)
        await new Promise((r) => setTimeout(r, 500))
      }
    }
    const repo = (db: Database) => parcelsRepo(db, { timeoutMs: 120_000, counts: null })
    const remembering = (db: Database) => parcelsRepo(db, { timeoutMs: 120_000 })
    // The densest place: a corner of Iowa's smallest parcel (copy 0 of the big dataset holds it too).
    const [dense] = await base.query<{ x: number; y: number }>(
      "SELECT ST_XMin(geom) AS x, ST_YMin(geom) AS y FROM parcels WHERE state_fp = '19' ORDER BY acres LIMIT 1",
    )
    const square = await repoSquareFor(repo(base), [dense!.x, dense!.y], 10_000)
    const baseIds = await repo(base).idsInArea([square.polygon], 100_000)
    const bigIds = await repo(big).idsInArea([square.polygon], 100_000)
    const bigPoints = await pointsOf(big)
    const targets: Target[] = [
      {
        label: `${fmt(BASE)}`,
        repo: repo(base),
        remembering: remembering(base),
        points: await pointsOf(base),
        area: square.polygon,
        pages: idPages(baseIds),
      },
      {
        label: `${fmt(bigMeta.parcels)}`,
        repo: repo(big),
        remembering: remembering(big),
        points: bigPoints,
        area: square.polygon,
        pages: idPages(bigIds),
      },
    ]
    if (router)
      targets.push({
        label: `${fmt(bigMeta.parcels)}, replica`,
        repo: repo(router.reads),
        remembering: remembering(router.reads),
        points: bigPoints,
        area: square.polygon,
        pages: idPages(bigIds),
      })
    if (flat && flatMeta)
      targets.push({
        label: `${fmt(flatMeta.parcels)}, unpartitioned`,
        repo: repo(flat),
        remembering: remembering(flat),
        points: bigPoints,
        area: square.polygon,
        pages: idPages(bigIds),
      })

    const page = (body: unknown): ParsedQueryRequest => QueryRequestSchema.parse(body)
    const { stateByValue, countyPage, everywhere } = scopedPages()
    const cases: { name: string; run: (t: Target, i: number) => Promise<unknown> }[] = [
      {
        name: 'point (`atPoint`, a parcel of any state)',
        run: (t, i) => t.repo.atPoint(t.points[i % t.points.length]!.x, t.points[i % t.points.length]!.y, 10, false),
      },
      {
        name: `area, a square of ${fmt(baseIds.length)} parcels in Iowa (\`idsInArea\`)`,
        run: (t) => t.repo.idsInArea([t.area], 100_000),
      },
      {
        name: 'query page of 100 of the area’s ids (`svc_uuid in …`)',
        run: (t, i) =>
          t.repo.query(
            page({ filters: [{ field: 'svc_uuid', op: 'in', value: t.pages[i % t.pages.length] }], limit: 100 }),
          ),
      },
      { name: 'query page of 100, `state = IA` by value desc (count + page)', run: (t) => t.repo.query(stateByValue) },
      {
        name: 'query page of 100, one county (state_fp + county_fp) and acres > 5',
        run: (t) => t.repo.query(countyPage),
      },
      {
        name: 'query page of 100, no scope (acres 10–20, every state; count + page)',
        run: (t) => t.repo.query(everywhere),
      },
      {
        // The app reads a large result page by page: pages 2–51 of the same query, whose total the
        // server remembers when counting it cost ≥ 15 ms (the warm-up's page counts it).
        name: 'its next pages (offset 100–5,000; the total remembered when its count took ≥ 15 ms)',
        run: (t, i) => t.remembering.query({ ...everywhere, offset: 100 * (1 + (i % 50)) }),
      },
    ]
    const rows: string[] = []
    const loadBefore = loadavg()[0]!.toFixed(1)
    for (const c of cases) {
      for (const t of targets) await c.run(t, 0)
      const samples = targets.map(() => [] as number[])
      // Every database takes its turn in each round, so drift on the shared machine hits all.
      for (let i = 0; i < runs; i++)
        for (const [k, t] of targets.entries()) samples[k]!.push(await timeIt(() => c.run(t, i)))
      const cells = samples.map((s) => `${ms(percentile(s, 50))} / ${ms(percentile(s, 95))}`)
      const growth = percentile(samples[1]!, 50) / percentile(samples[0]!, 50)
      rows.push(`| ${c.name} | ${cells[0]} | ${cells[1]} | ${growth.toFixed(2)}× | ${cells.slice(2).join(' | ')} |`)
      log(rows.at(-1)!)
    }
    const loadAfter = loadavg()[0]!.toFixed(1)
    const replicaReads = router?.report().replicas[0]?.reads ?? 0
    const version = (await big.query<{ v: string }>("SELECT current_setting('server_version') AS v"))[0]!.v
    // The cache PostgreSQL keeps of its own pages decides how cold an id's probe is at this size: the
    // test clusters' default is 128 MB; a production server is given about a quarter of its memory.
    const buffersOf = async (db: Database | null) =>
      db ? (await db.query<{ v: string }>("SELECT current_setting('shared_buffers') AS v"))[0]!.v : null
    const buffers = [
      `${await buffersOf(big)} on the primary`,
      ...(replica ? [`${await buffersOf(replica)} on the replica`] : []),
      ...(flat && flatServer !== primary ? [`${await buffersOf(flat)} on the unpartitioned copy's cluster`] : []),
    ].join(', ')
    const size = async (db: Database) =>
      (await db.query<{ gb: number }>('SELECT (pg_database_size(current_database()) / 1073741824.0)::float8 AS gb'))[0]!
        .gb
    const generation = (m: StateSizeMeta) =>
      `${fmt(m.made / m.rowsSeconds)} rows/s (${m.rowsSeconds.toFixed(0)} s for the rows and the key, ${m.indexSeconds.toFixed(0)} s for the other indexes, ${m.analyzeSeconds.toFixed(0)} s VACUUM ANALYZE)`
    const bigGb = await size(big)
    const flatLine =
      flat && flatMeta
        ? `the unpartitioned copy (${(await size(flat)).toFixed(1)} GB, ${flatServer === primary ? 'the same server' : 'a second cluster on this machine'}) at ${generation(flatMeta)}.`
        : 'no unpartitioned copy in this run (BENCH_PG_FLAT=off).'
    const extra = targets.slice(2).map((t) => `${t.label} p50 / p95`)
    writeSection(
      'state-size',
      `## At state size (\`npm run bench:state -- --parcels ${parcels} --runs ${runs}\`; issue 40)

${machineLine()}; PostgreSQL ${version} (shared_buffers ${buffers}); ${new Date().toISOString().slice(0, 10)}. Load average ${loadBefore} before the timed part,
${loadAfter} after (the bench's own PostgreSQL nodes and Node process count in it; above ~2.5, other work shared the 2 cores and every figure is a ceiling).
The demo dataset (${fmt(BASE)} parcels in 3 states, partitioned) against ${fmt(bigMeta.parcels)} parcels in ${bigMeta.copies} state
partitions: the demo rows copied in SQL, one state code and place per copy (bench/state-size-dataset.ts; ${bigGb.toFixed(1)} GB),
generated once at ${generation(bigMeta)}; ${flatLine}
${
  router
    ? `The replica is a streaming hot standby (\`pg_basebackup -R\`) on this machine, read through the read router (${fmt(replicaReads)} statements answered there); both nodes share the same 2 cores, so it shows what routing costs, not what a replica machine adds.`
    : 'No replica was configured for this run (BENCH_PG_REPLICA).'
}
Each statement through the server's repository functions (in process), ${runs} samples each, the databases taking turns; p50 / p95.
The area and its id pages are the same square at both sizes (copy 0 keeps the demo's places); points are drawn across all of each database's states.

| Statement | ${fmt(BASE)} p50 / p95 | ${fmt(bigMeta.parcels)} p50 / p95 | growth (p50) | ${extra.join(' | ')} |
|---|---|---|---|${extra.map(() => '---|').join('')}
${rows.join('\n')}`,
    )
  } finally {
    await router?.close()
    for (const db of [base, big, flat]) await db?.close()
  }
}

await main()
