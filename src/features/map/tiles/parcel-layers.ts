/**
 * Parcel, footprint and lookup layers. Features carry numeric ids (their index in the batch) so
 * hover and selection use feature-state instead of re-uploading data (DESIGN.md performance notes).
 */
import type { FeatureCollection } from 'geojson'
import type { LayerSpecification, Map as MapLibreMap, SourceSpecification } from 'maplibre-gl'
import type { Theme } from '../../../format/themes'
import { FOCUS_COLORS, HOVER, resultFillOpacity, resultLineColor, SELECTED, setPaint, themeColor } from './theme-paint'

export const PARCEL_SOURCES = {
  parcels: 'parcels',
  buildings: 'buildings',
  lookup: 'lookup',
} as const
export const PARCEL_LAYERS = {
  /**
   * Results as dots from their own records where tiles may not outline them (below OUTLINES_FULL_ZOOM:
   * nothing below the tiles' first zoom, small parcels left out by the size cap above it), when tiles
   * draw them. A custom WebGL layer (dots-layer.ts), added on load below the GeoJSON results.
   */
  points: 'result-points',
  fill: 'parcels-fill',
  outline: 'parcels-outline',
  buildings: 'buildings-fill',
  buildingsOutline: 'buildings-outline',
  lookup: 'lookup-outline',
} as const

const COLORS = {
  building: '#5c4d7d',
  lookup: '#e36414',
}

const empty = (): FeatureCollection => ({ type: 'FeatureCollection', features: [] })

export function parcelSources(): Record<string, SourceSpecification> {
  return {
    [PARCEL_SOURCES.parcels]: { type: 'geojson', data: empty(), attribution: 'Parcels: Plat API' },
    [PARCEL_SOURCES.buildings]: { type: 'geojson', data: empty() },
    [PARCEL_SOURCES.lookup]: { type: 'geojson', data: empty() },
  }
}

/** Paint of the GeoJSON results under a theme (features carry the tile property names, parcel-features.ts). */
function resultPaint(theme: Theme) {
  const opacity = resultFillOpacity(theme)
  return {
    fill: {
      'fill-color': ['case', SELECTED, FOCUS_COLORS.selected, HOVER, FOCUS_COLORS.hover, themeColor(theme)],
      'fill-opacity': ['case', SELECTED, 0.45, HOVER, 0.4, opacity],
    },
    line: { 'line-color': ['case', SELECTED, FOCUS_COLORS.selected, resultLineColor(theme)] },
  }
}

/** Re-colours the GeoJSON results in place: a paint change, no data upload. */
export function applyParcelTheme(map: MapLibreMap, theme: Theme): void {
  const paint = resultPaint(theme)
  setPaint(map, [
    [PARCEL_LAYERS.fill, paint.fill],
    [PARCEL_LAYERS.outline, paint.line],
  ])
}

export function parcelLayers(theme: Theme): LayerSpecification[] {
  const paint = resultPaint(theme)
  return [
    { id: PARCEL_LAYERS.fill, type: 'fill', source: PARCEL_SOURCES.parcels, paint: paint.fill },
    {
      id: PARCEL_LAYERS.outline,
      type: 'line',
      source: PARCEL_SOURCES.parcels,
      paint: {
        ...paint.line,
        // "zoom" may only feed a top-level interpolate, so the selection case goes inside each stop.
        'line-width': [
          'interpolate',
          ['linear'],
          ['zoom'],
          8,
          ['case', SELECTED, 2.5, 0.4],
          14,
          ['case', SELECTED, 3.5, 1.5],
        ],
      },
    },
    {
      id: PARCEL_LAYERS.buildings,
      type: 'fill',
      source: PARCEL_SOURCES.buildings,
      minzoom: 12,
      paint: { 'fill-color': COLORS.building, 'fill-opacity': 0.6 },
    },
    {
      id: PARCEL_LAYERS.buildingsOutline,
      type: 'line',
      source: PARCEL_SOURCES.buildings,
      minzoom: 12,
      paint: { 'line-color': COLORS.building, 'line-width': 1 },
    },
    {
      id: PARCEL_LAYERS.lookup,
      type: 'line',
      source: PARCEL_SOURCES.lookup,
      paint: { 'line-color': COLORS.lookup, 'line-width': 3, 'line-dasharray': [2, 1] },
    },
  ] as LayerSpecification[]
}
