import type { Database } from './database'
import { PARCEL_COLUMNS } from './parcel-columns'
import type { ParcelRow } from './parcel-row'

const colNames = PARCEL_COLUMNS.map((c) => c.name)
const recordset = [
  ...PARCEL_COLUMNS.map((c) => `${c.name} ${c.sqlType}`),
  'record text',
  'buildings text',
  'geom text',
].join(', ')

// One bound jsonb parameter per batch: far fewer round trips into the WASM engine than row inserts.
const INSERT_PARCELS = `
  INSERT INTO parcels (${colNames.join(', ')}, record, buildings, address_text, geom)
  SELECT ${colNames.map((n) => `r.${n}`).join(', ')}, r.record, r.buildings,
         concat_ws(' ', r.situs, r.city, r.state, r.postal),
         ST_Multi(ST_SetSRID(ST_GeomFromGeoJSON(r.geom), 4326))
  FROM jsonb_to_recordset($1::jsonb) AS r(${recordset})`

/** 6 decimals ≈ 0.1 m: plenty for parcel boundaries, and a third smaller than full doubles. */
const round6 = (_key: string, v: unknown) =>
  typeof v === 'number' && !Number.isInteger(v) ? Math.round(v * 1e6) / 1e6 : v

/**
 * The record as the API sends it: other fields first, then the catalog columns (which win over a
 * same-named extra key), then the boundary.
 */
export function recordText(row: ParcelRow): string {
  return JSON.stringify({ ...row.extra, ...row.columns, geom: row.geom }, round6)
}

export async function insertParcelBatch(db: Database, rows: readonly ParcelRow[]): Promise<void> {
  if (rows.length === 0) return
  const parcels = rows.map((r) => ({
    ...r.columns,
    record: recordText(r),
    buildings: JSON.stringify(r.buildings, round6),
    geom: r.geom,
  }))
  await db.query(INSERT_PARCELS, [JSON.stringify(parcels)])
}
