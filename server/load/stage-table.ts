/**
 * The staging table a load streams into, one per load (its name carries a random suffix, so two
 * counties can load at once on PostgreSQL). Rows are written once; derived values that need a pass
 * of their own (recomputed ids, same-owner acres, raster samples) go to narrow side tables, joined
 * when one transaction moves the county into `parcels` — updating every wide row would rewrite the
 * whole stage each time.
 */
import { randomBytes } from 'node:crypto'
import type { Database, Queryable } from '../db/database'
import { stageOwner } from './process-owner'
import type { StagedRow } from './staged-row'

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
      svc_uuid text
    );
    CREATE UNLOGGED TABLE ${table}_ids (seq int PRIMARY KEY, svc_uuid text NOT NULL);
    CREATE UNLOGGED TABLE ${table}_adj (seq int PRIMARY KEY, acres double precision NOT NULL);
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

/** One bound jsonb parameter per batch: few round trips, even into the embedded (WASM) database. */
export async function insertStaged(stage: Stage, rows: readonly StageInsert[]): Promise<void> {
  if (rows.length === 0) return
  const payload = rows.map((r) => ({
    seq: r.seq,
    feature: r.row.feature,
    layer: r.row.layer,
    attrs: r.row.attrs,
    extra: JSON.stringify(r.row.extra, round6),
    buildings: JSON.stringify(r.row.buildings ?? [], round6),
    owner_key: r.ownerKey,
    pid_key: r.pidKey,
    fixes: r.row.fixes?.length ? [...new Set(r.row.fixes)].join('; ') : null,
    svc_uuid: r.svcUuid,
    footprint: r.footprint,
    geom: JSON.stringify(r.row.geom),
  }))
  await stage.db.query(
    `INSERT INTO ${stage.table} (seq, feature, layer, attrs, extra, buildings, owner_key, pid_key, fixes, svc_uuid,
                                   footprint, geom)
     SELECT r.seq, r.feature, r.layer, r.attrs, r.extra, r.buildings, r.owner_key, r.pid_key, r.fixes, r.svc_uuid,
            r.footprint,
            ST_SetSRID(ST_GeomFromGeoJSON(r.geom), 4326)
     FROM jsonb_to_recordset($1::jsonb) AS r(seq int, feature int, layer text, attrs jsonb, extra text,
          buildings text, owner_key text, pid_key text, fixes text, svc_uuid text, footprint text, geom text)`,
    [JSON.stringify(payload)],
  )
}

export async function indexStage(stage: Stage): Promise<void> {
  await stage.db.exec(`
    CREATE INDEX ${stage.table}_geom ON ${stage.table} USING gist (geom);
    CREATE INDEX ${stage.table}_owner ON ${stage.table} (owner_key);
    ANALYZE ${stage.table}`)
}

export async function dropStage(db: Queryable, stage: Stage): Promise<void> {
  const t = stage.table
  await db.exec(`DROP TABLE IF EXISTS ${t}, ${t}_ids, ${t}_adj, ${t}_raster, ${t}_dup, ${t}_history`)
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
