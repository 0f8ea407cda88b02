/**
 * The parcel vector tiles on the map (contract/tiles.ts): every parcel's outline, light and under
 * everything else; the search results drawn on the same features by feature-state (`matched`,
 * themed); hover and selection; and the town names of the `places` layer. Added once the server
 * says it makes tiles (GET /coverage), removed if they stop answering.
 */
import type { LayerSpecification, Map as MapLibreMap, VectorSourceSpecification } from 'maplibre-gl'
import { PARCEL_LAYER, PLACE_LAYER, PLACE_TILE_PROPS, TEXTURE_LAYER } from '../../../../contract/tiles'
import type { Theme } from '../../../format/themes'
import type { TileSourceInfo } from '../../../ports/workspace-ports'
import {
  FOCUS_COLORS,
  HOVER,
  MATCHED,
  resultFillOpacity,
  resultLineColor,
  SELECTED,
  setPaint,
  themeColor,
} from './theme-paint'

export const TILE_SOURCE = 'parcel-tiles'
export const TILE_LAYERS = {
  texture: 'tile-texture',
  outline: 'tile-outline',
  fill: 'tile-results-fill',
  line: 'tile-results-line',
  focus: 'tile-focus-line',
  places: 'tile-places',
} as const

/**
 * Every parcel's outline is clear from here. Below it a tile may leave small parcels out (its size
 * cap; they stay as the `texture` layer), so results are also drawn as dots from their own records
 * there (result-drawing.ts): a town's results show in their colour at every zoom.
 */
export const OUTLINES_FULL_ZOOM = 13

const OUTLINE_COLOR = '#6f6552'

export function tileSource(info: TileSourceInfo): VectorSourceSpecification {
  return {
    type: 'vector',
    tiles: [info.url],
    minzoom: info.minzoom,
    maxzoom: info.maxzoom,
    attribution: 'Parcels: Plat API',
  }
}

const onTiles = { source: TILE_SOURCE, 'source-layer': PARCEL_LAYER } as const

function resultPaint(theme: Theme) {
  return {
    fill: {
      'fill-color': ['case', SELECTED, FOCUS_COLORS.selected, HOVER, FOCUS_COLORS.hover, themeColor(theme)],
      // Unmatched parcels stay in the layer (opacity 0) so a hover or click can find any of them.
      'fill-opacity': ['case', SELECTED, 0.4, HOVER, 0.35, MATCHED, resultFillOpacity(theme), 0],
    },
    line: { 'line-color': resultLineColor(theme), 'line-opacity': resultLineOpacity(theme) },
  } as const
}

/**
 * A themed result's dark outline only from street zoom: at z12 a town lot is 2–3 px, and a dark
 * line around each turned a town of top-class results slate-grey (issue 18). A plain result's line
 * is its own teal, which only helps.
 */
function resultLineOpacity(theme: Theme) {
  if (theme.kind === 'plain') return ['case', MATCHED, 1, 0]
  return ['interpolate', ['linear'], ['zoom'], 12, ['case', MATCHED, 0, 0], 14, ['case', MATCHED, 1, 0]]
}

/** The parcel layers, bottom to top, all inserted below the GeoJSON results (`beforeId`). */
export function parcelTileLayers(theme: Theme, minzoom: number): LayerSpecification[] {
  const paint = resultPaint(theme)
  return [
    {
      // Parcels the tile had to leave out: a faint stipple where they are, so a town reads as a town.
      id: TILE_LAYERS.texture,
      type: 'circle',
      source: TILE_SOURCE,
      'source-layer': TEXTURE_LAYER,
      minzoom,
      maxzoom: OUTLINES_FULL_ZOOM + 1,
      paint: {
        'circle-color': OUTLINE_COLOR,
        'circle-opacity': 0.45,
        'circle-radius': ['interpolate', ['linear'], ['zoom'], minzoom, 0.8, OUTLINES_FULL_ZOOM, 1.2],
      },
    },
    {
      id: TILE_LAYERS.outline,
      type: 'line',
      ...onTiles,
      minzoom,
      paint: {
        'line-color': OUTLINE_COLOR,
        // Faint at the zoom a county jump lands on (a texture that says "parcels here"), clear from z13.
        'line-opacity': ['interpolate', ['linear'], ['zoom'], minzoom, 0.25, OUTLINES_FULL_ZOOM, 0.7],
        'line-width': ['interpolate', ['linear'], ['zoom'], minzoom, 0.3, OUTLINES_FULL_ZOOM, 0.7, 17, 1.4],
      },
    },
    { id: TILE_LAYERS.fill, type: 'fill', ...onTiles, minzoom, paint: paint.fill },
    {
      id: TILE_LAYERS.line,
      type: 'line',
      ...onTiles,
      minzoom,
      paint: {
        ...paint.line,
        'line-width': ['interpolate', ['linear'], ['zoom'], minzoom, 0.5, 14, 1.5],
      },
    },
    {
      id: TILE_LAYERS.focus,
      type: 'line',
      ...onTiles,
      minzoom,
      paint: {
        'line-color': ['case', SELECTED, FOCUS_COLORS.selected, FOCUS_COLORS.hover],
        'line-opacity': ['case', SELECTED, 1, HOVER, 1, 0],
        'line-width': ['case', SELECTED, 3, 2],
      },
    },
  ] as LayerSpecification[]
}

/**
 * Town names from our own data. No `glyphs` URL in the style: MapLibre then draws the letters
 * itself from the browser's fonts (TinySDF), which works offline and needs nothing served.
 */
export function placeLabelLayer(minzoom: number): LayerSpecification {
  return {
    id: TILE_LAYERS.places,
    type: 'symbol',
    source: TILE_SOURCE,
    'source-layer': PLACE_LAYER,
    minzoom,
    layout: {
      'text-field': ['get', PLACE_TILE_PROPS.name],
      'text-font': ['system-ui', 'sans-serif'],
      'text-size': ['interpolate', ['linear'], ['zoom'], minzoom, 11, 15, 15],
      'text-padding': 6,
      'symbol-sort-key': ['-', 0, ['to-number', ['get', PLACE_TILE_PROPS.parcels], 0]],
    },
    paint: { 'text-color': '#2f3a33', 'text-halo-color': 'rgba(255,255,255,0.9)', 'text-halo-width': 1.5 },
  }
}

/** Re-colours the results on the tiles: a paint change, nothing is reloaded. */
export function applyTileTheme(map: MapLibreMap, theme: Theme): void {
  const paint = resultPaint(theme)
  setPaint(map, [
    [TILE_LAYERS.fill, paint.fill],
    [TILE_LAYERS.line, paint.line],
  ])
}
