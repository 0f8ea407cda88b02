/**
 * What the workspace is given (`createWorkspace` wires the real ones; tests pass fakes) and the map
 * status it publishes, apart from the class so its callers and fakes read one short file.
 */
import type { ChangesResponse } from '../../../contract/changes'
import type { ParcelRecord } from '../../../contract/schemas'
import type { CoverageResponse, PageCoverage } from '../../../contract/tiles'
import type { ChangesQuery } from '../../api/changes'
import type { CachedSources } from '../../cache/cached-sources'
import type { FieldDeps } from '../../features/field/field-flow'
import type { HoldingSources } from '../../features/holdings/holdings-flows'
import type { ReportDeskDeps } from '../../features/reports/report-desk'
import type { SearchSession } from '../../features/search/search-session'
import type { WatchesDeps } from '../../features/watches/watches-flow'
import type { BasemapStatus, LngLat, MapFactory, TilesStatus } from '../../ports/workspace-ports'
import type { AppStore } from '../../state/store'
import type { MapViewState } from '../../state/ui-slice'

export interface MapStatus {
  pointer: LngLat | null
  /** The basemap on screen (after any fallback), and a notice when it is not the one picked. */
  basemap: BasemapStatus
  /** Whether results draw on parcel tiles. */
  tiles: TilesStatus
  identifying: boolean
}

export interface WorkspaceDeps {
  store: AppStore
  search: SearchSession
  maps: MapFactory
  /** GET /parcels/point through the response cache. */
  lookupPoint(at: LngLat): Promise<ParcelRecord[]>
  /** One parcel by svc_uuid (a /parcels/query through the response cache); null when it is gone. */
  fetchParcel(svcUuid: string): Promise<ParcelRecord | null>
  /** GET /coverage (null: the server has none). */
  loadCoverage(): Promise<CoverageResponse | null>
  /** The coverage the page was served with (same-origin API only), shown before GET /coverage answers. */
  pageCoverage?: PageCoverage | null
  /** GET /changes (null: the server has none). */
  loadChanges?(q: ChangesQuery, signal: AbortSignal): Promise<ChangesResponse | null>
  /** Empties the response cache (memory and disk) of parcel answers. */
  forgetAnswers?(): Promise<void>
  /** Absolute URL of a path on the API's server (the tile template). */
  apiUrl(path: string): string
  /** Draws a report's map at print resolution (MapLibre offscreen); without it report maps fail. */
  renderReportMap?: ReportDeskDeps['renderMap']
  /** The window whose address bar mirrors the search; null in Node tests. */
  win?: Window | null
  /** The view of the link the app was opened with; without one the map frames the continental US. */
  initialView?: MapViewState | null
  /** Cached sources for holdings and lists (issue 21); without them those panels say no server is connected. */
  holdingSources?: HoldingSources | null
  /** Calls above which a run asks first (Settings). */
  confirmThreshold?(): number
  /** The response cache's sources the search uses, for other readers of parcels (comps); null in tests. */
  sources?: CachedSources | null
  /** Field packs and "where am I" (issue 24); without it (Node tests) there are no packs. */
  field?: FieldDeps
  /** Parcel Watch (issue 41); without it (Node tests) the server keeps no watches and nothing polls. */
  watches?: WatchesDeps
}
