/** What a field pack is (issue 24): the area, what it holds, and the data it was made from. */
import type { MultiPolygon, Polygon } from 'geojson'
import type { ParcelRecord } from '../../../contract/schemas'
import type { CoverageResponse } from '../../../contract/tiles'

export type PackKind = 'search' | 'view' | 'area'

export interface PackMeta {
  id: string
  name: string
  kind: PackKind
  /** The area the pack covers (its tiles touch it; its records are the search's). */
  outline: Polygon | MultiPolygon
  /** [west, south, east, north] of the outline. */
  bbox: [number, number, number, number]
  createdAt: string
  updatedAt: string
  /** The server's data version (GET /coverage `version`) the tiles were made from. */
  dataVersion: string
  /** When the newest county under the outline was loaded (its `loaded_at`): "the data's date". */
  dataDate: string | null
  /** GET /coverage as it was, so the app can draw the pack with no signal. */
  coverage: CoverageResponse
  /** Absolute URL template of the parcel tiles (with `?v=`), for matching the map's requests. */
  tileUrl: string
  status: 'downloading' | 'complete' | 'partial'
  tiles: number
  /** Tiles that could not be fetched (a partial pack). */
  missingTiles: number
  tileBytes: number
  records: number
  recordBytes: number
  buildings: boolean
  /** The search's link query (`?…`), to reopen it; null for a map-view pack. */
  searchQuery: string | null
}

export interface PackContents {
  meta: PackMeta
  records: ParcelRecord[]
}
