/**
 * Parcel vector tiles and coverage: our extension beyond the spec (docs/api.md, "Parcel tiles and
 * coverage"). The server writes tiles with these names; the app styles them and sets feature-state
 * on them by the same ids. Other servers that speak the spec have neither endpoint (404): the app
 * then draws results from the records' GeoJSON as before.
 */
import type { FeatureCollection } from 'geojson'
import { z } from 'zod'
import { EXTENSION_FIELDS } from './extension-fields'

/** `GET /tiles/parcels/{z}/{x}/{y}.mvt` (Mapbox Vector Tile 2.1, bearer key, the plan's `tiles` endpoint). */
export const PARCEL_TILE_PATH = '/tiles/parcels/{z}/{x}/{y}.mvt'
export const TILE_CONTENT_TYPE = 'application/vnd.mapbox-vector-tile'
/** Tile extent in tile units (the MVT default). */
export const TILE_EXTENT = 4096

/** Below this zoom a parcel tile is empty (200 with no body): a county of parcels is noise at z9. */
export const PARCEL_TILE_MIN_ZOOM = 10
/** Tiles are made up to this zoom; the map overzooms beyond it. */
export const PARCEL_TILE_MAX_ZOOM = 16

/** The layer of parcel polygons in a tile. */
export const PARCEL_LAYER = 'parcels'
/** The layer of place-name points (towns from the data's `city`), for offline labels. */
export const PLACE_LAYER = 'places'

/**
 * Properties of a feature in the parcels layer (all optional except the uuid: a null value is left
 * out). Kept few and short: a z13 tile of a dense county holds thousands of parcels.
 */
export const PARCEL_TILE_PROPS = {
  uuid: 'svc_uuid',
  /** `cdl_majority_value`, the USDA CDL code (contract/crops.ts names it) */
  crop: 'crop',
  acres: 'acres',
  /** parcel_value / acres, USD per acre, rounded */
  valuePerAcre: 'vpa',
  /** year of sale_date */
  saleYear: 'sale_year',
  /**
   * index of the record's rotation in contract/rotation.ts ROTATIONS; derived in the browser for
   * results drawn from records (tiles do not carry it yet)
   */
  rotation: 'rot',
  /**
   * index of the record's `land_use_class` in contract/land-use-classes.ts LAND_USE_CLASSES
   * (issue 23); derived in the browser for results drawn from records of servers that lack it
   */
  landUse: 'luc',
  /** `owner`, from PARCEL_TILE_OWNER_MIN_ZOOM (issue 37: a pack's parcels show their owner offline) */
  owner: 'owner',
  /** `parcel_id` (the APN), from PARCEL_TILE_OWNER_MIN_ZOOM */
  parcelId: 'apn',
} as const

/**
 * Tiles from this zoom carry each parcel's owner and APN, so a field pack names every parcel in its
 * area offline without a record per parcel. Not below: a z12 tile holds a town's thousands of
 * parcels, and the names would near double it (BENCHMARKS.md "Parcel tiles"). The map reads them
 * from map zoom 13 (512-px tiles), where every outline shows.
 */
export const PARCEL_TILE_OWNER_MIN_ZOOM = 13

/**
 * The layer of parcels a tile had to leave out to keep within its size cap (the smallest ones, see
 * server/tiles/tile-budget.ts): one point per occupied cell of a grid on the tile (a cell is at least
 * 2 px, and at least the smallest parcel kept), with how many left-out parcels have their centre
 * there. Drawn as a texture, so a town whose lots are too small for the tile is never empty.
 */
export const TEXTURE_LAYER = 'texture'
export const TEXTURE_TILE_PROPS = { parcels: 'parcels' } as const

/** Properties of a feature in the places layer. */
export const PLACE_TILE_PROPS = { name: 'name', parcels: 'parcels' } as const

/**
 * The numeric feature id of a parcel in tiles, for MapLibre feature-state (string ids through
 * `promoteId` are slow): the first 13 hex digits of its `svc_uuid` (52 bits, a JavaScript-safe
 * integer). Two parcels share an id with negligible chance (a few pairs among 155 million US
 * parcels, almost surely not in one view); a non-hex id falls back to a string hash.
 */
export function tileFeatureId(svcUuid: string): number {
  const hex = svcUuid.replace(/-/g, '').slice(0, 13)
  if (/^[0-9a-f]{13}$/i.test(hex)) return Number.parseInt(hex, 16)
  let h = 0
  for (let i = 0; i < svcUuid.length; i++) h = (Math.imul(h, 31) + svcUuid.charCodeAt(i)) >>> 0
  return h
}

/** `GET /coverage` (bearer key, free): the counties the server holds parcels for. */
const CoverageCountySchema = z.object({
  state_fp: z.string(),
  county_fp: z.string(),
  state: z.string(),
  county: z.string(),
  parcels: z.int().nonnegative(),
  /** [west, south, east, north] in degrees */
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  loaded_at: z.string(),
})
export type CoverageCounty = z.infer<typeof CoverageCountySchema>

export const CoverageResponseSchema = z.object({
  counties: z.array(CoverageCountySchema),
  /** Changes whenever the data changes (a load, a reload, a delete); also the tiles' ETag stem. */
  version: z.string(),
  /** Whether this server makes parcel tiles (and at which zooms). */
  tiles: z
    .object({
      path: z.string(),
      min_zoom: z.int(),
      max_zoom: z.int(),
      /**
       * The same tiles in one PMTiles archive (contract/tiles-archive.ts): an http(s) URL or a path
       * on this server. Absent: no archive.
       */
      archive: z.string().optional(),
    })
    .nullable(),
  /**
   * What the server offers beyond the spec (issue 23): the extension fields it filters on and
   * `changes` (GET /changes). Absent on servers from before: the app then offers none of them.
   */
  extensions: z.array(z.string()).optional(),
})
export type CoverageResponse = z.infer<typeof CoverageResponseSchema>

/**
 * The coverage written into the app's page by the server that serves it (docs/api.md "Coverage in
 * the page"), so the first paint shows the covered counties without a round trip: the element's id,
 * and its JSON — GET /coverage's answer plus the covered counties' outlines (Census 1:10m, each
 * with `name` and `parcels`; null past a few hundred counties, when the app fetches the outlines).
 */
export const PAGE_COVERAGE_ID = 'plat-coverage'

const OutlinesSchema = z.custom<FeatureCollection>(
  (v) =>
    typeof v === 'object' &&
    v !== null &&
    (v as { type?: unknown }).type === 'FeatureCollection' &&
    Array.isArray((v as { features?: unknown }).features),
  'a GeoJSON FeatureCollection',
)

export const PageCoverageSchema = z.object({ coverage: CoverageResponseSchema, outlines: OutlinesSchema.nullable() })
export type PageCoverage = z.infer<typeof PageCoverageSchema>

/** Our server's `extensions` in `/coverage`. */
export const OUR_EXTENSIONS: readonly string[] = [...EXTENSION_FIELDS, 'changes']
