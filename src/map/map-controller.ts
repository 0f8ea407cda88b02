/**
 * The one object that owns the MapLibre map (the Placemark `PMap` pattern). React pushes state in
 * through setters; each setter does nothing when its input has not changed. Event handlers are read
 * from `this.handlers` at call time, so the view can swap them every render and the map always calls
 * the latest ones. The parts live beside it: basemap-control (which basemap shows), parcel-tiles
 * (tile source and feature-state), result-drawing (results by tiles or GeoJSON), map-pointer (what a
 * click or hover finds), map-boundaries (state, county and coverage outlines).
 */
import 'maplibre-gl/dist/maplibre-gl.css'
import bbox from '@turf/bbox'
import type { Geometry } from 'geojson'
import {
  AttributionControl,
  type GeoJSONSource,
  GeolocateControl,
  type LngLatBoundsLike,
  Map as MapLibreMap,
  type MapMouseEvent,
  NavigationControl,
  type RequestParameters,
  ScaleControl,
  setWorkerUrl,
} from 'maplibre-gl'
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url'
import type { ParcelRecord } from '../../contract/schemas'
import type { CoverageCounty } from '../../contract/tiles'
import { type ThemeId, themeById } from '../format/themes'
import { BasemapControl, type BasemapStatus } from './basemap-control'
import { basemapRequestPolicy } from './basemaps'
import { MapBoundaries } from './map-boundaries'
import { MapPointer } from './map-pointer'
import { exposeMapProbe } from './map-probe'
import { BASEMAP_BEFORE, buildOfflineStyle, EMPTY_FC, LAYER_IDS } from './offline-style'
import { buildingsToFeatures, parcelsToFeatures } from './parcel-features'
import { applyParcelTheme, PARCEL_LAYERS, PARCEL_SOURCES } from './parcel-layers'
import { ParcelTiles, type TilesStatus } from './parcel-tiles'
import { ResultDrawing } from './result-drawing'
import { ThrottledUpload } from './throttled-upload'
import type { TileSourceInfo } from './tile-layers'
import { uncoveredPadding } from './uncovered-padding'

// A worker runs under the CSP sent with its own script, and a server may send scripts a strict one
// (ours answers everything but HTML with `default-src 'none'`), which blocks the worker's tile
// fetches. A blob: worker inherits the page's CSP instead; it only imports the real script.
setWorkerUrl(
  typeof URL.createObjectURL === 'function' && typeof location !== 'undefined'
    ? URL.createObjectURL(
        new Blob([`import ${JSON.stringify(new URL(workerUrl, location.href).href)}`], { type: 'text/javascript' }),
      )
    : workerUrl,
)

export type LngLat = { lng: number; lat: number }
type Rows = readonly (ParcelRecord | undefined)[]
/** What a click on the map does: select a parcel, look up the parcel under the point, or nothing (drawing). */
export type ClickMode = 'select' | 'identify' | 'none'

export interface MapHandlers {
  onParcelClick?(svcUuid: string | null): void
  onIdentify?(at: LngLat): void
  onPointer?(at: LngLat | null): void
  onViewChange?(view: { center: [number, number]; zoom: number }): void
  /** Which basemap is on screen after any fallback, and why it is not the chosen one. */
  onBasemapStatus?(status: BasemapStatus): void
  /** Whether results are drawn on parcel tiles, and why not when they were refused. */
  onTilesStatus?(status: TilesStatus): void
}

export interface MapControllerOptions {
  container: HTMLElement
  center?: [number, number]
  zoom?: number
  bounds?: LngLatBoundsLike
  /** Headers for our own API's requests (the tiles' bearer key); read at request time. */
  authorize?(url: string): Record<string, string> | null
}

export class MapController {
  readonly map: MapLibreMap
  handlers: MapHandlers = {}
  private styleReady = false
  private readyCallbacks: (() => void)[] = []
  private readonly abort = new AbortController()
  private readonly basemap: BasemapControl
  private readonly tiles: ParcelTiles
  private readonly results: ResultDrawing
  private readonly pointer: MapPointer
  private readonly boundaries: MapBoundaries
  private readonly buildingUploads: ThrottledUpload<Rows | null>
  private readonly resizeObserver: ResizeObserver | null
  private inputs: { parcels?: Rows; buildings?: Rows | null; lookup?: readonly ParcelRecord[] | null } = {}
  private selectedUuid: string | null = null
  private theme: ThemeId = 'plain'
  private clickMode: ClickMode = 'select'
  private wasBelowTiles = false

  constructor(options: MapControllerOptions) {
    this.map = new MapLibreMap({
      container: options.container,
      style: buildOfflineStyle(),
      ...(options.bounds ? { bounds: options.bounds, fitBoundsOptions: { padding: 20 } } : {}),
      ...(options.center ? { center: options.center, zoom: options.zoom ?? 4 } : {}),
      attributionControl: false,
      maxPitch: 0,
      dragRotate: false,
      // Parcel work is 2D; rotation only confuses drawing on touch screens.
      touchPitch: false,
      transformRequest: (url) => transformRequest(url, options.authorize),
    })
    this.map.touchZoomRotate.disableRotation()
    // MapLibre makes its canvas a second region named "Map"; our wrapper is the one Map landmark.
    // The canvas takes keys itself (arrows pan, +/- zoom), which is what role=application means.
    const canvas = this.map.getCanvas()
    canvas.setAttribute('role', 'application')
    canvas.setAttribute('aria-label', 'Map canvas: arrow keys pan, plus and minus zoom')
    this.map.addControl(new NavigationControl({ showCompass: false }), 'top-right')
    this.map.addControl(
      new GeolocateControl({ positionOptions: { enableHighAccuracy: false }, trackUserLocation: false }),
      'top-right',
    )
    this.map.addControl(new ScaleControl({ unit: 'imperial', maxWidth: 120 }), 'bottom-left')
    this.map.addControl(new AttributionControl({ compact: true }), 'bottom-right')
    const whenReady = (run: () => void) => this.whenReady(run)
    const hooks = { whenReady, whenRendered: (cb: () => void) => this.map.once('idle', cb) }
    this.basemap = new BasemapControl(this.map, whenReady, BASEMAP_BEFORE, (status, shown) => {
      this.tiles.setPlacesVisible(!(shown.kind === 'raster' && shown.labels))
      this.handlers.onBasemapStatus?.(status)
    })
    this.tiles = new ParcelTiles(this.map, whenReady, PARCEL_LAYERS.points, LAYER_IDS.labelsSlot, (status) => {
      this.results.redraw()
      this.handlers.onTilesStatus?.(status)
    })
    this.results = new ResultDrawing(this.map, this.tiles, hooks)
    this.pointer = new MapPointer(this.map, this.results, this.tiles)
    this.boundaries = new MapBoundaries(this.map, whenReady, this.abort.signal)
    this.buildingUploads = new ThrottledUpload<Rows | null>({
      ...hooks,
      upload: (records) =>
        this.source(PARCEL_SOURCES.buildings)?.setData(records ? buildingsToFeatures(records) : EMPTY_FC),
    })
    this.wireEvents()
    this.map.once('load', () => {
      this.styleReady = true
      // Time-to-interactive marker for `npm run bench:app` (and anyone profiling in DevTools).
      performance.mark('plat:map-ready')
      for (const cb of this.readyCallbacks.splice(0)) cb()
    })
    // The container changes size with the layout (details sheet, phone rotation), not only the window.
    this.resizeObserver = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => this.map.resize())
    this.resizeObserver?.observe(options.container)
    exposeMapProbe(this.map, this.tiles)
  }

  /** Runs now if the style has loaded, else right after it does. */
  whenReady(cb: () => void): void {
    if (this.styleReady) cb()
    else this.readyCallbacks.push(cb)
  }

  private source(id: string): GeoJSONSource | undefined {
    return this.map.getSource<GeoJSONSource>(id)
  }

  private wireEvents(): void {
    const map = this.map
    let scheduled = false
    let last: MapMouseEvent | null = null
    // One hit test per frame, however many mousemove events arrive.
    const hover = () => {
      scheduled = false
      const over = this.pointer.hover(last)
      map.getCanvas().style.cursor = this.clickMode === 'identify' ? 'help' : over ? 'pointer' : ''
    }
    map.on('mousemove', (e: MapMouseEvent) => {
      last = e
      if (!scheduled) requestAnimationFrame(hover)
      scheduled = true
      this.handlers.onPointer?.({ lng: e.lngLat.lng, lat: e.lngLat.lat })
    })
    map.getCanvasContainer().addEventListener('mouseleave', () => {
      last = null
      this.pointer.hover(null)
      this.handlers.onPointer?.(null)
    })
    map.on('click', (e: MapMouseEvent) => {
      if (this.clickMode === 'identify') this.handlers.onIdentify?.({ lng: e.lngLat.lng, lat: e.lngLat.lat })
      else if (this.clickMode === 'select') this.handlers.onParcelClick?.(this.pointer.hitAt(e.point)?.uuid ?? null)
    })
    // 'moving' from movestart to moveend: what a test (or a person's script) waits on instead of a sleep.
    const container = map.getContainer()
    container.dataset.camera = 'still'
    map.on('movestart', () => {
      container.dataset.camera = 'moving'
    })
    map.on('moveend', () => {
      container.dataset.camera = 'still'
      const c = map.getCenter()
      const round = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d
      this.handlers.onViewChange?.({ center: [round(c.lng, 5), round(c.lat, 5)], zoom: round(map.getZoom(), 2) })
    })
    map.on('zoomend', () => {
      this.boundaries.zoomed()
      if (this.tiles.below() !== this.wasBelowTiles) {
        this.wasBelowTiles = this.tiles.below()
        this.results.redraw()
      }
    })
    // A listener on 'error' stops MapLibre's default console.error: failures of an online basemap
    // are expected offline, and refused tiles become one notice instead of a console full of errors.
    map.on('error', (e) => {
      const sourceId = (e as { sourceId?: string }).sourceId
      if (this.basemap.onError(sourceId) || this.tiles.onError(sourceId, e.error)) return
      console.warn('Plat map:', e.error?.message ?? e)
    })
    map.on('data', (e) => {
      const ev = e as { sourceId?: string; dataType?: string; tile?: unknown }
      if (ev.dataType === 'source' && ev.tile) this.basemap.onTile(ev.sourceId)
    })
  }

  setClickMode(mode: ClickMode): void {
    if (mode === this.clickMode) return
    this.clickMode = mode
    this.pointer.enabled = mode !== 'none'
    this.map.getCanvas().style.cursor = mode === 'identify' ? 'help' : ''
  }

  /** Search results onto the map (tiles by feature-state when the server makes them, else GeoJSON). */
  setParcels(records: Rows): void {
    if (records === this.inputs.parcels) return
    this.inputs.parcels = records
    this.whenReady(() => this.results.setRows(records))
  }

  setBuildings(records: Rows | null): void {
    if (records === this.inputs.buildings) return
    this.inputs.buildings = records
    this.buildingUploads.push(records, records === null || records.length === 0)
  }

  /** Parcels found by identify/address lookup, outlined on top of search results. */
  setLookupParcels(records: readonly ParcelRecord[] | null): void {
    if (records === this.inputs.lookup) return
    this.inputs.lookup = records
    this.whenReady(() =>
      this.source(PARCEL_SOURCES.lookup)?.setData(records ? parcelsToFeatures(records).data : EMPTY_FC),
    )
  }

  setSelected(svcUuid: string | null): void {
    if (svcUuid === this.selectedUuid) return
    this.selectedUuid = svcUuid
    this.whenReady(() => this.results.setSelected(svcUuid))
  }

  setBasemap(id: string): void {
    this.basemap.set(id)
  }

  /** Parcel tiles of this server (from GET /coverage), or null when it makes none. */
  setTiles(info: TileSourceInfo | null): void {
    this.tiles.setSource(info)
    this.wasBelowTiles = this.tiles.below()
  }

  setCoverage(counties: readonly CoverageCounty[]): void {
    this.boundaries.setCoverage(counties)
  }

  setTheme(id: ThemeId): void {
    if (id === this.theme) return
    this.theme = id
    const theme = themeById(id)
    this.tiles.setTheme(theme)
    this.whenReady(() => applyParcelTheme(this.map, theme))
  }

  fitTo(geometry: Geometry, maxZoom = 16): void {
    const [w, s, e, n] = bbox(geometry)
    if (![w, s, e, n].every(Number.isFinite)) return
    // The click that frames a parcel also opens its details over the map: fit once that panel is
    // laid out, inside the part of the map it leaves visible. The camera counts as moving meanwhile.
    const container = this.map.getContainer()
    container.dataset.camera = 'moving'
    requestAnimationFrame(() => {
      if (this.abort.signal.aborted) return
      this.map.fitBounds(
        [
          [w as number, s as number],
          [e as number, n as number],
        ],
        { padding: uncoveredPadding(container, 60), maxZoom, duration: 600 },
      )
      if (!this.map.isMoving()) container.dataset.camera = 'still'
    })
  }

  /** Frames a box, but never farther out than `minZoom` (centred on the box then). */
  fitBounds([w, s, e, n]: [number, number, number, number], minZoom: number): void {
    const camera = this.map.cameraForBounds(
      [
        [w, s],
        [e, n],
      ],
      { padding: 40, maxZoom: 16 },
    )
    const zoom = Math.max(minZoom, camera?.zoom ?? minZoom)
    this.map.flyTo({ center: [(w + e) / 2, (s + n) / 2], zoom, duration: 800 })
  }

  /** Frames the loaded records (direct-mode searches have no drawn area to look at). */
  fitToRecords(records: Rows, limit = 5000): void {
    const { data } = parcelsToFeatures(records.slice(0, limit))
    if (data.features.length === 0) return
    const [w, s, e, n] = bbox(data)
    this.map.fitBounds(
      [
        [w as number, s as number],
        [e as number, n as number],
      ],
      { padding: 40, maxZoom: 15, duration: 600 },
    )
  }

  /** [west, south, east, north] of what the map shows now. */
  bounds(): [number, number, number, number] {
    const b = this.map.getBounds()
    return [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()]
  }

  flyTo(center: [number, number], zoom?: number): void {
    this.map.flyTo({ center, zoom: zoom ?? Math.max(this.map.getZoom(), 14), duration: 800 })
  }

  destroy(): void {
    this.resizeObserver?.disconnect()
    this.results.cancel()
    this.buildingUploads.cancel()
    this.basemap.destroy()
    this.abort.abort()
    this.map.remove()
  }
}

/** Our API's requests carry the key (a header, never the URL); basemap tiles their referrer policy. */
function transformRequest(url: string, authorize: MapControllerOptions['authorize']): RequestParameters {
  const headers = authorize?.(url)
  if (headers) return { url, headers }
  const referrerPolicy = basemapRequestPolicy(url)
  return referrerPolicy ? { url, referrerPolicy } : { url }
}
