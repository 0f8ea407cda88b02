/**
 * Tiles on PostgreSQL: PostGIS clips, simplifies, validates and encodes (ST_AsMVTGeom, ST_AsMVT) in
 * one statement, whose snapshot also gives the data version the tile was made at.
 */
import { PARCEL_LAYER, PLACE_LAYER, TEXTURE_LAYER, TEXTURE_TILE_PROPS, TILE_EXTENT } from '../../contract/tiles'
import { DATA_VERSION_SQL } from '../db/data-version-sql'
import type { Queryable } from '../db/database'
import type { TileRenderer } from './tile-maker'
import { FRAME, KEPT, PARCEL_PROPS, PLACES_FROM, PLACES_ORDER, TEXTURE, TEXTURE_ORDER, tileParams } from './tile-sql'

/** In Web Mercator, pre-simplified by the step's tolerance (tile units over the tile's scale). */
const MERCATOR = `CASE WHEN $8::float8 > 0 THEN ST_Simplify(ST_Transform(p.geom, 3857), $8::float8 / frame.f, true)
                 ELSE ST_Transform(p.geom, 3857) END`
const MVT_GEOM = (g: string) => `ST_AsMVTGeom(${g}, frame.e, ${TILE_EXTENT}, $4::int, true)`

const TILE = `WITH ${FRAME},
  pa AS (SELECT ${PARCEL_PROPS}, ${MVT_GEOM(MERCATOR)} AS geom FROM parcels p, frame WHERE ${KEPT}),
  pl AS (SELECT pl.name, pl.parcels, ${MVT_GEOM('ST_Transform(pl.geom, 3857)')} AS geom,
                row_number() OVER (ORDER BY ${PLACES_ORDER}) AS rank
         ${PLACES_FROM}),
  ${TEXTURE}
  SELECT coalesce((SELECT ST_AsMVT(t.*, '${PARCEL_LAYER}', ${TILE_EXTENT}, 'geom', 'id')
                   FROM (SELECT * FROM pa WHERE geom IS NOT NULL ORDER BY svc_uuid) t), ''::bytea)
      || coalesce((SELECT ST_AsMVT(t.*, '${PLACE_LAYER}', ${TILE_EXTENT}, 'geom')
                   FROM (SELECT name, parcels, geom FROM pl WHERE geom IS NOT NULL ORDER BY rank) t), ''::bytea)
      || coalesce((SELECT ST_AsMVT(t.*, '${TEXTURE_LAYER}', ${TILE_EXTENT}, 'geom')
                   FROM (SELECT n AS ${TEXTURE_TILE_PROPS.parcels},
                                ${MVT_GEOM('ST_SetSRID(ST_MakePoint(frame.x0 + cx / frame.f, frame.y1 - cy / frame.f), 3857)')} AS geom
                         FROM tx, frame ORDER BY ${TEXTURE_ORDER}) t), ''::bytea) AS mvt,
         (SELECT count(*) FROM pa WHERE geom IS NOT NULL)::int AS parcels,
         ${DATA_VERSION_SQL} AS version`

export function postgresTiles(db: Queryable): TileRenderer {
  return {
    async render(tile, detail, opts) {
      const rows = await db.query<{ mvt: Uint8Array; parcels: number; version: string }>(
        TILE,
        tileParams(tile, detail),
        opts,
      )
      const row = rows[0]
      if (!row) throw new Error('the tile statement returned no row')
      return { bytes: new Uint8Array(row.mvt), parcels: row.parcels, version: row.version }
    },
  }
}
