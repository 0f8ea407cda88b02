/**
 * Basemap choices. The default draws only our own data (background + state and county lines from
 * us-atlas), so the app works offline and in tests. The raster options need the internet; when
 * their tiles fail the map keeps the offline lines underneath and shows a notice (map-controller).
 */
export interface RasterBasemap {
  id: string
  label: string
  kind: 'raster'
  tiles: string[]
  tileSize: number
  maxzoom: number
  attribution: string
}

export interface OfflineBasemap {
  id: 'offline'
  label: string
  kind: 'offline'
}

export type Basemap = OfflineBasemap | RasterBasemap

export const OFFLINE_BASEMAP: OfflineBasemap = { id: 'offline', label: 'Boundaries (offline)', kind: 'offline' }

export const BASEMAPS: readonly Basemap[] = [
  OFFLINE_BASEMAP,
  {
    id: 'satellite',
    label: 'Satellite (Esri)',
    kind: 'raster',
    tiles: ['https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}'],
    tileSize: 256,
    maxzoom: 19,
    attribution:
      'Imagery © <a href="https://www.esri.com/" target="_blank" rel="noopener">Esri</a>, Maxar, Earthstar Geographics, and the GIS User Community',
  },
  {
    id: 'streets',
    label: 'Streets (OpenStreetMap)',
    kind: 'raster',
    tiles: ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'],
    tileSize: 256,
    maxzoom: 19,
    attribution:
      '© <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener">OpenStreetMap</a> contributors',
  },
]

export function basemapById(id: string): Basemap {
  return BASEMAPS.find((b) => b.id === id) ?? OFFLINE_BASEMAP
}
