/**
 * "Where am I" on the map: MapLibre's GeolocateControl, tracking — the dot, the accuracy circle and
 * the camera following until the person pans — with its positions passed on (the workspace names
 * the parcel under them). MapLibre's control draws no heading, so an arrow of our own points the
 * way the device faces where it knows (a moving phone's GPS course). The control's OFF state
 * has no event of its own: "trackuserlocationend" also fires when the camera merely stops following,
 * so the button's aria-pressed (false once the watch is cleared) tells the two apart.
 */
import type { FeatureCollection } from 'geojson'
import { type GeoJSONSource, GeolocateControl, type Map as MapLibreMap } from 'maplibre-gl'
import type { PositionFit, PositionFixEvent } from '../../../ports/workspace-ports'

const HEADING_SOURCE = 'position-heading'

export class PositionControl {
  readonly control: GeolocateControl

  constructor(
    private readonly map: MapLibreMap,
    report: (e: PositionFixEvent) => void,
  ) {
    this.control = new GeolocateControl({
      positionOptions: { enableHighAccuracy: true, timeout: 30_000 },
      trackUserLocation: true,
      showAccuracyCircle: true,
      fitBoundsOptions: { maxZoom: 17 },
    })
    map.addControl(this.control, 'top-right')
    this.control.on('geolocate', (e: { coords: GeolocationCoordinates }) => {
      const c = e.coords
      this.showHeading(c.longitude, c.latitude, c.heading)
      report({
        kind: 'fix',
        lng: c.longitude,
        lat: c.latitude,
        accuracy: c.accuracy,
        heading: typeof c.heading === 'number' && Number.isFinite(c.heading) ? c.heading : null,
      })
    })
    this.control.on('trackuserlocationstart', () => report({ kind: 'start' }))
    this.control.on('error', (e: { message?: string; code?: number }) =>
      report({
        kind: 'error',
        message:
          e.code === 1 ? 'Location permission is off for this site.' : (e.message ?? 'Your position is not available.'),
      }),
    )
    this.control.on('trackuserlocationend', () =>
      queueMicrotask(() => {
        if (this.button()?.getAttribute('aria-pressed') !== 'false') return
        this.showHeading(0, 0, null)
        report({ kind: 'stop' })
      }),
    )
  }

  /** An arrow beside the dot pointing along the heading (none when unknown). */
  private showHeading(lng: number, lat: number, heading: number | null): void {
    const data: FeatureCollection =
      heading === null || !Number.isFinite(heading)
        ? { type: 'FeatureCollection', features: [] }
        : {
            type: 'FeatureCollection',
            features: [
              { type: 'Feature', properties: { heading }, geometry: { type: 'Point', coordinates: [lng, lat] } },
            ],
          }
    const source = this.map.getSource<GeoJSONSource>(HEADING_SOURCE)
    if (source) return void source.setData(data)
    if (!this.map.isStyleLoaded()) return
    this.map.addSource(HEADING_SOURCE, { type: 'geojson', data })
    this.map.addLayer({
      id: HEADING_SOURCE,
      type: 'symbol',
      source: HEADING_SOURCE,
      layout: {
        'text-field': '▲',
        'text-font': ['system-ui', 'sans-serif'],
        'text-size': 16,
        'text-rotate': ['get', 'heading'],
        'text-rotation-alignment': 'map',
        'text-offset': [0, -1.3],
        'text-allow-overlap': true,
        'text-ignore-placement': true,
      },
      paint: { 'text-color': '#1da1f2', 'text-halo-color': '#fff', 'text-halo-width': 1.5 },
    })
  }

  /**
   * The framing of the position from now on, and at once while the camera follows: the banners over
   * the map grow as the parcel is named, and the dot would stay under them until the next fix. The
   * control's own camera update (private in MapLibre) keeps it following; a move of ours would read
   * as the person's pan and stop it.
   */
  setFit(fit: PositionFit): void {
    const before = JSON.stringify(this.control.options.fitBoundsOptions)
    this.control.options.fitBoundsOptions = { maxZoom: fit.maxZoom, padding: fit.padding }
    if (before === JSON.stringify(this.control.options.fitBoundsOptions)) return
    const c = this.control as unknown as { _watchState: string; _lastKnownPosition?: GeolocationPosition }
    if (c._watchState === 'ACTIVE_LOCK' && c._lastKnownPosition) this.control._updateCamera(c._lastKnownPosition)
  }

  private button(): HTMLButtonElement | null {
    return this.map.getContainer().querySelector('.maplibregl-ctrl-geolocate')
  }

  /** Starts following (or brings a camera that was panned away back to the position); or stops. */
  follow(on: boolean): void {
    const b = this.button()
    const pressed = b?.getAttribute('aria-pressed') === 'true'
    const background = b?.classList.contains('maplibregl-ctrl-geolocate-background') ?? false
    // trigger() steps the control's states: off → following; background → following; following → off.
    if (on && (!pressed || background)) this.control.trigger()
    if (!on && pressed) {
      if (background) this.control.trigger()
      this.control.trigger()
    }
  }
}
