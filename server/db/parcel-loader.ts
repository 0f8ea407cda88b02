import type { Database } from './database'
import { PARCEL_COLUMNS } from './parcel-columns'
import type { ParcelRow } from './parcel-row'

const colNames = PARCEL_COLUMNS.map((c) => c.name)
const recordset = [...PARCEL_COLUMNS.map((c) => `${c.name} ${c.sqlType}`), 'extra jsonb', 'geom text'].join(', ')

// One bound jsonb parameter per batch: far fewer round trips into the WASM engine than row inserts.
const INSERT_PARCELS = `
  INSERT INTO parcels (${colNames.join(', ')}, extra, address_text, geom)
  SELECT ${colNames.map((n) => `r.${n}`).join(', ')}, r.extra,
         concat_ws(' ', r.situs, r.city, r.state, r.postal),
         ST_Multi(ST_SetSRID(ST_GeomFromGeoJSON(r.geom), 4326))
  FROM jsonb_to_recordset($1::jsonb) AS r(${recordset})`

const INSERT_BUILDINGS = `
  INSERT INTO buildings (parcel_uuid, sq_feet, sq_meters, height, occupancy, occupancy_code, address, city, state, postal, geom)
  SELECT r.parcel_uuid, r.sq_feet, r.sq_meters, r.height, r.occupancy, r.occupancy_code, r.address, r.city, r.state,
         r.postal, ST_SetSRID(ST_GeomFromGeoJSON(r.geom), 4326)
  FROM jsonb_to_recordset($1::jsonb) AS r(parcel_uuid text, sq_feet double precision, sq_meters double precision,
       height double precision, occupancy text, occupancy_code text, address text, city text, state text, postal text,
       geom text)`

export async function insertParcelBatch(db: Database, rows: readonly ParcelRow[]): Promise<void> {
  if (rows.length === 0) return
  const parcels = rows.map((r) => ({ ...r.columns, extra: r.extra, geom: r.geom }))
  await db.query(INSERT_PARCELS, [JSON.stringify(parcels)])
  const buildings = rows.flatMap((r) => r.buildings.map((b) => ({ ...b, parcel_uuid: r.columns.svc_uuid })))
  if (buildings.length) await db.query(INSERT_BUILDINGS, [JSON.stringify(buildings)])
}
