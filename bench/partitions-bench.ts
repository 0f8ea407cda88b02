/**
 * `npm run bench:partitions [-- --parcels N --runs R]`: `parcels` partitioned by state against the
 * unpartitioned table, on the same data in one run (issue 40). The demo dataset is generated once
 * into `plat_bench_flat_N` on the PostgreSQL server of BENCH_PG (default PLAT_TEST_PG), migrated
 * without migration 13, and copied (CREATE DATABASE … TEMPLATE) to `plat_bench_part_N`, which the
 * full schema then converts (the conversion is timed on the first run). Both are kept between runs.
 * Measured in process through the server's own repository functions (the SQL the endpoints run:
 * point, ~10,000-parcel area, 100-record query pages), the two databases taking turns sample by
 * sample, so HTTP, JSON text and compression are left out: what differs is the table's layout.
 * Writes BENCHMARKS.md.
 */
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import type { Database } from '../server/db/database'
import { migrate } from '../server/db/migrate'
import { parcelsPartitioned } from '../server/db/parcel-partitions'
import { type ParcelsRepo, parcelsRepo } from '../server/db/parcels-repo'
import { openPostgres } from '../server/db/postgres-database'
import { ensureDemoDataset } from '../server/demo-data/demo-dataset'
import { SCHEMA } from '../server/schema'
import { repoSquareFor, scopedPages } from './bench-areas'
import { pgAdmin, pgDatabaseExists, pgDatabaseUrl, pgServerUrl } from './bench-server'
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
const server = pgServerUrl()
if (!server)
  throw new Error('bench:partitions needs BENCH_PG or PLAT_TEST_PG: a PostgreSQL server (see docs/testing.md)')

const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
const log = (line: string) => console.log(line)

const CONVERSION_KEY = 'bench:partitions:conversion'

const open = (name: string) => openPostgres({ url: pgDatabaseUrl(server!, name), poolSize: 4, maxWaiting: 64 })

/** The unpartitioned database with the demo data (kept); then its copy, converted (kept). */
async function prepare(): Promise<{ flat: string; part: string; convertSeconds: number | null }> {
  const flat = `plat_bench_flat_${parcels}`
  const part = `plat_bench_part_${parcels}`
  if (!(await pgDatabaseExists(server!, flat))) await pgAdmin(server!, (c) => c.query(`CREATE DATABASE ${flat}`))
  const f = await open(flat)
  try {
    await migrate(
      f,
      SCHEMA.filter((m) => m.id !== 13),
    )
    await ensureDemoDataset(f, { parcels, seed: 1 }, log)
    if (await parcelsPartitioned(f)) throw new Error(`${flat} is partitioned: drop it and run again`)
    await f.exec('VACUUM ANALYZE parcels')
  } finally {
    await f.close()
  }
  const made = !(await pgDatabaseExists(server!, part))
  if (made) await pgAdmin(server!, (c) => c.query(`CREATE DATABASE ${part} TEMPLATE ${flat}`))
  const p = await open(part)
  try {
    // The conversion's time is kept with the copy (a bench-only key), so every run can report it.
    if (made) {
      const seconds = (await timeIt(() => migrate(p, SCHEMA))) / 1000
      await p.query(`INSERT INTO dataset_meta (key, value) VALUES ('${CONVERSION_KEY}', $1::jsonb)`, [
        JSON.stringify({ seconds }),
      ])
      await p.exec('VACUUM ANALYZE parcels')
    }
    const [kept] = await p.query<{ seconds: number }>(
      `SELECT (value->>'seconds')::float8 AS seconds FROM dataset_meta WHERE key = '${CONVERSION_KEY}'`,
    )
    return { flat, part, convertSeconds: kept?.seconds ?? null }
  } finally {
    await p.close()
  }
}

interface Case {
  name: string
  run: (repo: ParcelsRepo, i: number) => Promise<unknown>
}

async function main() {
  const { flat, part, convertSeconds } = await prepare()
  const dbs: Database[] = [await open(flat), await open(part)]
  try {
    const repos = dbs.map((db) => parcelsRepo(db, { timeoutMs: 60_000, counts: null }))
    const [flatRepo] = repos as [ParcelsRepo, ParcelsRepo]
    const [row] = await dbs[0]!.query<{ n: number; states: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT state_fp)::int AS states FROM parcels',
    )
    // Points inside parcels drawn across every state (by a hash of the id), the same for both tables.
    const points = await dbs[0]!.query<{ x: number; y: number }>(
      `SELECT ST_X(c) AS x, ST_Y(c) AS y FROM (
         SELECT ST_PointOnSurface(geom) AS c FROM parcels ORDER BY md5(svc_uuid) LIMIT ${runs}) s`,
    )
    // The densest place: a corner of Iowa's smallest parcel, as bench:api centres its areas.
    const [dense] = await dbs[0]!.query<{ x: number; y: number }>(
      "SELECT ST_XMin(geom) AS x, ST_YMin(geom) AS y FROM parcels WHERE state_fp = '19' ORDER BY acres LIMIT 1",
    )
    const square = await repoSquareFor(flatRepo, [dense!.x, dense!.y], Math.min(10_000, Math.floor(row!.n / 4)))
    const { stateByValue, countyPage, everywhere } = scopedPages()
    const cases: Case[] = [
      {
        name: 'point (`atPoint`, a parcel of any state)',
        run: (r, i) => r.atPoint(points[i % points.length]!.x, points[i % points.length]!.y, 10, false),
      },
      {
        name: `area, square covering ${fmt(square.n)} parcels (\`idsInArea\`)`,
        run: (r) => r.idsInArea([square.polygon], 100_000),
      },
      { name: 'query page of 100, `state = IA` by value desc (count + page)', run: (r) => r.query(stateByValue) },
      { name: 'query page of 100, one county (state_fp + county_fp) and acres > 5', run: (r) => r.query(countyPage) },
      { name: 'query page of 100, no scope (acres 10–20, every state)', run: (r) => r.query(everywhere) },
    ]
    const lines: string[] = []
    const loadBefore = loadavg()[0]!.toFixed(1)
    for (const c of cases) {
      // Both warm first; then the two tables take turns, so drift on the shared machine hits both.
      for (const r of repos) await c.run(r, 0)
      const samples: number[][] = [[], []]
      for (let i = 0; i < runs; i++) for (const k of [0, 1]) samples[k]!.push(await timeIt(() => c.run(repos[k]!, i)))
      const [a, b] = samples as [number[], number[]]
      const ratio = percentile(b, 50) / percentile(a, 50)
      lines.push(
        `| ${c.name} | ${ms(percentile(a, 50))} / ${ms(percentile(a, 95))} | ${ms(percentile(b, 50))} / ${ms(percentile(b, 95))} | ${ratio.toFixed(2)}× |`,
      )
      log(lines.at(-1)!)
    }
    const size = async (db: Database) =>
      (
        await db.query<{ mb: number }>(
          `SELECT (sum(pg_total_relation_size(c.oid)) / 1048576)::float8 AS mb FROM pg_class c
           WHERE c.oid = 'parcels'::regclass OR c.oid IN (SELECT inhrelid FROM pg_inherits WHERE inhparent = 'parcels'::regclass)`,
        )
      )[0]!.mb
    const [flatMb, partMb] = [await size(dbs[0]!), await size(dbs[1]!)]
    writeSection(
      'partitions',
      `## Partitions by state (\`npm run bench:partitions -- --parcels ${parcels}\`; issue 40)

${machineLine()}; PostgreSQL ${(await dbs[0]!.query<{ v: string }>("SELECT current_setting('server_version') AS v"))[0]!.v}; ${new Date().toISOString().slice(0, 10)}.
The demo dataset, ${fmt(row!.n)} parcels in ${row!.states} states, in two databases on one server: \`parcels\` unpartitioned
(${flatMb.toFixed(0)} MB with indexes) and partitioned by state (${partMb.toFixed(0)} MB). ${
        convertSeconds === null
          ? 'The conversion (migration 13) was not timed.'
          : `Migration 13 converted the copy in ${convertSeconds.toFixed(1)} s (in one transaction, with the other work of the machine).`
      }
Each statement through the server's repository functions (in process: no HTTP, JSON text or compression), ${runs} samples
each, the two tables taking turns; p50 / p95. Load average ${loadBefore} before, ${loadavg()[0]!.toFixed(1)} after (other work shared the machine).

| Statement | Unpartitioned p50 / p95 | Partitioned p50 / p95 | p50 ratio |
|---|---|---|---|
${lines.join('\n')}`,
    )
  } finally {
    for (const db of dbs) await db.close()
  }
}

await main()
