/**
 * Makes the MapLibre map: the worker, our offline style, the controls, 2D-only interaction, and the
 * request hook that gives our API's tile requests the key and basemap tiles their referrer policy.
 */
import 'maplibre-gl/dist/maplibre-gl.css'
import {
  AttributionControl,
  type LngLatBoundsLike,
  Map as MapLibreMap,
  NavigationControl,
  type RequestParameters,
  ScaleControl,
  setWorkerUrl,
} from 'maplibre-gl'
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url'
import { basemapRequestPolicy } from './basemap/basemaps'
import { buildOfflineStyle } from './basemap/offline-style'

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

export interface MapPlacement {
  container: HTMLElement
  center?: [number, number]
  zoom?: number
  bounds?: LngLatBoundsLike
  /** Headers for our own API's requests (the tiles' bearer key); read at request time. */
  authorize?(url: string): Record<string, string> | null
}

export function createMap(options: MapPlacement): MapLibreMap {
  const map = new MapLibreMap({
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
    // Labels and raster tiles fade in over 300 ms, a frame at a time; with "reduce motion" set they
    // appear at once, as the camera then jumps instead of flying (MapLibre's own rule for flights).
    fadeDuration: prefersReducedMotion() ? 0 : 300,
    // The map controller resizes the map when its container changes size (held-resize.ts: not
    // while a search starts); MapLibre's own observer would resize and repaint it regardless.
    trackResize: false,
  })
  map.touchZoomRotate.disableRotation()
  // MapLibre makes its canvas a second region named "Map"; our wrapper is the one Map landmark.
  // The canvas takes keys itself (arrows pan, +/- zoom), which is what role=application means.
  const canvas = map.getCanvas()
  canvas.setAttribute('role', 'application')
  canvas.setAttribute('aria-label', 'Map canvas: arrow keys pan, plus and minus zoom')
  map.addControl(new NavigationControl({ showCompass: false }), 'top-right')
  // The locate control is added by the map controller (position-control.ts: it follows and reports).
  map.addControl(new ScaleControl({ unit: 'imperial', maxWidth: 120 }), 'bottom-left')
  map.addControl(new AttributionControl({ compact: true }), 'bottom-right')
  foldAttributionWhenNarrow(map)
  return map
}

/**
 * MapLibre's compact attribution opens expanded and folds to its (i) button at the first drag; on
 * a phone, expanded, it covered a third of the map's bottom (issue 18, problem 7). Folded from the
 * start there; (i) opens it, as MapLibre's own button does. MapLibre expands it again whenever a
 * source brings the first credit or the map is resized narrow (AttributionControl._updateCompact),
 * which happens after the first load when the parcel tiles' source is added (issue 37 item 10): so
 * it is folded after each of those, until the person opens or closes it themselves.
 */
function foldAttributionWhenNarrow(map: MapLibreMap): void {
  const container = map.getContainer()
  let touched = false
  container.addEventListener(
    'click',
    (e) => {
      if (e.target instanceof Element && e.target.closest('.maplibregl-ctrl-attrib-button')) touched = true
    },
    true,
  )
  const fold = () => {
    if (touched || container.clientWidth > 640) return
    container
      .querySelector('.maplibregl-ctrl-attrib.maplibregl-compact-show')
      ?.classList.remove('maplibregl-compact-show')
  }
  // Registered after the control's own listeners, so these run after MapLibre's expand.
  for (const event of ['load', 'styledata', 'sourcedata', 'resize'] as const) map.on(event, fold)
}

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches
}

/** Our API's requests carry the key (a header, never the URL); basemap tiles their referrer policy. */
export function transformRequest(url: string, authorize: MapPlacement['authorize']): RequestParameters {
  const headers = authorize?.(url)
  if (headers) return { url, headers }
  const referrerPolicy = basemapRequestPolicy(url)
  return referrerPolicy ? { url, referrerPolicy } : { url }
}
