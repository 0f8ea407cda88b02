/**
 * The county's replacement, in one transaction: delete its old parcels, insert the staged ones
 * (record JSON assembled in SQL from the extra fields' text, the catalog columns and the
 * boundary), update its row in `counties` and its town-name points in `places`, and log the load
 * and, on a reload, what changed per parcel (change-log.ts, compare-county.ts). Readers see the old
 * county or the new one, never half, and the change log always matches the data. On PostgreSQL
 * the rows are built before the transaction (buildCountyRows), their places and extent beside it
 * (summarizeCountyRows), and the transaction copies both.
 */
import { CDL_CATEGORIES } from '../../../contract/crops'
import { FIELDS } from '../../../contract/fields'
import { openChangeLog, recordLoad } from '../../db/change-log-repo'
import type { CountyRow } from '../../db/counties-repo'
import { countySummarySelect, upsertCounty } from '../../db/counties-repo'
import type { Database, Queryable } from '../../db/database'
import { dropParcelIndexesWhenEmpty, restoreParcelKey } from '../../db/parcel-indexes'
import { ensureStatePartition } from '../../db/parcel-partitions'
import { placesSelect, refreshPlaces } from '../../db/places-repo'
import type { LandUsePair } from '../derive/land-use-class'
import { STAGED_FIELDS, type Stage, stagedColumn } from '../stage/stage-table'
import { type CountyChanges, compareCounty, OLD_COUNTY_TABLE, setAsideOldCounty } from './compare-county'

export interface CountyIdentity {
  state_fp: string
  county_fp: string
  state: string
  county: string
}

export interface WriteOptions {
  /** sq_feet comes from the source when the mapping names it; otherwise from the geometry. */
  sqFeetMapped: boolean
  /** Raster values replace mapped ones when a raster was given. */
  dem: boolean
  cdl: boolean
  /** The classified (land_use_code, land_use) pairs of the county (land-use-class.ts). */
  landUse?: readonly LandUsePair[]
  /** Run in the county's transaction once its change log is written (issue 41: the watches' events). */
  afterLog?: ChangeLogHook
}

export type ChangeLogHook = (
  tx: Queryable,
  load: { loadId: number; version: string; state_fp: string; county_fp: string; oldTable: string | null },
) => Promise<unknown>

export interface WriteResult {
  county: CountyRow
  /** What a reload changed; null when the county was not loaded before. */
  changes: CountyChanges | null
  /** The data version after this load (what `/coverage` reports once it commits). */
  version: string
}

/** Category names for raster codes: the ones the contract knows (others keep their code, no name). */
const CDL_CODES = CDL_CATEGORIES.map((c) => c.code)
const CDL_NAMES = CDL_CATEGORIES.map((c) => c.name)

/** A history from yearly rasters (cdl-history.ts) replaces one the source carried. */
const extraWithHistory = `CASE WHEN h.history IS NULL THEN s.extra
  ELSE ((s.extra::jsonb - 'cdl_history') || jsonb_build_object('cdl_history', h.history::jsonb))::text END AS extra`

const round = (expr: string, digits: number) => `round((${expr})::numeric, ${digits})::float8`

/**
 * SQL for each catalog column, in catalog order, over the stage row `s` ($1–$4: the county). The
 * query below fences each level with OFFSET 0 so every expression (the JSON above all) is
 * evaluated once per row, not once per reference.
 */
function columnExprs(o: WriteOptions): [string, string][] {
  const staged = new Set(STAGED_FIELDS.map((f) => f.name))
  const attr = (name: string) => {
    if (!staged.has(name)) throw new Error(`catalog field ${name} is neither derived nor staged`)
    return `s.${stagedColumn(name)}`
  }
  const special: Record<string, string> = {
    svc_uuid: 'coalesce(i.svc_uuid, s.svc_uuid)',
    svc_stack_uuid: 'st.stack',
    state_fp: '$1::text',
    county_fp: '$2::text',
    state: '$3::text',
    county: '$4::text',
    acres_calc: round('s.acres', 4),
    rotation: 'h.rotation',
    corn_years_5: 'h.corn_years_5',
    land_use_class: 'luc.cls',
    // Parcels with no same-owner neighbour hold just their own acres; no owner, no holding.
    adjacent_acreage_sameowner: round('CASE WHEN s.owner_key IS NULL THEN NULL ELSE coalesce(a.acres, s.acres) END', 4),
  }
  if (!o.sqFeetMapped) special.sq_feet = `round(s.acres * 43560)::float8`
  if (o.dem) special.elevation = round('r.elevation', 1)
  if (o.cdl) {
    special.cdl_majority_value = 'r.cdl_value'
    special.cdl_majority_percent = round('r.cdl_percent', 1)
    special.cdl_majority_category = `(SELECT c.name FROM unnest($5::int[], $6::text[]) AS c(code, name) WHERE c.code = r.cdl_value)`
  }
  return FIELDS.map((f) => [f.name, special[f.name] ?? attr(f.name)])
}

/** The columns a county's rows fill in `parcels`, in order. */
const rowColumns = (o: WriteOptions) => [
  ...columnExprs(o).map(([n]) => n),
  'record',
  'buildings',
  'address_text',
  'geom',
]

/**
 * `INSERT INTO target` of the county's parcel rows built from the stage (the record JSON assembled
 * from the extra fields' text, the catalog columns and the boundary), for the stage rows with
 * `after < seq <= upTo` when a range is given.
 */
function rowsInsert(
  stage: Stage,
  county: CountyIdentity,
  o: WriteOptions,
  target: string,
  range?: { after: number; upTo: number },
): { sql: string; params: unknown[] } {
  const cols = columnExprs(o)
  const names = cols.map(([n]) => n)
  const select = cols.map(([n, e]) => `${e} AS ${n}`).join(',\n  ')
  const built = `json_build_object(${names.map((n) => `'${n}', c.${n}`).join(', ')})::text`
  const t = stage.table
  const params: unknown[] = [county.state_fp, county.county_fp, county.state, county.county]
  if (o.cdl) params.push(CDL_CODES, CDL_NAMES)
  params.push(JSON.stringify(o.landUse ?? []))
  // The classified pairs, joined on both values (a pair with a null matches a null: '' never occurs,
  // coerce.ts makes empty text null), so the join is a hash join, not a test per pair and row.
  const luc = `luc AS (SELECT coalesce(code, '') AS code, coalesce(description, '') AS description, cls
                       FROM jsonb_to_recordset($${params.length}::jsonb) AS l(code text, description text, cls text))`
  let inRange = ''
  if (range) {
    params.push(range.after, range.upTo)
    inRange = `AND staged.seq > $${params.length - 1} AND staged.seq <= $${params.length}`
  }
  const sql = `WITH ${luc}
     INSERT INTO ${target} (${rowColumns(o).join(', ')})
     SELECT ${names.map((n) => `j.${n}`).join(', ')},
            '{' || CASE WHEN j.extra = '{}' THEN '' ELSE substr(j.extra, 2, length(j.extra) - 2) || ',' END
                || substr(j.cols, 2, length(j.cols) - 2)
                || ',"geom":' || ST_AsGeoJSON(j.geom, 6) || '}',
            j.buildings, concat_ws(' ', j.situs, j.city, j.state, j.postal), j.geom
     FROM (SELECT c.*, ${built} AS cols FROM (
             SELECT ${select}, ${extraWithHistory}, s.buildings, ST_Multi(s.geom) AS geom
             FROM (SELECT staged.*, ar.acres FROM ${t} staged JOIN ${t}_area ar ON ar.seq = staged.seq
                   WHERE staged.rejected IS NULL ${inRange} OFFSET 0) s
             LEFT JOIN ${t}_ids i ON i.seq = s.seq
             LEFT JOIN ${t}_stacks st ON st.footprint = s.footprint
             LEFT JOIN ${t}_adj a ON a.seq = s.seq
             LEFT JOIN ${t}_raster r ON r.seq = s.seq
             LEFT JOIN ${t}_history h ON h.seq = s.seq
             LEFT JOIN luc ON luc.code = coalesce(s.${stagedColumn('land_use_code')}, '')
                          AND luc.description = coalesce(s.${stagedColumn('land_use')}, '')
             OFFSET 0) c
           OFFSET 0) j`
  return { sql, params }
}

/**
 * On PostgreSQL the county's rows are built before its transaction, into the stage's `_rows`, in
 * `parts` seq ranges on connections side by side: assembling the record JSON is most of a write,
 * one statement runs on one core, and PostgreSQL does not run an INSERT's query in parallel
 * (issue 23). The transaction then copies the rows (writeCounty with `prebuilt`). Only reads the
 * stage, so a failure here changes no row of `parcels` (at most its state's new partition is left,
 * empty). Measured on a kept 1,000,000-row stage,
 * twice each: one INSERT … SELECT 46–52 s; two halves 25.3–25.6 s + the copy 12.7–15.9 s. The cost
 * is a second copy of the rows on disk (an unlogged table, ~1.6 GB at 1,000,000) until the load ends.
 */
export async function buildCountyRows(
  db: Database,
  stage: Stage,
  county: CountyIdentity,
  o: WriteOptions,
  lastSeq: number,
  parts = 2,
): Promise<void> {
  const t = stage.table
  // The state's partition of `parcels` first (parcel-partitions.ts): outside the county's
  // transaction, so that transaction only writes rows and readers never wait on the DDL.
  await ensureStatePartition(db, county.state_fp)
  await db.exec(`CREATE UNLOGGED TABLE ${t}_rows AS SELECT ${rowColumns(o).join(', ')} FROM parcels WITH NO DATA`)
  const size = Math.ceil(lastSeq / parts)
  await Promise.all(
    Array.from({ length: parts }, (_, k) => {
      const { sql, params } = rowsInsert(stage, county, o, `${t}_rows`, { after: k * size, upTo: (k + 1) * size })
      return db.query(sql, params)
    }),
  )
}

/**
 * The county's town-name points and its parcel count and extent, from the rows buildCountyRows
 * built, into `_places` and `_summary`: run on connections of their own while the transaction
 * copies the same rows, so the transaction only copies the results (issue 23: computed over
 * `parcels` inside it, they took 6.3 s of a 1,000,000-parcel load).
 */
export async function summarizeCountyRows(db: Database, stage: Stage): Promise<void> {
  const t = stage.table
  await Promise.all([
    db.exec(`CREATE UNLOGGED TABLE ${t}_places AS ${placesSelect('TRUE', `${t}_rows`)}`),
    db.exec(`CREATE UNLOGGED TABLE ${t}_summary AS ${countySummarySelect(`${t}_rows`, 'TRUE')}`),
  ])
}

/**
 * The county's replacement (module comment). With `prebuilt`, its rows were built by
 * buildCountyRows and are copied, and its places and summary come from summarizeCountyRows
 * (running beside the copy; `summarized` waits for it); otherwise all of it is done here.
 */
export async function writeCounty(
  tx: Queryable,
  stage: Stage,
  county: CountyIdentity,
  source: string,
  o: WriteOptions,
  prebuilt?: { summarized: () => Promise<void> },
): Promise<WriteResult> {
  const t = stage.table
  // Loads take turns in the change log (its lock, held to the commit). A first county into an empty
  // table takes its turn here, before it drops the table's indexes; any other copies its rows beside
  // other counties' loads and takes its turn only for its county row, places and log, below (issue 40).
  const [first] = await tx.query<{ empty: boolean }>('SELECT NOT EXISTS (SELECT 1 FROM parcels) AS empty')
  let previousVersion = first?.empty ? await openChangeLog(tx) : null
  const old = await setAsideOldCounty(tx, county.state_fp, county.county_fp)
  // The first rows into an empty table go in without indexes (parcel-indexes.ts); the caller
  // builds the secondary ones after the commit (createParcelIndexes), as it does on a first load.
  const unindexed = previousVersion !== null && old === 0 && (await dropParcelIndexesWhenEmpty(tx))
  if (prebuilt) {
    const cols = rowColumns(o).join(', ')
    await tx.exec(`INSERT INTO parcels (${cols}) SELECT ${cols} FROM ${t}_rows`)
    await prebuilt.summarized()
  } else {
    const { sql, params } = rowsInsert(stage, county, o, 'parcels')
    await tx.query(sql, params)
  }
  if (unindexed) await restoreParcelKey(tx)
  previousVersion ??= await openChangeLog(tx)
  const row = await upsertCounty(tx, county, source, prebuilt ? `${t}_summary` : undefined)
  await refreshPlaces(tx, county.state_fp, county.county_fp, prebuilt ? `${t}_places` : undefined)
  const load = await recordLoad(tx, {
    county,
    kind: old > 0 ? 'reload' : 'first',
    source,
    parcels: row.parcels,
    previousVersion,
  })
  const changes = old > 0 ? await compareCounty(tx, county, load) : null
  await o.afterLog?.(tx, {
    loadId: load.id,
    version: load.version,
    ...county,
    oldTable: old > 0 ? OLD_COUNTY_TABLE : null,
  })
  return { county: row, changes, version: load.version }
}
