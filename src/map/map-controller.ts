/**
 * The one object that owns the MapLibre map (the Placemark `PMap` pattern). React pushes state in
 * through setters; each setter does nothing when its input has not changed. Event handlers are read
 * from `this.handlers` at call time, so the view can swap them every render and the map always calls
 * the latest ones.
 */
import 'maplibre-gl/dist/maplibre-gl.css'
import bbox from '@turf/bbox'
import type { Geometry } from 'geojson'
import {
  AttributionControl,
  type GeoJSONSource,
  GeolocateControl,
  type LngLatBoundsLike,
  type MapLayerMouseEvent,
  Map as MapLibreMap,
  type MapMouseEvent,
  NavigationControl,
  ScaleControl,
  setWorkerUrl,
} from 'maplibre-gl'
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url'
import type { ParcelRecord } from '../../contract/schemas'
import { type Basemap, basemapById, OFFLINE_BASEMAP, type RasterBasemap } from './basemaps'
import { loadCountyLines, loadStateLines } from './boundaries'
import {
  BASEMAP_LAYER,
  BASEMAP_SOURCE,
  BOUNDARY_SOURCES,
  buildOfflineStyle,
  COUNTY_LINES_MINZOOM,
  EMPTY_FC,
  LAYER_IDS,
} from './offline-style'
import { buildingsToFeatures, type ParcelBatch, parcelsToFeatures } from './parcel-features'
import { PARCEL_LAYERS, PARCEL_SOURCES } from './parcel-layers'
import { ThrottledUpload, type UploadHooks } from './throttled-upload'
import { uncoveredPadding } from './uncovered-padding'

setWorkerUrl(workerUrl)

/** Loads the basemap's world tile (z0) as an image; false on error or after `timeoutMs`. */
function probeTile(basemap: RasterBasemap, timeoutMs = 6000): Promise<boolean> {
  const template = basemap.tiles[0]
  if (!template || typeof Image === 'undefined') return Promise.resolve(false)
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return Promise.resolve(false)
  return new Promise((resolve) => {
    const img = new Image()
    const timer = setTimeout(() => done(false), timeoutMs)
    const done = (ok: boolean) => {
      clearTimeout(timer)
      img.onload = null
      img.onerror = null
      resolve(ok)
    }
    img.onload = () => done(true)
    img.onerror = () => done(false)
    img.crossOrigin = 'anonymous'
    img.src = template.replace('{z}', '0').replace('{x}', '0').replace('{y}', '0')
  })
}

export type LngLat = { lng: number; lat: number }
/** What a click on the map does: select a drawn parcel, look up the parcel under the point, or nothing (drawing). */
export type ClickMode = 'select' | 'identify' | 'none'

export interface MapHandlers {
  onParcelClick?(svcUuid: string | null): void
  onIdentify?(at: LngLat): void
  onPointer?(at: LngLat | null): void
  onViewChange?(view: { center: [number, number]; zoom: number }): void
  /** A raster basemap could not load tiles (offline, blocked); `null` when it recovers or is switched off. */
  onBasemapStatus?(message: string | null): void
}

/**
 * A layer whose features a click can pick, in priority order. Search results are the first; a later
 * layer (e.g. parcel vector tiles, click-any-parcel) registers its own with `addPickLayer`.
 */
export interface PickLayer {
  layerId: string
  /** The parcel id behind a picked feature, or null to let the next layer try. */
  idOf(feature: { id?: string | number; properties?: Record<string, unknown> | null }): string | null
}

export interface MapControllerOptions {
  container: HTMLElement
  center?: [number, number]
  zoom?: number
  bounds?: LngLatBoundsLike
}

export class MapController {
  readonly map: MapLibreMap
  handlers: MapHandlers = {}
  private styleReady = false
  private readyCallbacks: (() => void)[] = []
  private parcelsInput: readonly (ParcelRecord | undefined)[] | null = null
  private batch: ParcelBatch = parcelsToFeatures([])
  private readonly parcelUploads = new ThrottledUpload<readonly (ParcelRecord | undefined)[]>(
    this.uploadHooks((records) => this.uploadParcels(records)),
  )
  private readonly buildingUploads = new ThrottledUpload<readonly (ParcelRecord | undefined)[] | null>(
    this.uploadHooks((records) =>
      this.source(PARCEL_SOURCES.buildings)?.setData(records ? buildingsToFeatures(records) : EMPTY_FC),
    ),
  )
  private buildingsInput: readonly (ParcelRecord | undefined)[] | null = null
  private lookupInput: readonly ParcelRecord[] | null = null
  private selectedUuid: string | null = null
  private selectedFeatureId: number | null = null
  private hoverId: number | null = null
  private basemap: Basemap = OFFLINE_BASEMAP
  private basemapErrors = 0
  private clickMode: ClickMode = 'select'
  private readonly abort = new AbortController()
  private readonly pickLayers: PickLayer[] = [
    {
      layerId: PARCEL_LAYERS.fill,
      idOf: (f) => (typeof f.id === 'number' ? (this.batch.uuids[f.id] ?? null) : null),
    },
  ]

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
    this.wireEvents()
    this.map.once('load', () => {
      this.styleReady = true
      // Time-to-interactive marker for `npm run bench:app` (and anyone profiling in DevTools).
      performance.mark('plat:map-ready')
      for (const cb of this.readyCallbacks.splice(0)) cb()
    })
    void loadStateLines(this.abort.signal)
      .then((lines) => this.whenReady(() => this.source(BOUNDARY_SOURCES.states)?.setData(lines)))
      .catch((err: unknown) => this.boundaryFailed(err))
    this.map.on('zoomend', () => this.maybeLoadCounties())
    // The container changes size with the layout (details sheet, phone rotation), not only the window.
    this.resizeObserver = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => this.map.resize())
    this.resizeObserver?.observe(options.container)
    this.whenReady(() => this.maybeLoadCounties())
  }

  private countiesRequested = false
  private readonly resizeObserver: ResizeObserver | null

  /** County lines are ~840 KB of TopoJSON: fetch them only when the map is zoomed in to show them. */
  private maybeLoadCounties(): void {
    if (this.countiesRequested || this.map.getZoom() < COUNTY_LINES_MINZOOM - 0.5) return
    this.countiesRequested = true
    void loadCountyLines(this.abort.signal)
      .then((lines) => this.whenReady(() => this.source(BOUNDARY_SOURCES.counties)?.setData(lines)))
      .catch((err: unknown) => {
        this.countiesRequested = false
        this.boundaryFailed(err)
      })
  }

  private boundaryFailed(err: unknown): void {
    if (!this.abort.signal.aborted) console.warn('Plat: boundary lines unavailable', err)
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
    map.on('mousemove', PARCEL_LAYERS.fill, (e: MapLayerMouseEvent) => {
      const id = e.features?.[0]?.id
      this.setHover(typeof id === 'number' ? id : null)
    })
    map.on('mouseleave', PARCEL_LAYERS.fill, () => this.setHover(null))
    map.on('mousemove', (e: MapMouseEvent) => this.handlers.onPointer?.({ lng: e.lngLat.lng, lat: e.lngLat.lat }))
    map.getCanvasContainer().addEventListener('mouseleave', () => this.handlers.onPointer?.(null))
    map.on('click', (e: MapMouseEvent) => {
      if (this.clickMode === 'identify') {
        this.handlers.onIdentify?.({ lng: e.lngLat.lng, lat: e.lngLat.lat })
        return
      }
      if (this.clickMode !== 'select') return
      this.handlers.onParcelClick?.(this.pick(e.point))
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
    // A listener on 'error' stops MapLibre's default console.error; tile failures of an online
    // basemap are expected offline, so they become one notice instead of a console full of errors.
    map.on('error', (e) => {
      const sourceId = (e as { sourceId?: string }).sourceId
      if (sourceId === BASEMAP_SOURCE) {
        this.basemapErrors += 1
        if (this.basemapErrors === 1) {
          this.handlers.onBasemapStatus?.(`Some ${this.basemap.label} tiles failed to load. Boundaries stay visible.`)
        }
        // The connection went away: stop asking for tiles rather than fail on every pan.
        if (this.basemapErrors >= 24) {
          this.removeRasterBasemap()
          this.handlers.onBasemapStatus?.(`${this.basemap.label} stopped loading (offline?). Showing the offline map.`)
        }
        return
      }
      console.warn('Plat map:', e.error?.message ?? e)
    })
    map.on('data', (e) => {
      const ev = e as { sourceId?: string; dataType?: string; tile?: unknown }
      if (ev.sourceId === BASEMAP_SOURCE && ev.dataType === 'source' && ev.tile && this.basemapErrors > 0) {
        this.basemapErrors = 0
        this.handlers.onBasemapStatus?.(null)
      }
    })
  }

  /** The first pickable parcel under a point, by layer priority. */
  private pick(point: MapMouseEvent['point']): string | null {
    const layers = this.pickLayers.map((l) => l.layerId).filter((id) => this.map.getLayer(id))
    if (layers.length === 0) return null
    const hits = this.map.queryRenderedFeatures(point, { layers })
    for (const layer of this.pickLayers) {
      for (const hit of hits) {
        if (hit.layer.id !== layer.layerId) continue
        const id = layer.idOf(hit)
        if (id) return id
      }
    }
    return null
  }

  /** Lets another layer's features be clicked (after the ones already registered). */
  addPickLayer(layer: PickLayer): void {
    this.pickLayers.push(layer)
  }

  private setHover(id: number | null): void {
    if (id === this.hoverId) return
    if (this.hoverId !== null)
      this.map.setFeatureState({ source: PARCEL_SOURCES.parcels, id: this.hoverId }, { hover: false })
    this.hoverId = id
    if (id !== null) this.map.setFeatureState({ source: PARCEL_SOURCES.parcels, id }, { hover: true })
    this.map.getCanvas().style.cursor = id !== null && this.clickMode === 'select' ? 'pointer' : ''
  }

  setClickMode(mode: ClickMode): void {
    if (mode === this.clickMode) return
    this.clickMode = mode
    this.map.getCanvas().style.cursor = mode === 'identify' ? 'help' : ''
  }

  private uploadHooks<T>(upload: (value: T) => void): UploadHooks<T> {
    return {
      upload,
      whenReady: (run) => this.whenReady(run),
      whenRendered: (cb) => this.map.once('idle', cb),
    }
  }

  /** Search results onto the map: coalesced while a search streams in (see ThrottledUpload). */
  setParcels(records: readonly (ParcelRecord | undefined)[]): void {
    if (records === this.parcelsInput) return
    this.parcelsInput = records
    this.parcelUploads.push(records, records.length === 0)
  }

  private uploadParcels(records: readonly (ParcelRecord | undefined)[]): void {
    this.batch = parcelsToFeatures(records)
    this.hoverId = null
    this.selectedFeatureId = null
    this.source(PARCEL_SOURCES.parcels)?.setData(this.batch.data)
    this.map.removeFeatureState({ source: PARCEL_SOURCES.parcels })
    this.applySelection()
  }

  setBuildings(records: readonly (ParcelRecord | undefined)[] | null): void {
    if (records === this.buildingsInput) return
    this.buildingsInput = records
    this.buildingUploads.push(records, records === null || records.length === 0)
  }

  /** Parcels found by identify/address lookup, outlined on top of search results. */
  setLookupParcels(records: readonly ParcelRecord[] | null): void {
    if (records === this.lookupInput) return
    this.lookupInput = records
    this.whenReady(() =>
      this.source(PARCEL_SOURCES.lookup)?.setData(records ? parcelsToFeatures(records).data : EMPTY_FC),
    )
  }

  setSelected(svcUuid: string | null): void {
    if (svcUuid === this.selectedUuid) return
    this.selectedUuid = svcUuid
    this.whenReady(() => this.applySelection())
  }

  private applySelection(): void {
    const next = this.selectedUuid === null ? null : (this.batch.idByUuid.get(this.selectedUuid) ?? null)
    if (next === this.selectedFeatureId) return
    if (this.selectedFeatureId !== null)
      this.map.setFeatureState({ source: PARCEL_SOURCES.parcels, id: this.selectedFeatureId }, { selected: false })
    this.selectedFeatureId = next
    if (next !== null) this.map.setFeatureState({ source: PARCEL_SOURCES.parcels, id: next }, { selected: true })
  }

  setBasemap(id: string): void {
    const next = basemapById(id)
    if (next.id === this.basemap.id) return
    this.basemap = next
    this.basemapErrors = 0
    this.handlers.onBasemapStatus?.(null)
    this.whenReady(() => this.removeRasterBasemap())
    if (next.kind !== 'raster') return
    // Probe one tile before adding the source: offline, a raster source would make the browser log
    // a failed request for every tile in view; one probe keeps that to a single line.
    void probeTile(next).then((ok) => {
      if (this.basemap !== next) return
      if (!ok) {
        this.handlers.onBasemapStatus?.(`${next.label} could not be reached (offline?). Showing the offline map.`)
        return
      }
      this.whenReady(() => {
        if (this.basemap !== next) return
        this.map.addSource(BASEMAP_SOURCE, {
          type: 'raster',
          tiles: next.tiles,
          tileSize: next.tileSize,
          maxzoom: next.maxzoom,
          attribution: next.attribution,
        })
        this.map.addLayer({ id: BASEMAP_LAYER, type: 'raster', source: BASEMAP_SOURCE }, LAYER_IDS.countyLines)
      })
    })
  }

  private removeRasterBasemap(): void {
    if (this.map.getLayer(BASEMAP_LAYER)) this.map.removeLayer(BASEMAP_LAYER)
    if (this.map.getSource(BASEMAP_SOURCE)) this.map.removeSource(BASEMAP_SOURCE)
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

  /** Frames the loaded records (direct-mode searches have no drawn area to look at). */
  fitToRecords(records: readonly (ParcelRecord | undefined)[], limit = 5000): void {
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
    this.parcelUploads.cancel()
    this.buildingUploads.cancel()
    this.abort.abort()
    this.map.remove()
  }
}
