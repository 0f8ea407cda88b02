/**
 * The staging table a load streams into, one per load (its name carries a random suffix, so two
 * counties can load at once on PostgreSQL). Rows are written once; derived values that need a pass
 * of their own (recomputed ids, same-owner acres, raster samples) go to narrow side tables, joined
 * when one transaction moves the county into `parcels` — updating every wide row would rewrite the
 * whole stage each time.
 */
import { randomBytes } from 'node:crypto'
import { FIELDS } from '../../../contract/fields'
import type { Database, Queryable } from '../../db/database'
import { stageOwner } from '../process-owner'
import { MAPPABLE_FIELDS } from '../rows/mapping'
import type { StagedRow } from '../rows/staged-row'
import { multiPolygonEwkbHex } from './ewkb'

/**
 * The catalog fields a source can supply, staged as typed columns (`stagedColumn`) beside the
 * `attrs` JSON: the county's write reads them as columns instead of taking some 30 values out of a
 * jsonb per row (issue 23: 2.7 s of a 200,000-parcel write). `attrs` stays for what hashes the
 * attributes as text (derive-ids.ts), so ids do not change.
 */
export const STAGED_FIELDS = FIELDS.filter((f) => MAPPABLE_FIELDS.includes(f.name)).map((f) => ({
  name: f.name,
  numeric: f.group === 'numeric',
}))

/** The stage's column for catalog field `name` (one of STAGED_FIELDS). */
export const stagedColumn = (name: string): string => `a_${name}`

export interface Stage {
  readonly table: string
  readonly db: Database
}

export async function createStage(db: Database): Promise<Stage> {
  const table = `load_stage_${randomBytes(5).toString('hex')}`
  // UNLOGGED: a crash loses only the stage, which a new load rebuilds anyway. The comment names who
  // made it, so a later run can tell a killed load's leftovers from a running load (stage-cleanup.ts).
  await db.exec(`
    CREATE UNLOGGED TABLE ${table} (
      seq int PRIMARY KEY,
      feature int NOT NULL,
      layer text,
      attrs jsonb NOT NULL,
      extra text NOT NULL,
      buildings text NOT NULL,
      owner_key text,
      pid_key text,
      fixes text,
      geom geometry(Geometry, 4326) NOT NULL,
      problem text,
      rejected text,
      footprint text NOT NULL,
      svc_uuid text,
      ${STAGED_FIELDS.map((f) => `${stagedColumn(f.name)} ${f.numeric ? 'double precision' : 'text'}`).join(',\n      ')}
    );
    CREATE UNLOGGED TABLE ${table}_ids (seq int PRIMARY KEY, svc_uuid text NOT NULL);
    CREATE UNLOGGED TABLE ${table}_raster (seq int PRIMARY KEY, elevation double precision,
                                           cdl_value double precision, cdl_percent double precision);
    COMMENT ON TABLE ${table} IS '${JSON.stringify(stageOwner()).replace(/'/g, "''")}'`)
  return { table, db }
}

export interface StageInsert {
  seq: number
  row: StagedRow
  ownerKey: string | null
  pidKey: string | null
  footprint: string
  svcUuid: string | null
}

/** Extra fields as JSON text: the record is assembled from this text in SQL, in this key order. */
const round6 = (_key: string, v: unknown) =>
  typeof v === 'number' && !Number.isInteger(v) ? Math.round(v * 1e6) / 1e6 : v

const COPY_COLUMNS = [
  'seq',
  'feature',
  'layer',
  'attrs',
  'extra',
  'buildings',
  'owner_key',
  'pid_key',
  'fixes',
  'svc_uuid',
  'footprint',
  'geom',
  ...STAGED_FIELDS.map((f) => stagedColumn(f.name)),
]

const NEEDS_ESCAPE = /[\\\n\r\t]/
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' }

/** A value in COPY text format: `\N` for null, backslash, newline, CR and tab escaped. */
function field(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '\\N'
  const text = String(v)
  return NEEDS_ESCAPE.test(text) ? text.replace(/[\\\n\r\t]/g, (c) => ESCAPES[c]!) : text
}

/**
 * Extra fields as JSON with floats to 6 decimals. Flat records (the usual case) are rounded in a
 * shallow copy: JSON.stringify with a replacer calls it for every key, a profiled cost per row.
 */
function extraJson(extra: Record<string, unknown>): string {
  let copy: Record<string, unknown> | null = null
  for (const k in extra) {
    const v = extra[k]
    if (typeof v === 'number') {
      if (!Number.isInteger(v)) {
        copy ??= { ...extra }
        copy[k] = Math.round(v * 1e6) / 1e6
      }
    } else if (v !== null && typeof v === 'object') return JSON.stringify(extra, round6)
  }
  return JSON.stringify(copy ?? extra)
}

/**
 * A catalog value as its typed column's COPY text: what `(attrs->>name)::float8` or `attrs->>name`
 * gave (a number's JSON text; a number that is not finite was null in the JSON).
 */
function stagedValue(v: string | number | null | undefined): string {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '\\N'
  return field(v)
}

/** The typed catalog columns of a row, tab-separated. */
function stagedValues(attrs: StageInsert['row']['attrs']): string {
  let out = ''
  for (const f of STAGED_FIELDS) out += `\t${stagedValue(attrs[f.name])}`
  return out
}

/** One staged row as a line of COPY text (geometry as hex EWKB, which PostGIS reads without parsing GeoJSON). */
export function stageLine(r: StageInsert): string {
  const row = r.row
  const fixes = row.fixes?.length ? [...new Set(row.fixes)].join('; ') : null
  const buildings = row.buildings?.length ? JSON.stringify(row.buildings, round6) : '[]'
  // seq, feature: integers; the EWKB and footprint: hex; ids: uuid text — none needs escaping.
  return `${r.seq}\t${row.feature}\t${field(row.layer)}\t${field(JSON.stringify(row.attrs))}\t${field(extraJson(row.extra))}\t${field(buildings)}\t${field(r.ownerKey)}\t${field(r.pidKey)}\t${field(fixes)}\t${r.svcUuid ?? '\\N'}\t${r.footprint}\t${multiPolygonEwkbHex(row.geom)}${stagedValues(row.attrs)}\n`
}

/** Stages a batch with one COPY (lines from stageLine). */
export async function copyStaged(stage: Stage, lines: readonly string[]): Promise<void> {
  if (lines.length === 0) return
  await stage.db.copyFrom(stage.table, COPY_COLUMNS, lines.join(''))
}

export async function analyzeStage(stage: Stage): Promise<void> {
  const t = stage.table
  // No index beyond seq's: nothing joins the stage by place since the holdings' self-join went (issue
  // 23: 0.4 s of 200,000 parcels), and the holdings' clustering sorts by owner rather than read an
  // owner index (its build took 2.0–2.4 s of a 1,000,000-parcel load, and EXPLAIN showed it unused).
  // Statistics only for the columns later statements join, group or filter on: the whole row's (the
  // attributes' JSON and some 30 catalog columns) took 1.28 s of a 200,000-row stage, these 0.40 s.
  const planned = ['seq', 'rejected', 'owner_key', 'pid_key', 'footprint', 'geom']
  planned.push(stagedColumn('land_use_code'), stagedColumn('land_use'))
  await stage.db.exec(`ANALYZE ${t} (${planned.join(', ')})`)
}

export async function dropStage(db: Queryable, stage: Stage): Promise<void> {
  const t = stage.table
  await db.exec(
    `DROP TABLE IF EXISTS ${t}, ${t}_ids, ${t}_adj, ${t}_raster, ${t}_dup, ${t}_history, ${t}_area, ${t}_stacks, ${t}_rows, ${t}_places, ${t}_summary`,
  )
}

/** Rows still headed for `parcels` (not rejected), in batches of `size` ordered by seq. */
export async function* stagePages<T extends Record<string, unknown>>(
  stage: Stage,
  columns: string,
  where: string,
  size = 10_000,
): AsyncGenerator<T[]> {
  let after = 0
  for (;;) {
    const rows = await stage.db.query<T & { seq: number }>(
      `SELECT seq, ${columns} FROM ${stage.table}
       WHERE rejected IS NULL AND (${where}) AND seq > $1 ORDER BY seq LIMIT $2`,
      [after, size],
    )
    if (rows.length === 0) return
    after = rows.at(-1)!.seq
    yield rows
  }
}
