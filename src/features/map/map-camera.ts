/**
 * The map's camera moves the app asks for (frame a shape, a box, loaded records; fly to a point),
 * and the `data-camera` marker on the container — 'moving' from movestart to moveend — which a test
 * (or a person's script) waits on instead of a sleep.
 */
import bbox from '@turf/bbox'
import type { Geometry } from 'geojson'
import type { Map as MapLibreMap } from 'maplibre-gl'
import type { ParcelRecord } from '../../../contract/schemas'
import type { Box } from '../../../contract/tile-math'
import { parcelsToFeatures } from './tiles/parcel-features'
import { panToUncover, uncoveredPadding } from './uncovered-padding'

type Rows = readonly (ParcelRecord | undefined)[]

const round = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d

export class MapCamera {
  /**
   * The shape the app last framed, framed again when the map's box changes soon after (until a
   * person moves the map): the panel that shows what was framed often resizes the map a frame
   * later — a list lookup's results take two thirds of the height from it — and MapLibre keeps the
   * centre on a resize, so the framed parcels ended above and below the view (issue 37 item 10).
   */
  private lastFit: { box: [[number, number], [number, number]]; maxZoom: number; until: number } | null = null

  constructor(
    private readonly map: MapLibreMap,
    private readonly signal: AbortSignal,
    onView: (view: { center: [number, number]; zoom: number }) => void,
  ) {
    const container = map.getContainer()
    container.dataset.camera = 'still'
    map.on('movestart', () => {
      container.dataset.camera = 'moving'
    })
    map.on('resize', () => {
      const fit = this.lastFit
      if (!fit || this.signal.aborted || performance.now() > fit.until) return
      map.fitBounds(fit.box, { padding: uncoveredPadding(container, 60), maxZoom: fit.maxZoom, duration: 0 })
    })
    // A person's drag, pinch or zoom button (their events carry the input event) ends it.
    map.on('movestart', (e: { originalEvent?: unknown }) => {
      if (e.originalEvent) this.lastFit = null
    })
    map.on('moveend', () => {
      container.dataset.camera = 'still'
      const c = map.getCenter()
      onView({ center: [round(c.lng, 5), round(c.lat, 5)], zoom: round(map.getZoom(), 2) })
    })
  }

  /** Frames the shape (false, and no move, when it has no finite box). */
  fitTo(geometry: Geometry, maxZoom = 16): boolean {
    const [w, s, e, n] = bbox(geometry)
    if (![w, s, e, n].every(Number.isFinite)) return false
    // The click that frames a parcel also opens its details over the map: fit once that panel is
    // laid out, inside the part of the map it leaves visible. The camera counts as moving meanwhile.
    const container = this.map.getContainer()
    container.dataset.camera = 'moving'
    const box: [[number, number], [number, number]] = [
      [w as number, s as number],
      [e as number, n as number],
    ]
    this.lastFit = { box, maxZoom, until: performance.now() + 2_000 }
    requestAnimationFrame(() => {
      if (this.signal.aborted) return
      this.map.fitBounds(box, { padding: uncoveredPadding(container, 60), maxZoom, duration: 600 })
      if (!this.map.isMoving()) container.dataset.camera = 'still'
    })
    return true
  }

  /** Frames a box, but never farther out than `minZoom` (centred on the box then). */
  fitBounds([w, s, e, n]: Box, minZoom: number): void {
    this.lastFit = null
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
    this.lastFit = null
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

  /**
   * After a click opens a parcel's details: when the panel (beside the map on desktop, a sheet on a
   * phone) covers the clicked point, or the map shrank so the point left it, the map pans the
   * point back into the part left visible. Checked once the panel is laid out, and again when the
   * details have loaded (the sheet grows with its content).
   */
  keepInView(at: { lng: number; lat: number }): void {
    const check = () => {
      if (this.signal.aborted || this.map.isMoving()) return
      const container = this.map.getContainer()
      const { x, y } = this.map.project([at.lng, at.lat])
      const pad = { ...uncoveredPadding(container, 0), left: 0, top: 0 }
      const by = panToUncover([x, y], { width: container.clientWidth, height: container.clientHeight }, pad)
      if (by) this.map.panBy(by, { duration: 300 })
    }
    requestAnimationFrame(() => requestAnimationFrame(check))
    setTimeout(check, 700)
  }

  /** [west, south, east, north] of what the map shows now. */
  bounds(): Box {
    const b = this.map.getBounds()
    return [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()]
  }

  flyTo(center: [number, number], zoom?: number): void {
    this.lastFit = null
    this.map.flyTo({ center, zoom: zoom ?? Math.max(this.map.getZoom(), 14), duration: 800 })
  }
}
