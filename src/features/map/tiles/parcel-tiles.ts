/**
 * The parcel tile source on the map: added when the server says it makes tiles, its layers themed,
 * its features' state kept by TileStates, and taken off again when tiles are refused (a key whose
 * plan lacks `tiles`, a server that stopped making them), so results fall back to GeoJSON.
 */
import type { MapGeoJSONFeature, Map as MapLibreMap } from 'maplibre-gl'
import { LAND_USE_CLASSES } from '../../../../contract/land-use-classes'
import { PARCEL_TILE_OWNER_MIN_ZOOM, PARCEL_TILE_PROPS } from '../../../../contract/tiles'
import { type Theme, themeById } from '../../../format/themes'
import type { TileFacts, TileSourceInfo, TilesStatus } from '../../../ports/workspace-ports'
import { applyTileTheme, parcelTileLayers, placeLabelLayer, TILE_LAYERS, TILE_SOURCE, tileSource } from './tile-layers'
import { TileStates } from './tile-states'

/** Statuses that mean "no tiles for you here" rather than a passing failure of one tile. */
const REFUSED = new Set([401, 403, 404, 410])

export class ParcelTiles {
  readonly states: TileStates
  private info: TileSourceInfo | null = null
  private theme: Theme = themeById('plain')
  private placesVisible = true
  private failed = false
  private warned = false

  constructor(
    private readonly map: MapLibreMap,
    private readonly whenReady: (run: () => void) => void,
    /** Parcel layers go under this one (the GeoJSON results), place names under `labelsBefore`. */
    private readonly layersBefore: string,
    private readonly labelsBefore: string,
    private readonly report: (status: TilesStatus) => void,
  ) {
    this.states = new TileStates(map)
  }

  /** Results are drawn by feature-state on the tiles (else from GeoJSON). */
  get active(): boolean {
    return this.info !== null && !this.failed
  }

  setSource(info: TileSourceInfo | null): void {
    if (info?.url === this.info?.url && info?.minzoom === this.info?.minzoom) return
    this.info = info
    this.failed = false
    this.whenReady(() => {
      this.remove()
      if (info) this.add(info)
      this.report({ state: info ? 'on' : 'off' })
    })
  }

  private add(info: TileSourceInfo): void {
    this.map.addSource(TILE_SOURCE, tileSource(info))
    for (const layer of parcelTileLayers(this.theme, info.minzoom)) this.map.addLayer(layer, this.layersBefore)
    this.map.addLayer(placeLabelLayer(info.minzoom), this.labelsBefore)
    this.applyPlaces()
    this.states.attach()
  }

  private remove(): void {
    this.states.detach()
    for (const id of Object.values(TILE_LAYERS)) if (this.map.getLayer(id)) this.map.removeLayer(id)
    if (this.map.getSource(TILE_SOURCE)) this.map.removeSource(TILE_SOURCE)
  }

  setTheme(theme: Theme): void {
    this.theme = theme
    this.whenReady(() => applyTileTheme(this.map, theme))
  }

  /** Our town names, hidden under a basemap that writes its own. */
  setPlacesVisible(visible: boolean): void {
    this.placesVisible = visible
    this.whenReady(() => this.applyPlaces())
  }

  private applyPlaces(): void {
    if (this.map.getLayer(TILE_LAYERS.places))
      this.map.setLayoutProperty(TILE_LAYERS.places, 'visibility', this.placesVisible ? 'visible' : 'none')
  }

  /** A map error; true when it was a tile's. A refusal takes the tiles off; results go back to GeoJSON. */
  onError(sourceId: string | undefined, error: unknown): boolean {
    if (sourceId !== TILE_SOURCE) return false
    const status = (error as { status?: number } | null)?.status
    // A passing failure (network, 5xx) leaves a hole the next pan refills; said once, for whoever debugs.
    if (!this.warned && (status === undefined || !REFUSED.has(status))) {
      this.warned = true
      console.warn('Plat map: a parcel tile failed to load', (error as Error | null)?.message ?? error)
    }
    if (status !== undefined && REFUSED.has(status) && !this.failed) {
      this.failed = true
      this.whenReady(() => this.remove())
      const why = status === 403 ? 'your key’s plan does not include them' : `the server answered HTTP ${status}`
      this.report({
        state: 'failed',
        message: `Parcel outlines are not available (${why}); results are drawn without them.`,
      })
    }
    return true
  }

  /**
   * The parcel a click or hover on a tile feature means: any parcel the tile outlines, at any zoom
   * the outlines show (issue 18: a click at z12 on a visible outline did nothing).
   */
  parcelAt(
    feature: Pick<MapGeoJSONFeature, 'id' | 'properties'>,
  ): { id: number; uuid: string; facts: TileFacts } | null {
    const props = feature.properties ?? {}
    const uuid = props[PARCEL_TILE_PROPS.uuid]
    if (typeof uuid !== 'string' || typeof feature.id !== 'number') return null
    const acres = props[PARCEL_TILE_PROPS.acres]
    const luc = props[PARCEL_TILE_PROPS.landUse]
    const landUse = typeof luc === 'number' ? (LAND_USE_CLASSES[luc]?.label ?? null) : null
    const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null)
    const facts: TileFacts = {
      acres: typeof acres === 'number' ? acres : null,
      landUse,
      owner: text(props[PARCEL_TILE_PROPS.owner]),
      parcelId: text(props[PARCEL_TILE_PROPS.parcelId]),
      // 512-px tiles: the map shows zoom z's tiles from map zoom z.
      ownerCloser: Math.floor(this.map.getZoom()) < PARCEL_TILE_OWNER_MIN_ZOOM,
    }
    return { id: feature.id, uuid, facts }
  }
}
