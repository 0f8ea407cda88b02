/**
 * The registration point between the workspace and its features: what the workspace offers every
 * feature it creates (`FeatureContext`) and what a feature may hand back (`FeatureHooks`). It sits in
 * the foundation because features may not import the app. Everything here is a function read when
 * called, never a value captured at creation, so no feature depends on the order the workspace
 * creates them in: a feature that holds records registers a finder, and `recordById` asks them all.
 */
import type { Polygon } from 'geojson'
import type { ParcelRecord } from '../../contract/schemas'
import type { CoverageCounty, CoverageResponse } from '../../contract/tiles'
import type { ApiError } from '../api/api-error'
import type { CoverageState } from '../state/coverage-state'
import type { SearchStatus } from '../state/search-status'
import type { AppState, AppStore } from '../state/store'
import type { ValueStore } from '../state/value-store'
import type { DrawPort, MapPort, MountedMap, Rows } from './workspace-ports'

/** What features read of the running search (features/search's SearchResult is one). */
export interface SearchRunView {
  status: SearchStatus
  rowCount: number
  rows: Rows
  /** Every match is loaded. */
  complete: boolean
}

export interface FeatureContext {
  store: AppStore
  search: { getSnapshot(): SearchRunView; subscribe(listener: () => void): () => void }
  /** GET /coverage as the workspace holds it. */
  coverageState: ValueStore<CoverageState>
  /** The coverage once it is ready (null before, or without one). */
  coverage(): CoverageResponse | null
  counties(): readonly CoverageCounty[]
  /** The mounted map and drawing layer; null before they exist and after they go. */
  map(): MapPort | null
  draw(): DrawPort | null
  /** A record anyone holds: a looked-up parcel, the search rows, then every feature's finder. */
  recordById(id: string): ParcelRecord | undefined
  /** 401/403 open Settings with the reason. */
  reportError(e: ApiError): void
  /** Opens a saved search (a link query). */
  openSearch(query: string): void
  /** Shapes join the search areas (checked like drawn ones) and are framed; how many joined. */
  addAreas(polygons: readonly Polygon[], source: string, label?: string): number
}

/** What a feature gives the workspace; every hook is optional. */
export interface FeatureHooks {
  /** Records it holds beside the search (a portfolio, a list): the parcel opener finds them here. */
  recordById?(id: string): ParcelRecord | undefined
  /** A click on a parcel the feature takes (e.g. picking parcels); true: taken, nothing opens. */
  takeParcelClick?(id: string | null): boolean
  /**
   * The map was made: the feature adds its overlay. `current()` turns false once that map is gone;
   * the returned function (if any) runs when it goes.
   */
  mapMounted?(mounted: MountedMap, current: () => boolean): (() => void) | undefined
  /** Pushes the feature's state onto a (new) map. */
  pushTo?(map: MapPort): void
  /** The drawing layer was made. */
  drawMounted?(draw: DrawPort): void
  onStore?(s: AppState, prev: AppState): void
  /** Escape was pressed. */
  escape?(): void
  dispose?(): void
}

/** A created feature: the API panels call, and its hooks. */
export interface Feature<Api> {
  api: Api
  hooks: FeatureHooks
}
