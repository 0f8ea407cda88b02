/**
 * Basemap choices. Online, OpenStreetMap's standard raster (streets and place names) is the default
 * and Esri's imagery an option; offline — and in tests, which have no internet — the map shows only
 * our own data: background, Census state and county lines, parcel tiles and town names from the
 * `places` tile layer. When an online basemap cannot load, the map falls back to the offline one
 * and the selector says so (basemap-control.ts).
 */
import { config } from '../../../config/config'

export interface RasterBasemap {
  id: string
  label: string
  kind: 'raster'
  tiles: string[]
  tileSize: number
  maxzoom: number
  attribution: string
  /** It names towns itself, so our own place labels would only double them. */
  labels: boolean
}

export interface OfflineBasemap {
  id: 'offline'
  label: string
  kind: 'offline'
}

export type Basemap = OfflineBasemap | RasterBasemap

export const OFFLINE_BASEMAP: OfflineBasemap = { id: 'offline', label: 'Offline map (our data only)', kind: 'offline' }

export const BASEMAPS: readonly Basemap[] = [
  {
    id: 'streets',
    label: 'Streets (OpenStreetMap)',
    kind: 'raster',
    // OSM asks apps not to hard-code its tile server: a deployment can point this elsewhere.
    tiles: [config.streetsTileUrl],
    tileSize: 256,
    maxzoom: 19,
    attribution:
      '© <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">OpenStreetMap</a> contributors',
    labels: true,
  },
  {
    id: 'satellite',
    label: 'Satellite (Esri)',
    kind: 'raster',
    tiles: ['https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}'],
    tileSize: 256,
    maxzoom: 19,
    attribution:
      'Imagery © <a href="https://www.esri.com/" target="_blank" rel="noopener">Esri</a>, Maxar, Earthstar Geographics, and the GIS User Community',
    labels: false,
  },
  OFFLINE_BASEMAP,
]

export function basemapById(id: string): Basemap {
  return BASEMAPS.find((b) => b.id === id) ?? OFFLINE_BASEMAP
}

/**
 * The app is served with `Referrer-Policy: no-referrer` (its URLs hold search areas and owner
 * filters), but OpenStreetMap's tile servers refuse requests without a Referer
 * (https://wiki.openstreetmap.org/wiki/Blocked_tiles). Basemap tiles therefore go out with
 * `strict-origin-when-cross-origin`: the site's origin only, never the path or query.
 */
export function basemapRequestPolicy(url: string): ReferrerPolicy | undefined {
  const origin = originOf(url)
  const online = BASEMAPS.filter((b): b is RasterBasemap => b.kind === 'raster')
  return origin !== null && online.some((b) => b.tiles.some((t) => originOf(t) === origin))
    ? 'strict-origin-when-cross-origin'
    : undefined
}

function originOf(url: string): string | null {
  const m = /^https?:\/\/[^/]+/i.exec(url)
  return m ? m[0].toLowerCase() : null
}
