/**
 * SQL shared by both tile makers, so PostgreSQL and the embedded database pick the same parcels with
 * the same properties. Parameters of every tile statement:
 *   $1 z, $2 x, $3 y, $4 buffer (tile units), $5 / $6 tile units per degree of longitude / latitude,
 *   $7 smallest parcel kept (tile units), $8 simplification tolerance (tile units).
 */
import { LAND_USE_CLASSES } from '../../contract/land-use-classes'
import { ROTATIONS } from '../../contract/rotation'
import { PARCEL_TILE_OWNER_MIN_ZOOM, PARCEL_TILE_PROPS, TILE_EXTENT } from '../../contract/tiles'
import { classFloor, SIZE_CLASSES, type TileDetail } from './tile-budget'
import type { TileCoord } from './tile-coords'
import { unitsPerDegree } from './tile-coords'

/** Features reaching this far past the tile edge are kept, so outlines do not end at tile seams. */
export const TILE_BUFFER = 64

/** $1–$6: the tile's (what ESTIMATE takes). */
export function frameParams(tile: TileCoord): unknown[] {
  const { sx, sy } = unitsPerDegree(tile)
  return [tile.z, tile.x, tile.y, TILE_BUFFER, sx, sy]
}

/** $1–$8: the tile's and the detail step's. */
export const tileParams = (tile: TileCoord, detail: TileDetail): unknown[] => [
  ...frameParams(tile),
  detail.minSizeUnits,
  detail.toleranceUnits,
]

/**
 * `frame`: the tile in Web Mercator (`e`), the affine factors to tile units (as ST_AsMVTGeom
 * computes them) and the buffered tile in longitude/latitude (`q`) for the parcels' GiST index.
 */
export const FRAME = `frame AS (
  SELECT e, ST_XMin(e) AS x0, ST_YMax(e) AS y1, ${TILE_EXTENT} / (ST_XMax(e) - ST_XMin(e)) AS f,
         ST_Transform(ST_TileEnvelope($1, $2, $3, margin => $4::float8 / ${TILE_EXTENT}), 4326) AS q
  FROM (SELECT ST_TileEnvelope($1, $2, $3) AS e) t)`

/** A parcel's larger bounding-box side on the tile, in tile units. */
const SIZE =
  'greatest((ST_XMax(p.geom) - ST_XMin(p.geom)) * $5::float8, (ST_YMax(p.geom) - ST_YMin(p.geom)) * $6::float8)'

/** The size class (tile-budget.ts) of `SIZE`, by the same `>=` tests the filter below uses. */
const SIZE_CLASS = Array.from({ length: SIZE_CLASSES - 1 }, (_, i) => `(s >= ${classFloor(i + 1)})::int`).join(' + ')

/** Parcels and vertices per size class in the buffered tile. */
export const ESTIMATE = `WITH ${FRAME},
  c AS (SELECT ${SIZE} AS s, ST_NPoints(p.geom) AS v FROM parcels p, frame WHERE p.geom && frame.q OFFSET 0)
  SELECT ${SIZE_CLASS} AS size_class, count(*)::int AS parcels, sum(v)::int AS vertices FROM c GROUP BY 1`

/** The candidates of a tile at a detail step (over `parcels p, frame`). */
export const KEPT = `p.geom && frame.q AND ${SIZE} >= $7::float8`

const P = PARCEL_TILE_PROPS
/** A text column written only at the zooms that carry owners; empty text is left out like null. */
const fromOwnerZoom = (column: string) =>
  `CASE WHEN $1::int >= ${PARCEL_TILE_OWNER_MIN_ZOOM} THEN nullif(${column}, '') END`

/**
 * The parcels layer's id and properties (contract/tiles.ts). Values that could not be written as a
 * number (NaN, or a value per acre past 10^15 from a sliver's acreage) are left out like nulls.
 */
export const PARCEL_PROPS = `plat_tile_id(p.svc_uuid) AS id,
  p.svc_uuid AS ${P.uuid},
  CASE WHEN p.cdl_majority_value BETWEEN 0 AND 1e9 THEN round(p.cdl_majority_value)::int END AS ${P.crop},
  CASE WHEN p.acres BETWEEN -1e12 AND 1e12 THEN round(p.acres::numeric, 2)::float8 END AS ${P.acres},
  CASE WHEN p.acres > 0 AND abs(p.parcel_value / p.acres) < 1e15 THEN round(p.parcel_value / p.acres)::bigint END AS ${P.valuePerAcre},
  CASE WHEN p.sale_date ~ '^[0-9]{4}' THEN substr(p.sale_date, 1, 4)::int END AS ${P.saleYear},
  array_position(ARRAY[${ROTATIONS.map((r) => `'${r.id}'`).join(', ')}], p.rotation) - 1 AS ${P.rotation},
  array_position(ARRAY[${LAND_USE_CLASSES.map((c) => `'${c.id}'`).join(', ')}], p.land_use_class) - 1 AS ${P.landUse},
  ${fromOwnerZoom('p.owner')} AS ${P.owner},
  ${fromOwnerZoom('p.parcel_id')} AS ${P.parcelId}`

/** A texture cell (contract TEXTURE_LAYER) is at least this many tile units (2 px) a side. */
const TEXTURE_CELL_MIN = 16

/**
 * `tx`: the parcels a detail step leaves out (`SIZE` under $7), counted per cell of a grid on the
 * tile by their bounding box's centre; only centres inside the tile (not its buffer), so a parcel is
 * counted by one tile. Cells are a power of two wide, so a cell's centre is a whole tile unit:
 * `cx`, `cy` (both makers write it there exactly).
 */
export const TEXTURE = `tx AS (
  SELECT (i + 0.5) * cell AS cx, (j + 0.5) * cell AS cy, n FROM (
    SELECT floor(u / cell)::int AS i, floor(v / cell)::int AS j, cell, count(*)::int AS n FROM (
      SELECT (ST_X(m) - frame.x0) * frame.f AS u, (frame.y1 - ST_Y(m)) * frame.f AS v,
             greatest($7::float8, ${TEXTURE_CELL_MIN}) AS cell
      FROM (SELECT ST_Transform(ST_SetSRID(ST_MakePoint((ST_XMin(p.geom) + ST_XMax(p.geom)) / 2,
                                                       (ST_YMin(p.geom) + ST_YMax(p.geom)) / 2), 4326), 3857) AS m
            FROM parcels p, frame WHERE $7::float8 > 0 AND p.geom && frame.q AND ${SIZE} < $7::float8 OFFSET 0) c, frame
    ) d
    WHERE u >= 0 AND u < ${TILE_EXTENT} AND v >= 0 AND v < ${TILE_EXTENT}
    GROUP BY 1, 2, 3) g)`
export const TEXTURE_ORDER = 'cy, cx'

/** Places in the buffered tile (over `places pl, frame`). */
export const PLACES_FROM = 'FROM places pl, frame WHERE pl.geom && frame.q'
/** Biggest first: MapLibre places labels in feature order. */
export const PLACES_ORDER = 'pl.parcels DESC, pl.name, pl.state_fp, pl.county_fp'
