/**
 * The `counties` table: one row per loaded county, kept by every load (demo included) in the same
 * transaction as its parcels. Read by `npm run load -- --list` and the coverage endpoint.
 */
import type { Queryable } from './database'

export interface CountyRow {
  state_fp: string
  county_fp: string
  state: string
  county: string
  parcels: number
  /** [west, south, east, north] in degrees, null for a county with no parcels */
  bbox: [number, number, number, number] | null
  loaded_at: string
  source: string
}

interface Raw extends Record<string, unknown> {
  state_fp: string
  county_fp: string
  state: string
  county: string
  parcels: number
  west: number | null
  south: number | null
  east: number | null
  north: number | null
  loaded_at: string | Date
  source: string
}

const toRow = (r: Raw): CountyRow => ({
  state_fp: r.state_fp,
  county_fp: r.county_fp,
  state: r.state,
  county: r.county,
  parcels: Number(r.parcels),
  bbox: r.west === null ? null : [r.west, r.south!, r.east!, r.north!],
  loaded_at: new Date(r.loaded_at).toISOString(),
  source: r.source,
})

/** A county's parcel count `n` and extent `e` over the rows of `from` that match `where`. */
export const countySummarySelect = (from: string, where: string) =>
  `SELECT count(*)::int AS n, ST_Extent(geom)::box3d AS e FROM ${from} WHERE ${where}`

/**
 * Writes the county's row with where it came from and its parcel count and extent: counted over its
 * parcels, or read from `prepared`, a table (n, e) that countySummarySelect filled from the same
 * rows beforehand.
 */
export async function upsertCounty(
  db: Queryable,
  c: { state_fp: string; county_fp: string; state: string; county: string },
  source: string,
  prepared?: string,
): Promise<CountyRow> {
  const summary = prepared
    ? `SELECT n, e FROM ${prepared}`
    : countySummarySelect('parcels', 'state_fp = $1 AND county_fp = $2')
  const rows = await db.query<Raw>(
    `INSERT INTO counties (state_fp, county_fp, state, county, parcels, west, south, east, north, loaded_at, source)
     SELECT $1, $2, $3, $4, x.n, ST_XMin(x.e), ST_YMin(x.e), ST_XMax(x.e), ST_YMax(x.e), now(), $5
     FROM (${summary}) x
     ON CONFLICT (state_fp, county_fp) DO UPDATE SET state = EXCLUDED.state, county = EXCLUDED.county,
       parcels = EXCLUDED.parcels, west = EXCLUDED.west, south = EXCLUDED.south, east = EXCLUDED.east,
       north = EXCLUDED.north, loaded_at = EXCLUDED.loaded_at, source = EXCLUDED.source
     RETURNING *`,
    [c.state_fp, c.county_fp, c.state, c.county, source],
  )
  return toRow(rows[0]!)
}

export async function listCounties(db: Queryable): Promise<CountyRow[]> {
  return (await db.query<Raw>('SELECT * FROM counties ORDER BY state_fp, county_fp')).map(toRow)
}

/** Deletes a county's parcels and its row in one transaction's worth of statements. */
export async function deleteCounty(db: Queryable, stateFp: string, countyFp: string): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `WITH d AS (DELETE FROM parcels WHERE state_fp = $1 AND county_fp = $2 RETURNING 1)
     SELECT count(*)::int AS n FROM d`,
    [stateFp, countyFp],
  )
  await db.query('DELETE FROM counties WHERE state_fp = $1 AND county_fp = $2', [stateFp, countyFp])
  return rows[0]?.n ?? 0
}
