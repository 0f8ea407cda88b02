/**
 * The `places` table's one home (its migration and its SQL): the loader writes it, the tiles read it.
 * One point per town name of a county (the data's `city`), with its parcel
 * count, for the tiles' `places` layer (offline map labels). Kept by every load in the load's own
 * transaction, so a tile never aggregates parcels on request; deleting a county deletes its places
 * (foreign key on `counties`).
 */
import type { Queryable } from './database'
import type { Migration } from './migrate'

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

export const PLACES_MIGRATIONS: readonly Migration[] = [
  {
    // Town-name points for the tiles' places layer, kept by every load (refreshPlaces); a database
    // loaded before gets them here. Its id is among the tiles' (20–29): it came with them.
    id: 22,
    sql: `
      CREATE TABLE places (
        state_fp text NOT NULL,
        county_fp text NOT NULL,
        name text NOT NULL,
        parcels int NOT NULL,
        geom geometry(Point, 4326) NOT NULL,
        PRIMARY KEY (state_fp, county_fp, name),
        FOREIGN KEY (state_fp, county_fp) REFERENCES counties (state_fp, county_fp) ON DELETE CASCADE
      );
      CREATE INDEX places_geom ON places USING gist (geom);
      INSERT INTO places (state_fp, county_fp, name, parcels, geom)
      ${placesSelect('EXISTS (SELECT 1 FROM counties k WHERE k.state_fp = p.state_fp AND k.county_fp = p.county_fp)')};
    `,
  },
]
