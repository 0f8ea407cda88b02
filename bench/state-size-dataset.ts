/**
 * The state-size dataset of `npm run bench:state` (issue 40): the 100,000-parcel demo dataset
 * replicated in SQL into a database of millions, generated once and kept. The demo generator makes
 * about 1,000 parcels a second through the load path; copying its rows with `INSERT … SELECT` is
 * some hundred times faster and gives the same parcels, geometry and record sizes at every place.
 *
 * Copy 0 is the demo data as it is (Story IA, Fresno and Stanislaus CA, Finney KS). Copy k ≥ 1 takes
 * a state code of its own (a state or territory the demo does not use), so a partitioned `parcels`
 * has one partition of 100,000 rows per copy, about the size of a state's; its four counties are
 * moved side by side (ST_Translate) into a slot of their own south of the demo's latitudes, so no two
 * copies overlap. Each row gets a new svc_uuid (UUIDv5-shaped, from md5 of the demo id and the copy
 * number: unique as the originals are) and its stack id the same way. Its record text is the demo
 * row's, byte for byte (it names the demo row's id, state and place): the bench measures reads, whose
 * cost is the same for the same bytes, and rewriting each record (read, edit, compress again) made
 * the copy five times slower on this machine. `counties` and `places` get their copies moved the same
 * way as the parcels, so the area planner's density, the area state condition (area-states.ts) and
 * coverage read a consistent picture.
 *
 * Rows go in with no index (the primary key too is dropped, as a first load does), a copy per
 * transaction, two at a time; a run that was cut off carries on with the copies it had not made.
 * Then the key and Plat's indexes are built (createParcelIndexes), then VACUUM ANALYZE.
 */

import { US_STATES } from '../contract/us-states'
import type { Database } from '../server/db/database'
import { createParcelIndexes, dropParcelIndexesWhenEmpty, restoreParcelKey } from '../server/db/parcel-indexes'
import { ensureStatePartition, parcelsPartitioned } from '../server/db/parcel-partitions'

export const STATE_SIZE_META_KEY = 'bench:state'

export interface StateSizeMeta {
  parcels: number
  /** rows made by the run that finished it (a cut-off run's copies are not counted) */
  made: number
  copies: number
  /** seconds: the rows, then the key and indexes, then ANALYZE */
  rowsSeconds: number
  indexSeconds: number
  analyzeSeconds: number
  madeAt: string
}

type SourceCounty = {
  state_fp: string
  county_fp: string
  west: number
  south: number
  east: number
  north: number
}

interface Move {
  k: number
  src_fp: string
  county_fp: string
  fp: string
  abbr: string
  dx: number
  dy: number
}

/** Copies are laid out in rows of slots from this corner, east then north, below the demo's latitudes. */
const SLOT_WEST = -118
const SLOT_SOUTH = 25
const SLOT_EAST_LIMIT = -68
const GAP = 0.05

/** Where each copy's counties go: a slot per copy, its counties side by side inside it. */
function moves(counties: readonly SourceCounty[], copies: number): Move[] {
  const used = new Set(counties.map((c) => c.state_fp))
  const free = US_STATES.filter((s) => !used.has(s.fips))
  if (copies - 1 > free.length) throw new Error(`at most ${free.length + 1} copies: one state code each`)
  const ordered = [...counties].sort((a, b) => a.west - b.west)
  const width = ordered.reduce((w, c) => w + (c.east - c.west) + GAP, 0)
  const height = Math.max(...ordered.map((c) => c.north - c.south)) + GAP
  const perRow = Math.floor((SLOT_EAST_LIMIT - SLOT_WEST) / width)
  const out: Move[] = []
  for (let k = 1; k < copies; k++) {
    const state = free[k - 1]!
    const x0 = SLOT_WEST + ((k - 1) % perRow) * width
    const y0 = SLOT_SOUTH + Math.floor((k - 1) / perRow) * height
    let x = x0
    for (const c of ordered) {
      out.push({
        k,
        src_fp: c.state_fp,
        county_fp: c.county_fp,
        fp: state.fips,
        abbr: state.abbr,
        dx: x - c.west,
        dy: y0 - c.south,
      })
      x += c.east - c.west + GAP
    }
  }
  if (out.some((m) => m.dy + SLOT_SOUTH > 36)) throw new Error('the copies would reach the demo latitudes')
  return out
}

/** A UUIDv5-shaped id (version 5, RFC variant) from the md5 hex text `h`. */
const uuidFrom = (h: string) =>
  `substr(${h}, 1, 8) || '-' || substr(${h}, 9, 4) || '-5' || substr(${h}, 14, 3) || '-8' || substr(${h}, 18, 3) || '-' || substr(${h}, 21, 12)`

/** A copy's row from a demo row (`s`) and its move (`m`), in `parcels`' column order. */
function copyColumns(columns: readonly string[]): string {
  const replaced: Record<string, string> = {
    svc_uuid: uuidFrom("md5(s.svc_uuid || '/' || m.k)"),
    svc_stack_uuid: uuidFrom("md5(s.svc_stack_uuid || '/' || m.k)"),
    state_fp: 'm.fp',
    state: 'm.abbr',
    geom: 'ST_Translate(s.geom, m.dx, m.dy)',
  }
  return columns.map((c) => replaced[c] ?? `s.${c}`).join(', ')
}

/**
 * Fills a migrated database with `copies` copies of the demo rows of `sourceUrl` (read once through
 * postgres_fdw), or finishes one a cut-off run left.
 */
export async function generateStateSize(
  db: Database,
  sourceUrl: string,
  copies: number,
  log: (line: string) => void,
): Promise<StateSizeMeta> {
  const src = new URL(sourceUrl)
  await db.exec(`CREATE EXTENSION IF NOT EXISTS postgres_fdw;
    DROP SERVER IF EXISTS state_size_source CASCADE;
    CREATE SERVER state_size_source FOREIGN DATA WRAPPER postgres_fdw
      OPTIONS (host '${src.hostname}', port '${src.port || '5432'}', dbname '${src.pathname.slice(1)}', fetch_size '10000');
    CREATE USER MAPPING FOR CURRENT_USER SERVER state_size_source OPTIONS (user '${decodeURIComponent(src.username) || 'postgres'}');
    DROP SCHEMA IF EXISTS state_size_src CASCADE;
    CREATE SCHEMA state_size_src;
    IMPORT FOREIGN SCHEMA public LIMIT TO (parcels, counties, places) FROM SERVER state_size_source INTO state_size_src;
    CREATE UNLOGGED TABLE IF NOT EXISTS state_size_rows AS SELECT * FROM state_size_src.parcels;
    DROP TABLE IF EXISTS state_size_moves;
    CREATE UNLOGGED TABLE state_size_moves (k int, src_fp text, county_fp text, fp text, abbr text, dx float8, dy float8);`)
  const counties = await db.query<SourceCounty>(
    'SELECT state_fp, county_fp, west, south, east, north FROM state_size_src.counties ORDER BY state_fp, county_fp',
  )
  const plan = moves(counties, copies)
  await db.query(
    'INSERT INTO state_size_moves SELECT * FROM json_populate_recordset(NULL::state_size_moves, $1::json)',
    [JSON.stringify(plan)],
  )
  const columns = (
    await db.query<{ name: string }>(
      `SELECT attname AS name FROM pg_attribute WHERE attrelid = 'parcels'::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
    )
  ).map((r) => r.name)
  const partitioned = await parcelsPartitioned(db)
  const states = new Set([...counties.map((c) => c.state_fp), ...plan.map((m) => m.fp)])
  for (const fp of states) await ensureStatePartition(db, fp)
  await db.transaction(async (tx) => {
    await dropParcelIndexesWhenEmpty(tx)
  })
  const has = async (fp: string) =>
    (await db.query('SELECT 1 FROM counties WHERE state_fp = $1 LIMIT 1', [fp])).length > 0
  const perCopy = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM state_size_rows'))[0]!.n
  const t0 = performance.now()
  let made = 0
  const copy = async (k: number, fp: string) => {
    if (await has(fp)) return
    await db.transaction(async (tx) => {
      if (k === 0) {
        await tx.exec(`INSERT INTO parcels SELECT * FROM state_size_rows;
          INSERT INTO counties SELECT * FROM state_size_src.counties;
          INSERT INTO places SELECT * FROM state_size_src.places`)
      } else {
        const moved = 'state_size_moves m ON m.src_fp = s.state_fp AND m.county_fp = s.county_fp'
        await tx.query(
          `INSERT INTO parcels SELECT ${copyColumns(columns)} FROM state_size_rows s JOIN ${moved} WHERE m.k = $1`,
          [k],
        )
        await tx.query(
          `INSERT INTO counties (state_fp, county_fp, state, county, parcels, west, south, east, north, source)
           SELECT m.fp, s.county_fp, m.abbr, s.county, s.parcels, s.west + m.dx, s.south + m.dy, s.east + m.dx,
                  s.north + m.dy, 'bench:state'
           FROM state_size_src.counties s JOIN ${moved} WHERE m.k = $1`,
          [k],
        )
        await tx.query(
          `INSERT INTO places (state_fp, county_fp, name, parcels, geom)
           SELECT m.fp, s.county_fp, s.name, s.parcels, ST_Translate(s.geom, m.dx, m.dy)
           FROM state_size_src.places s JOIN ${moved} WHERE m.k = $1`,
          [k],
        )
      }
    })
    made += perCopy
    const secs = (performance.now() - t0) / 1000
    log(`  copy ${k + 1} / ${copies}: ${Math.round(made / secs).toLocaleString('en-US')} rows/s`)
  }
  await copy(0, counties[0]!.state_fp)
  const pending = Array.from({ length: copies - 1 }, (_, i) => i + 1)
  // Two copies at a time: one statement's work is mostly one core's (no parallel insert).
  await Promise.all(
    [0, 1].map(async () => {
      for (let k = pending.shift(); k !== undefined; k = pending.shift()) await copy(k, plan.find((m) => m.k === k)!.fp)
    }),
  )
  const keyed = (await db.query("SELECT 1 FROM pg_constraint WHERE conname = 'parcels_pkey'")).length > 0
  if (!keyed) await db.transaction((tx) => restoreParcelKey(tx))
  const parcels = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM parcels'))[0]!.n
  const rowsSeconds = (performance.now() - t0) / 1000
  log(
    `  ${parcels.toLocaleString('en-US')} parcels (${made.toLocaleString('en-US')} made now in ${rowsSeconds.toFixed(0)} s, with the primary key); building indexes…`,
  )
  const t1 = performance.now()
  await createParcelIndexes(db)
  const indexSeconds = (performance.now() - t1) / 1000
  const t2 = performance.now()
  await db.exec(
    'DROP TABLE state_size_rows, state_size_moves; DROP SCHEMA state_size_src CASCADE; DROP SERVER state_size_source CASCADE',
  )
  await db.exec('VACUUM ANALYZE')
  const analyzeSeconds = (performance.now() - t2) / 1000
  const meta: StateSizeMeta = {
    parcels,
    made,
    copies,
    rowsSeconds,
    indexSeconds,
    analyzeSeconds,
    madeAt: new Date().toISOString(),
  }
  await db.query('INSERT INTO dataset_meta (key, value) VALUES ($1, $2::jsonb)', [
    STATE_SIZE_META_KEY,
    JSON.stringify(meta),
  ])
  log(
    `  indexes ${indexSeconds.toFixed(0)} s, VACUUM ANALYZE ${analyzeSeconds.toFixed(0)} s (${partitioned ? 'partitioned' : 'unpartitioned'})`,
  )
  return meta
}
