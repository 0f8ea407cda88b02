/**
 * `GET /coverage`: the loaded counties and the data version, from the `counties` table (one small
 * statement), kept for `ttlMs` so a map opening in many tabs costs one read and a load still shows
 * within seconds.
 */

import {
  type CoverageCounty,
  type CoverageResponse,
  OUR_EXTENSIONS,
  PARCEL_TILE_MAX_ZOOM,
  PARCEL_TILE_MIN_ZOOM,
  PARCEL_TILE_PATH,
} from '../../contract/tiles'
import { DATA_VERSION_SQL } from '../db/data-version-sql'
import type { Database } from '../db/database'
import { ttlCache } from './ttl-cache'

interface Row extends Record<string, unknown> {
  state_fp: string
  county_fp: string
  state: string
  county: string
  parcels: number
  west: number
  south: number
  east: number
  north: number
  loaded_at: string | Date
  version: string
}

/** Counties and version in one statement, so they always agree. */
const COVERAGE = `SELECT c.state_fp, c.county_fp, c.state, c.county, c.parcels, c.west, c.south, c.east, c.north,
                         c.loaded_at, v.version
                  FROM (SELECT ${DATA_VERSION_SQL} AS version) v
                  LEFT JOIN counties c ON c.parcels > 0 AND c.west IS NOT NULL
                  ORDER BY c.state_fp, c.county_fp`

const toCounty = (r: Row): CoverageCounty => ({
  state_fp: r.state_fp,
  county_fp: r.county_fp,
  state: r.state,
  county: r.county,
  parcels: Number(r.parcels),
  bbox: [r.west, r.south, r.east, r.north],
  loaded_at: new Date(r.loaded_at).toISOString(),
})

export function coverageCache(db: Database, { ttlMs, timeoutMs }: { ttlMs: number; timeoutMs: number }) {
  return ttlCache(async (): Promise<CoverageResponse> => {
    const rows = await db.query<Row>(COVERAGE, [], { timeoutMs })
    return {
      counties: rows.filter((r) => r.state_fp !== null).map(toCounty),
      version: rows[0]?.version ?? 'empty',
      tiles: { path: PARCEL_TILE_PATH, min_zoom: PARCEL_TILE_MIN_ZOOM, max_zoom: PARCEL_TILE_MAX_ZOOM },
      extensions: [...OUR_EXTENSIONS],
    }
  }, ttlMs)
}
