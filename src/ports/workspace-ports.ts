/**
 * The one definition of what the workspace needs from the map and the drawing layer. MapController
 * and DrawController declare that they implement these; Node tests pass fakes. It sits in the
 * foundation, not in src/app/workspace/, because features (map/, draw/) may not import the app layer
 * and the controllers must be able to name the port they implement.
 */
import type { FeatureCollection, Geometry, LineString, MultiPolygon, Point, Polygon } from 'geojson'
import type { ParcelRecord } from '../../contract/schemas'
import type { CoverageCounty } from '../../contract/tiles'
import type { ThemeId } from '../format/themes'
import type { DrawnArea } from '../state/search-spec'
import type { MapTool, MapViewState } from '../state/ui-slice'

export type LngLat = { lng: number; lat: number }

/** Comparable sales on the map (src/features/value): the subject outlined, each comp with its rank and $/acre. */
export interface CompsOverlay {
  subject: Geometry | null
  comps: readonly {
    rank: number
    perAcre: number
    included: boolean
    geometry: Geometry | null
    point: readonly [number, number]
  }[]
}
/** [west, south, east, north] in degrees. */
export type Bounds = [number, number, number, number]
export type Rows = readonly (ParcelRecord | undefined)[]
/** What a click on the map does: select a parcel, look up the parcel under the point, or nothing (drawing). */
export type ClickMode = 'select' | 'identify' | 'none'

export interface BasemapStatus {
  /** The id of the basemap on screen. */
  displayed: string
  /** Basemaps that could not be reached this session (the selector marks them). */
  unavailable: readonly string[]
  notice: string | null
}

/** Whether results are drawn on parcel tiles, and why not when they were refused. */
export type TilesStatus = { state: 'off' | 'on' } | { state: 'failed'; message: string }

export interface TileSourceInfo {
  /** Absolute URL template with {z}/{x}/{y}. */
  url: string
  minzoom: number
  maxzoom: number
}

/** The device's position as the map's locate control reports it (issue 24: where am I). */
export type PositionFixEvent =
  | { kind: 'fix'; lng: number; lat: number; accuracy: number; heading: number | null }
  | { kind: 'start' }
  | { kind: 'stop' }
  | { kind: 'error'; message: string }

/** What a parcel tile says of a parcel: shown when its record is not at hand. */
export interface TileFacts {
  acres: number | null
  /** The land-use class's label (contract/land-use-classes.ts). */
  landUse: string | null
  /** Absent below contract/tiles.ts PARCEL_TILE_OWNER_MIN_ZOOM and in tiles of servers from before issue 37. */
  owner?: string | null
  parcelId?: string | null
  /** The map shows tiles below the owner zoom: zoomed in, they would name the owner. */
  ownerCloser?: boolean
}

export interface MapEvents {
  /**
   * A click on a parcel: a search result, or any parcel of the tiles (null: on empty map); `tile`,
   * what the parcel's tile feature carries.
   */
  onParcelClick(svcUuid: string | null, tile?: TileFacts): void
  /** A click in identify mode. */
  onIdentify(at: LngLat): void
  onViewChange(view: MapViewState): void
  onPointer(at: LngLat | null): void
  /** Which basemap is on screen after any fallback, and why it is not the chosen one. */
  onBasemapStatus(status: BasemapStatus): void
  onTilesStatus(status: TilesStatus): void
  /** The locate control started, stopped, failed or has a new position. */
  onPosition(event: PositionFixEvent): void
}

export interface MapPort {
  handlers: Partial<MapEvents>
  /** `loading`: more pages are on their way (the map may pace its updates); false draws them at once. */
  setParcels(rows: Rows, loading?: boolean): void
  setBuildings(rows: Rows | null): void
  setLookupParcels(records: readonly ParcelRecord[] | null): void
  setComps(overlay: CompsOverlay | null): void
  setSelected(svcUuid: string | null): void
  setBasemap(id: string): void
  setTheme(theme: ThemeId): void
  /** Parcel tiles of the server, or null when it makes none. */
  setTiles(info: TileSourceInfo | null): void
  /** `outlines`: the counties' shapes when known already (written into the page), else the map finds them. */
  setCoverage(counties: readonly CoverageCounty[], outlines?: FeatureCollection | null): void
  setClickMode(mode: ClickMode): void
  /** Frames the shape; false when it has no box to frame (no finite coordinates). */
  fitTo(geometry: Geometry, maxZoom?: number): boolean
  /** Frames [west, south, east, north], never farther out than `minZoom`. */
  fitBounds(bounds: Bounds, minZoom: number): void
  fitToRecords(records: Rows): void
  flyTo(center: [number, number], zoom?: number): void
  /** What the map shows now. */
  bounds(): Bounds
  /** Its centre and zoom now, mid-animation included (the keyboard drawing's crosshair); fakes may omit it. */
  view?(): MapViewState
  /** Field packs' outlines ("available offline"); optional so test fakes need not draw them. */
  setPackOutlines?(outlines: FeatureCollection): void
  /**
   * The map's box is about to change (a search opening the results pane): its resize waits up to
   * `ms`, or until it is next given parcels (held-resize.ts). Optional: fakes need not hold.
   */
  holdResize?(ms: number): void
  /** Follow the device's position (the locate control), or stop. */
  followPosition?(on: boolean): void
  /** How the camera frames the position while following: no closer than `maxZoom`, clear of `padding` (px). */
  positionFit?(fit: PositionFit): void
  destroy(): void
}

export interface DrawEvents {
  /** A new or edited area passed validation (geometry may be simplified). */
  onArea(area: DrawnArea, note?: string): void
  /** The drawing layer removed an area (Delete key in select mode). */
  onRemoved(id: string): void
  /** A drawn or edited shape was rejected; it has been removed (new) or reverted (edit). */
  onRejected(reason: string): void
  /** A line or point was drawn to be buffered (it is not kept on the map). */
  onGuide(geometry: LineString | Point): void
  /** The Measure tool's line or shape as it is drawn (the cursor's point included), or null when cleared. */
  onMeasure(geometry: LineString | Polygon | null): void
  /** A circle or polygon being drawn with the pointer, as it grows; null when none is. */
  onProgress?(progress: ShapeProgress | null): void
}

/** A shape being drawn with the pointer (issue 37): a circle's radius, a polygon's corners so far. */
export type ShapeProgress = { kind: 'circle'; radiusMetres: number } | { kind: 'polygon'; corners: number }

/** What the Measure tool draws: a line (its length) or a shape (its area). */
export type MeasureKind = 'distance' | 'area'

export interface DrawPort {
  setTool(tool: MapTool): void
  syncAreas(areas: readonly DrawnArea[]): void
  /** Abandons a shape in progress. */
  cancel(): void
  /** Whether the Measure tool draws a line or a shape. */
  setMeasureKind(kind: MeasureKind): void
  /** The keyboard drawing's points so far, shown on the map (empty: none). */
  setSketch(vertices: readonly (readonly [number, number])[]): void
  /** Closes the polygon being drawn with the pointer (a touch screen's "Done", a desktop's Enter). */
  finishShape?(): void
  /** Takes back the last corner of the polygon being drawn with the pointer. */
  undoCorner?(): void
  destroy(): void
}

/**
 * Holdings and lists on the map (issue 21, src/features/map/overlays/holdings-layer.ts): each holding's merged
 * outline in one colour, the parcels of a portfolio or a list outlined, the assemblage's outline and
 * its parcels.
 */
export interface HoldingsOverlay {
  holdings: readonly { id: string; label: string; geometry: Polygon | MultiPolygon }[]
  parcels: readonly { id: string; geometry: Geometry }[]
  assemblage: { outline: Polygon | MultiPolygon | null; parcels: readonly { id: string; geometry: Geometry }[] } | null
}

export interface HoldingsLayerPort {
  setOverlay(overlay: HoldingsOverlay | null): void
  destroy(): void
}

/** A map made by the factory, and the way to put the drawing layer on that same map. */
export interface MountedMap {
  map: MapPort
  /** terra-draw loads as a chunk of its own once the map is there. */
  createDraw(events: DrawEvents): Promise<DrawPort>
  /** The holdings layer on the same map (absent in tests that do not need it). */
  createHoldingsLayer?(): Promise<HoldingsLayerPort>
}

/** Makes the map inside `container` (MapLibre loads as its own chunk), then the drawing layer on it. */
export interface MapFactory {
  createMap(container: HTMLElement, view: MapViewState | null): Promise<MountedMap>
}

/** The room the position's framing leaves (banners over the map) and its closest zoom. */
export interface PositionFit {
  maxZoom: number
  padding: { top: number; right: number; bottom: number; left: number }
}
