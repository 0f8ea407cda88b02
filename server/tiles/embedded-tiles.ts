/**
 * Tiles on the embedded database, whose PostGIS has no protobuf (neither ST_AsMVT nor
 * ST_AsMVTGeom). SQL does what ST_AsMVTGeom does — Web Mercator, the affine map to tile units, the
 * 1-unit grid, dropping collinear and collapsed points, clipping to the buffered tile, repairing
 * what clipping and snapping broke — and Node writes the protobuf (mvt-encode.ts). The parcels come
 * in chunks of `CHUNK` by `svc_uuid`: the embedded database has one connection, and short
 * statements let other requests in between (each chunk also has its own statement timeout).
 */
import {
  PARCEL_LAYER,
  PARCEL_TILE_PROPS,
  PLACE_LAYER,
  PLACE_TILE_PROPS,
  TEXTURE_LAYER,
  TEXTURE_TILE_PROPS,
  TILE_EXTENT,
} from '../../contract/tiles'
import { DATA_VERSION_SQL } from '../db/data-version-sql'
import type { Queryable } from '../db/database'
import { encodeTile, type MultiPolygonCoords, type PointFeature, type PolygonFeature } from './mvt-encode'
import type { TileRenderer } from './tile-maker'
import { FRAME, KEPT, PARCEL_PROPS, PLACES_FROM, PLACES_ORDER, TEXTURE, TEXTURE_ORDER, tileParams } from './tile-sql'

const CHUNK = 2000

/** Into tile units: x right from the tile's west edge, y down from its north edge. */
const TO_TILE = (g: string) =>
  `ST_Affine(ST_Transform(${g}, 3857), frame.f, 0, 0, -frame.f, -frame.x0 * frame.f, frame.y1 * frame.f)`
const CLIP_BOX = `ST_MakeEnvelope(-$4::float8, -$4::float8, ${TILE_EXTENT} + $4::float8, ${TILE_EXTENT} + $4::float8)::box2d`

const P = PARCEL_TILE_PROPS
const PARCELS = `WITH ${FRAME},
  c AS (SELECT p.svc_uuid, p.geom, p.cdl_majority_value, p.acres, p.parcel_value, p.sale_date, p.rotation,
               p.land_use_class, p.owner, p.parcel_id
        FROM parcels p, frame WHERE ${KEPT} AND p.svc_uuid > $9 ORDER BY p.svc_uuid LIMIT ${CHUNK}),
  t AS (SELECT ${PARCEL_PROPS}, ${TO_TILE('p.geom')} AS g FROM c p, frame OFFSET 0),
  s AS (SELECT t.*, ST_Simplify(ST_SnapToGrid(CASE WHEN $8::float8 > 0 THEN ST_Simplify(g, $8::float8, true) ELSE g END, 1), 0) AS g1
        FROM t OFFSET 0),
  v AS (SELECT s.*, ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_SnapToGrid(ST_ClipByBox2D(g1, ${CLIP_BOX}), 1)), 3)) AS g2
        FROM s WHERE g1 IS NOT NULL OFFSET 0)
  SELECT coalesce(json_agg(json_build_array(id, ${P.uuid}, ${P.crop}, ${P.acres}, ${P.valuePerAcre}, ${P.saleYear},
                                            ${P.rotation}, ${P.landUse}, ${P.owner}, ${P.parcelId}, ST_AsGeoJSON(g2, 0)::json -> 'coordinates') ORDER BY ${P.uuid})
                  FILTER (WHERE g2 IS NOT NULL AND NOT ST_IsEmpty(g2)), '[]')::text AS features,
         (SELECT max(svc_uuid) FROM c) AS last, (SELECT count(*) FROM c)::int AS read
  FROM v`

const PLACES = `WITH ${FRAME},
  pt AS (SELECT pl.name, pl.parcels, ST_SnapToGrid(${TO_TILE('pl.geom')}, 1) AS g,
                row_number() OVER (ORDER BY ${PLACES_ORDER}) AS rank
         ${PLACES_FROM})
  SELECT coalesce((SELECT json_agg(json_build_array(name, parcels, ST_X(g), ST_Y(g)) ORDER BY rank) FROM pt
                   WHERE ST_X(g) BETWEEN -$4::float8 AND ${TILE_EXTENT} + $4::float8
                     AND ST_Y(g) BETWEEN -$4::float8 AND ${TILE_EXTENT} + $4::float8), '[]')::text AS places,
         ${DATA_VERSION_SQL} AS version`

/** Left-out parcels per cell (tile-sql.ts TEXTURE); nothing to read at full detail ($7 = 0). */
const TEXTURE_CELLS = `WITH ${FRAME}, ${TEXTURE}
  SELECT coalesce(json_agg(json_build_array(cx, cy, n) ORDER BY ${TEXTURE_ORDER}), '[]')::text AS cells FROM tx`

type ParcelRow = [
  number,
  string,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  number | null,
  string | null,
  string | null,
  MultiPolygonCoords,
]

export function embeddedTiles(db: Queryable): TileRenderer {
  return {
    async render(tile, detail, opts) {
      const params = tileParams(tile, detail)
      const head = (await db.query<{ places: string; version: string }>(PLACES, params.slice(0, 4), opts))[0]
      const places: PointFeature[] = (JSON.parse(head?.places ?? '[]') as [string, number, number, number][]).map(
        ([name, parcels, x, y]) => ({
          properties: { [PLACE_TILE_PROPS.name]: name, [PLACE_TILE_PROPS.parcels]: parcels },
          point: [x, y],
        }),
      )
      const parcels: PolygonFeature[] = []
      for (let after = ''; ; ) {
        const row = (
          await db.query<{ features: string; last: string | null; read: number }>(PARCELS, [...params, after], opts)
        )[0]
        for (const [
          id,
          uuid,
          crop,
          acres,
          vpa,
          saleYear,
          rotation,
          landUse,
          owner,
          parcelId,
          coordinates,
        ] of JSON.parse(row?.features ?? '[]') as ParcelRow[]) {
          const properties = {
            [P.uuid]: uuid,
            [P.crop]: crop,
            [P.acres]: acres,
            [P.valuePerAcre]: vpa,
            [P.saleYear]: saleYear,
            [P.rotation]: rotation,
            [P.landUse]: landUse,
            [P.owner]: owner,
            [P.parcelId]: parcelId,
          }
          parcels.push({ id, properties, coordinates })
        }
        if (!row?.last || row.read < CHUNK) break
        after = row.last
      }
      const texture: PointFeature[] = []
      if (detail.minSizeUnits > 0) {
        const cells = (await db.query<{ cells: string }>(TEXTURE_CELLS, params.slice(0, 7), opts))[0]?.cells ?? '[]'
        for (const [cx, cy, n] of JSON.parse(cells) as [number, number, number][])
          texture.push({ properties: { [TEXTURE_TILE_PROPS.parcels]: n }, point: [cx, cy] })
      }
      const { bytes, features } = encodeTile([
        { name: PARCEL_LAYER, kind: 'polygons', features: parcels },
        { name: PLACE_LAYER, kind: 'points', features: places },
        { name: TEXTURE_LAYER, kind: 'points', features: texture },
      ])
      return { bytes, parcels: features[PARCEL_LAYER] ?? 0, version: head?.version ?? 'empty' }
    },
  }
}
