/**
 * The one object that owns the MapLibre map (the Placemark `PMap` pattern). React pushes state in
 * through setters; each setter does nothing when its input has not changed. Event handlers are read
 * from `this.handlers` at call time, so the view can swap them every render and the map always calls
 * the latest ones. The parts live beside it: map-setup (the map, its worker, controls and request
 * hook), map-camera (framing and the moving/still marker), basemap-control (which basemap shows),
 * parcel-tiles (tile source and feature-state), result-drawing (results by tiles or GeoJSON),
 * map-pointer (what a click or hover finds), map-boundaries (state, county and coverage outlines).
 */
import type { FeatureCollection, Geometry } from 'geojson'
import type { GeoJSONSource, Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl'
import type { ParcelRecord } from '../../../contract/schemas'
import type { CoverageCounty } from '../../../contract/tiles'
import { type ThemeId, themeById } from '../../format/themes'
import type {
  ClickMode,
  CompsOverlay,
  MapEvents,
  MapPort,
  PositionFit,
  Rows,
  TileSourceInfo,
} from '../../ports/workspace-ports'
import type { MapViewState } from '../../state/ui-slice'
import { BasemapControl } from './basemap/basemap-control'
import { MapBoundaries } from './basemap/map-boundaries'
import { BASEMAP_BEFORE, EMPTY_FC, LAYER_IDS } from './basemap/offline-style'
import { HeldResize } from './held-resize'
import { MapCamera } from './map-camera'
import { MapPointer } from './map-pointer'
import { exposeMapProbe } from './map-probe'
import { createMap, type MapPlacement } from './map-setup'
import { setCompsOverlay } from './overlays/comps-layer'
import { setPackOutlines } from './overlays/pack-outlines'
import { PositionControl } from './overlays/position-control'
import { ResultDrawing } from './results/result-drawing'
import { ThrottledUpload } from './results/throttled-upload'
import { buildingsToFeatures, parcelsToFeatures } from './tiles/parcel-features'
import { applyParcelTheme, PARCEL_LAYERS, PARCEL_SOURCES } from './tiles/parcel-layers'
import { ParcelTiles } from './tiles/parcel-tiles'

export type MapControllerOptions = MapPlacement

export class MapController implements MapPort {
  readonly map: MapLibreMap
  handlers: Partial<MapEvents> = {}
  private styleReady = false
  private readyCallbacks: (() => void)[] = []
  private readonly abort = new AbortController()
  private readonly basemap: BasemapControl
  private readonly tiles: ParcelTiles
  private readonly results: ResultDrawing
  private readonly pointer: MapPointer
  private readonly boundaries: MapBoundaries
  private readonly camera: MapCamera
  private readonly position: PositionControl
  private readonly buildingUploads: ThrottledUpload<Rows | null>
  private readonly resizeObserver: ResizeObserver | null
  private readonly resizes: HeldResize
  private inputs: {
    parcels?: Rows
    loading?: boolean
    buildings?: Rows | null
    lookup?: readonly ParcelRecord[] | null
  } = {}
  private selectedUuid: string | null = null
  private theme: ThemeId = 'plain'
  private clickMode: ClickMode = 'select'

  constructor(options: MapControllerOptions) {
    this.map = createMap(options)
    this.camera = new MapCamera(this.map, this.abort.signal, (v) => this.handlers.onViewChange?.(v))
    this.position = new PositionControl(this.map, (e) => this.handlers.onPosition?.(e))
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
    this.results = new ResultDrawing(this.map, this.tiles)
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
      // Before anything placed relative to it (the parcel tiles' layers go below the dots).
      this.results.install()
      for (const cb of this.readyCallbacks.splice(0)) cb()
    })
    // The container changes size with the layout (details sheet, phone rotation), not only the window.
    this.resizes = new HeldResize(this.map)
    this.resizeObserver =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => this.resizes.observed())
    this.resizeObserver?.observe(options.container)
    exposeMapProbe(this.map, this.tiles, this.results)
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
      else if (this.clickMode === 'select') {
        const hit = this.pointer.hitAt(e.point)
        this.handlers.onParcelClick?.(hit?.uuid ?? null, hit?.kind === 'tile' ? hit.facts : undefined)
        // The details open over (or beside) the map: the parcel just clicked stays in sight.
        if (hit) this.camera.keepInView(e.lngLat)
      }
    })
    map.on('zoomend', () => this.boundaries.zoomed())
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
  setParcels(records: Rows, loading = false): void {
    // The marks and a held resize in one frame (held-resize.ts); not the clearing of the last
    // search's marks that a new search starts with.
    if (!loading || records.length > 0) this.resizes.release()
    if (records === this.inputs.parcels && loading === this.inputs.loading) return
    this.inputs.parcels = records
    this.inputs.loading = loading
    this.whenReady(() => this.results.setRows(records, loading))
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

  /** Comparable sales and their subject (null clears them). */
  setComps(overlay: CompsOverlay | null): void {
    this.whenReady(() => setCompsOverlay(this.map, overlay))
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
  }

  setCoverage(counties: readonly CoverageCounty[], outlines?: FeatureCollection | null): void {
    this.boundaries.setCoverage(counties, outlines ?? null)
  }

  setTheme(id: ThemeId): void {
    if (id === this.theme) return
    this.theme = id
    const theme = themeById(id)
    this.tiles.setTheme(theme)
    this.results.setTheme(theme)
    this.whenReady(() => applyParcelTheme(this.map, theme))
  }

  fitTo(geometry: Geometry, maxZoom = 16): boolean {
    return this.camera.fitTo(geometry, maxZoom)
  }

  /** Frames a box, but never farther out than `minZoom` (centred on the box then). */
  fitBounds(box: [number, number, number, number], minZoom: number): void {
    this.camera.fitBounds(box, minZoom)
  }

  /** Frames the loaded records (direct-mode searches have no drawn area to look at). */
  fitToRecords(records: Rows, limit = 5000): void {
    this.camera.fitToRecords(records, limit)
  }

  /** [west, south, east, north] of what the map shows now. */
  bounds(): [number, number, number, number] {
    return this.camera.bounds()
  }

  view(): MapViewState {
    const c = this.map.getCenter()
    return { center: [c.lng, c.lat], zoom: this.map.getZoom() }
  }

  flyTo(center: [number, number], zoom?: number): void {
    this.camera.flyTo(center, zoom)
  }

  /** Field packs' outlines (issue 24). */
  setPackOutlines(outlines: FeatureCollection): void {
    this.whenReady(() => setPackOutlines(this.map, outlines))
  }

  followPosition(on: boolean): void {
    this.whenReady(() => this.position.follow(on))
  }

  positionFit(fit: PositionFit): void {
    this.whenReady(() => this.position.setFit(fit))
  }

  holdResize(ms: number): void {
    this.resizes.hold(ms)
  }

  destroy(): void {
    this.resizeObserver?.disconnect()
    this.resizes.cancel()
    this.results.cancel()
    this.buildingUploads.cancel()
    this.basemap.destroy()
    this.abort.abort()
    this.map.remove()
  }
}
