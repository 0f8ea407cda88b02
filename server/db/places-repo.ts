/**
 * The `places` table: one point per town name of a county (the data's `city`), with its parcel
 * count, for the tiles' `places` layer (offline map labels). Kept by every load in the load's own
 * transaction, so a tile never aggregates parcels on request; deleting a county deletes its places
 * (foreign key on `counties`).
 */
import type { Queryable } from './database'

/**
 * Places of the parcels matching `where` (over `parcels p`). The point is the median of the
 * parcels' centroids on each axis: a town's many small lots outvote the scattered farms that carry
 * its name as a mailing city, where a mean would drift into the fields. Names are grouped without
 * case ("AMES", "Ames"); the most common spelling is shown. `from` is `parcels` or a table of rows
 * with its columns (a load's rows before they go in: write-county.ts).
 */
export function placesSelect(where: string, from = 'parcels'): string {
  return `SELECT state_fp, county_fp, mode() WITHIN GROUP (ORDER BY city) AS name, count(*)::int AS parcels,
            ST_SetSRID(ST_MakePoint(percentile_cont(0.5) WITHIN GROUP (ORDER BY ST_X(c)),
                                    percentile_cont(0.5) WITHIN GROUP (ORDER BY ST_Y(c))), 4326) AS geom
          FROM (SELECT p.state_fp, p.county_fp, p.city, ST_Centroid(p.geom) AS c FROM ${from} p
                WHERE ${where} AND p.city IS NOT NULL AND btrim(p.city) <> '' OFFSET 0) x
          GROUP BY state_fp, county_fp, lower(city)`
}

/**
 * Replaces the county's places (call after its `counties` row is written): from its parcels, or
 * copied from `prepared`, a table that placesSelect filled from the same rows beforehand.
 */
export async function refreshPlaces(
  tx: Queryable,
  stateFp: string,
  countyFp: string,
  prepared?: string,
): Promise<number> {
  await tx.query('DELETE FROM places WHERE state_fp = $1 AND county_fp = $2', [stateFp, countyFp])
  const select = prepared
    ? `SELECT state_fp, county_fp, name, parcels, geom FROM ${prepared} WHERE state_fp = $1 AND county_fp = $2`
    : placesSelect('p.state_fp = $1 AND p.county_fp = $2')
  const rows = await tx.query<{ n: number }>(
    `WITH ins AS (INSERT INTO places (state_fp, county_fp, name, parcels, geom)
                  ${select} RETURNING 1)
     SELECT count(*)::int AS n FROM ins`,
    [stateFp, countyFp],
  )
  return rows[0]?.n ?? 0
}
