/**
 * Which basemap the map shows, as against which one the user wants. An online basemap is probed
 * with one tile before its source is added (offline, a raster source would log a failed request
 * for every tile in view); when the probe fails, or its tiles keep failing later, the offline map
 * is shown and reported as what is displayed, with a notice when the user had picked that basemap
 * (the default failing quietly at start-up is the normal offline case). Back online, it tries again.
 */
import type { Map as MapLibreMap } from 'maplibre-gl'
import type { BasemapStatus } from '../../../ports/workspace-ports'
import { type Basemap, basemapById, OFFLINE_BASEMAP, type RasterBasemap } from './basemaps'

const BASEMAP_SOURCE = 'basemap'
const BASEMAP_LAYER = 'basemap'

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
    img.referrerPolicy = 'strict-origin-when-cross-origin' // see basemapRequestPolicy
    img.src = template.replace('{z}', '0').replace('{x}', '0').replace('{y}', '0')
  })
}

export class BasemapControl {
  private wanted: Basemap = OFFLINE_BASEMAP
  private shown: Basemap = OFFLINE_BASEMAP
  private errors = 0
  private explicit = false
  private readonly unavailable = new Set<string>()
  private readonly onOnline = () => {
    if (this.wanted !== this.shown) this.show(this.wanted, false)
  }

  constructor(
    private readonly map: MapLibreMap,
    private readonly whenReady: (run: () => void) => void,
    /** Where an online basemap's layer goes (under our own layers). */
    private readonly beforeLayer: string,
    private readonly report: (status: BasemapStatus, shown: Basemap) => void,
  ) {
    if (typeof window !== 'undefined') window.addEventListener('online', this.onOnline)
  }

  /** The user's choice; the first call (start-up) falls back quietly, later ones say why. */
  set(id: string): void {
    const next = basemapById(id)
    const first = !this.explicit
    this.explicit = true
    if (next.id === this.wanted.id && !first) return
    this.wanted = next
    this.show(next, !first)
  }

  private show(next: Basemap, tell: boolean): void {
    this.errors = 0
    if (next.kind !== 'raster') {
      this.display(OFFLINE_BASEMAP, null)
      return
    }
    void probeTile(next).then((ok) => {
      if (this.wanted !== next) return
      if (!ok) {
        this.unavailable.add(next.id)
        this.display(
          OFFLINE_BASEMAP,
          tell ? `${next.label} could not be reached (offline?). Showing the offline map.` : null,
        )
        return
      }
      this.unavailable.delete(next.id)
      this.display(next, null)
    })
  }

  private display(basemap: Basemap, notice: string | null): void {
    this.whenReady(() => {
      this.removeRaster()
      if (basemap.kind === 'raster') {
        this.map.addSource(BASEMAP_SOURCE, {
          type: 'raster',
          tiles: basemap.tiles,
          tileSize: basemap.tileSize,
          maxzoom: basemap.maxzoom,
          attribution: basemap.attribution,
        })
        this.map.addLayer({ id: BASEMAP_LAYER, type: 'raster', source: BASEMAP_SOURCE }, this.beforeLayer)
      }
      this.shown = basemap
      this.emit(notice)
    })
  }

  private emit(notice: string | null): void {
    this.report({ displayed: this.shown.id, unavailable: [...this.unavailable], notice }, this.shown)
  }

  /** A map error; true when it was the basemap's (then handled here, not logged). */
  onError(sourceId: string | undefined): boolean {
    if (sourceId !== BASEMAP_SOURCE) return false
    this.errors += 1
    if (this.errors === 1) this.emit(`Some ${this.shown.label} tiles failed to load. Boundaries stay visible.`)
    // The connection went away: stop asking for tiles rather than fail on every pan.
    if (this.errors >= 24) {
      this.unavailable.add(this.shown.id)
      const label = this.shown.label
      this.display(OFFLINE_BASEMAP, `${label} stopped loading (offline?). Showing the offline map.`)
    }
    return true
  }

  /** A basemap tile arrived after failures: the notice goes. */
  onTile(sourceId: string | undefined): void {
    if (sourceId !== BASEMAP_SOURCE || this.errors === 0) return
    this.errors = 0
    this.emit(null)
  }

  private removeRaster(): void {
    if (this.map.getLayer(BASEMAP_LAYER)) this.map.removeLayer(BASEMAP_LAYER)
    if (this.map.getSource(BASEMAP_SOURCE)) this.map.removeSource(BASEMAP_SOURCE)
  }

  destroy(): void {
    if (typeof window !== 'undefined') window.removeEventListener('online', this.onOnline)
  }
}
