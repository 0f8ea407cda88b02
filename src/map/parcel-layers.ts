/**
 * Parcel, footprint and lookup layers. Features carry numeric ids (their index in the batch) so
 * hover and selection use feature-state instead of re-uploading data (DESIGN.md performance notes).
 */
import type { FeatureCollection } from 'geojson'
import type { LayerSpecification, SourceSpecification } from 'maplibre-gl'

export const PARCEL_SOURCES = { parcels: 'parcels', buildings: 'buildings', lookup: 'lookup' } as const
export const PARCEL_LAYERS = {
  fill: 'parcels-fill',
  outline: 'parcels-outline',
  buildings: 'buildings-fill',
  buildingsOutline: 'buildings-outline',
  lookup: 'lookup-outline',
} as const

const COLORS = {
  parcel: '#2b7a78',
  hover: '#f2a541',
  selected: '#d7263d',
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

const selected = ['boolean', ['feature-state', 'selected'], false]
const hover = ['boolean', ['feature-state', 'hover'], false]

export function parcelLayers(): LayerSpecification[] {
  return [
    {
      id: PARCEL_LAYERS.fill,
      type: 'fill',
      source: PARCEL_SOURCES.parcels,
      paint: {
        'fill-color': ['case', selected, COLORS.selected, hover, COLORS.hover, COLORS.parcel],
        'fill-opacity': ['case', selected, 0.45, hover, 0.4, 0.22],
      },
    },
    {
      id: PARCEL_LAYERS.outline,
      type: 'line',
      source: PARCEL_SOURCES.parcels,
      paint: {
        'line-color': ['case', selected, COLORS.selected, COLORS.parcel],
        // "zoom" may only feed a top-level interpolate, so the selection case goes inside each stop.
        'line-width': [
          'interpolate',
          ['linear'],
          ['zoom'],
          8,
          ['case', selected, 2.5, 0.4],
          14,
          ['case', selected, 3.5, 1.5],
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
