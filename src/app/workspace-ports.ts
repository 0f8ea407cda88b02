/**
 * What the workspace needs from the map and the drawing layer. MapController and DrawController
 * satisfy these; Node tests pass fakes.
 */
import type { Geometry } from 'geojson'
import type { ParcelRecord } from '../../contract/schemas'
import type { CoverageCounty } from '../../contract/tiles'
import type { ThemeId } from '../format/themes'
import type { BasemapStatus } from '../map/basemap-control'
import type { CompsOverlay } from '../map/comps-layer'
import type { TilesStatus } from '../map/parcel-tiles'
import type { TileSourceInfo } from '../map/tile-layers'
import type { DrawnArea } from '../state/search-spec'
import type { MapTool, MapViewState } from '../state/ui-slice'

export type LngLat = { lng: number; lat: number }
/** [west, south, east, north] in degrees. */
export type Bounds = [number, number, number, number]
export type Rows = readonly (ParcelRecord | undefined)[]

export interface MapEvents {
  /** A click on a parcel: a search result, or any parcel of the tiles (null: on empty map). */
  onParcelClick(svcUuid: string | null): void
  /** A click in identify mode. */
  onIdentify(at: LngLat): void
  onViewChange(view: MapViewState): void
  onPointer(at: LngLat | null): void
  onBasemapStatus(status: BasemapStatus): void
  onTilesStatus(status: TilesStatus): void
}

export interface MapPort {
  handlers: Partial<MapEvents>
  setParcels(rows: Rows): void
  setBuildings(rows: Rows | null): void
  setLookupParcels(records: readonly ParcelRecord[] | null): void
  setComps(overlay: CompsOverlay | null): void
  setSelected(svcUuid: string | null): void
  setBasemap(id: string): void
  setTheme(theme: ThemeId): void
  /** Parcel tiles of the server, or null when it makes none. */
  setTiles(info: TileSourceInfo | null): void
  setCoverage(counties: readonly CoverageCounty[]): void
  setClickMode(mode: 'select' | 'identify' | 'none'): void
  fitTo(geometry: Geometry, maxZoom?: number): void
  /** Frames [west, south, east, north], never farther out than `minZoom`. */
  fitBounds(bounds: Bounds, minZoom: number): void
  fitToRecords(records: Rows): void
  flyTo(center: [number, number], zoom?: number): void
  /** What the map shows now. */
  bounds(): Bounds
  destroy(): void
}

export interface DrawEvents {
  onArea(area: DrawnArea, note?: string): void
  onRemoved(id: string): void
  onRejected(reason: string): void
  onGuide(geometry: Geometry): void
}

export interface DrawPort {
  setTool(tool: MapTool): void
  syncAreas(areas: readonly DrawnArea[]): void
  /** Abandons a shape in progress. */
  cancel(): void
  destroy(): void
}

/** Makes the map inside `container` (MapLibre loads as its own chunk), then the drawing layer on it. */
export interface MapFactory {
  createMap(container: HTMLElement, view: MapViewState | null): Promise<MapPort>
  createDraw(map: MapPort, events: DrawEvents): Promise<DrawPort>
}
