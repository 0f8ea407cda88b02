/**
 * The map's own style: everything comes from our own origin. No sprite (no icons) and no `glyphs`
 * URL: MapLibre draws the few labels we have (town names, tile-layers.ts) from the browser's fonts,
 * so nothing is fetched from the internet, which tests and offline use do not have. Boundary and
 * coverage sources start empty and are filled at run time; online basemaps and parcel tiles are
 * added in the slots below (basemap-control.ts, parcel-tiles.ts).
 */
import type { FeatureCollection } from 'geojson'
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl'
import { themeById } from '../../../format/themes'
import { COVERAGE_LAYERS, COVERAGE_SOURCE, coverageLayers } from '../overlays/coverage-layers'
import { parcelLayers, parcelSources } from '../tiles/parcel-layers'

export const EMPTY_FC: FeatureCollection = { type: 'FeatureCollection', features: [] }

export const BOUNDARY_SOURCES = { states: 'boundaries-states', counties: 'boundaries-counties' } as const
export const LAYER_IDS = {
  background: 'background',
  countyLines: 'county-lines',
  stateLines: 'state-lines',
  /** An invisible marker: labels added later go under it, so they stay below the drawing layers. */
  labelsSlot: 'slot-labels',
} as const

/** Online basemaps go under this layer (right above the background). */
export const BASEMAP_BEFORE = COVERAGE_LAYERS.fill

/** County lines appear from this zoom (and their data is fetched shortly before). */
export const COUNTY_LINES_MINZOOM = 5

const PALETTE = {
  land: '#eef1ec',
  county: '#9aa79c',
  state: '#4f5d55',
}

function boundaryLayers(): LayerSpecification[] {
  return [
    {
      id: LAYER_IDS.countyLines,
      type: 'line',
      source: BOUNDARY_SOURCES.counties,
      minzoom: COUNTY_LINES_MINZOOM - 0.5,
      paint: {
        'line-color': PALETTE.county,
        'line-width': ['interpolate', ['linear'], ['zoom'], 4.5, 0.3, 8, 0.8, 12, 1.4],
        'line-opacity': ['interpolate', ['linear'], ['zoom'], 4.5, 0.3, 7, 0.9],
      },
    },
    {
      id: LAYER_IDS.stateLines,
      type: 'line',
      source: BOUNDARY_SOURCES.states,
      paint: {
        'line-color': PALETTE.state,
        'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.8, 8, 1.6, 12, 2.4],
      },
    },
  ]
}

export function buildOfflineStyle(): StyleSpecification {
  return {
    version: 8,
    name: 'Plat offline',
    sources: {
      [BOUNDARY_SOURCES.states]: {
        type: 'geojson',
        data: EMPTY_FC,
        attribution: 'Boundaries: US Census Bureau via us-atlas',
      },
      [BOUNDARY_SOURCES.counties]: { type: 'geojson', data: EMPTY_FC },
      [COVERAGE_SOURCE]: { type: 'geojson', data: EMPTY_FC },
      ...parcelSources(),
    },
    layers: [
      { id: LAYER_IDS.background, type: 'background', paint: { 'background-color': PALETTE.land } },
      ...coverageLayers(),
      ...boundaryLayers(),
      ...parcelLayers(themeById('plain')),
      { id: LAYER_IDS.labelsSlot, type: 'background', layout: { visibility: 'none' } },
    ],
  }
}
