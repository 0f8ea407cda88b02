/**
 * The style of a report's map (src/features/reports renders it offscreen at print resolution): the
 * basemap in use, every parcel's outline from the parcel tiles (the neighbours), the search results
 * in the theme the screen uses, the search areas, comps, and the subject — drawn for paper: the
 * subject hatched with a thick dark outline on a white casing, so it reads in grayscale. Also the
 * same picture on our offline map, for when the basemap does not load. Pure: no map is made here.
 */
import type { Feature, FeatureCollection, Geometry } from 'geojson'
import type { LayerSpecification, SourceSpecification, StyleSpecification, SymbolLayerSpecification } from 'maplibre-gl'
import type { ParcelRecord } from '../../../contract/schemas'
import { PARCEL_LAYER } from '../../../contract/tiles'
import { REPORT_MAP, SUBJECT_HATCH } from '../../format/report-colors'
import { type ThemeId, themeById } from '../../format/themes'
import type { CompsOverlay, TileSourceInfo } from '../../ports/workspace-ports'
import { basemapById } from './basemap/basemaps'
import { parcelsToFeatures } from './tiles/parcel-features'
import { resultLineColor, themeColor } from './tiles/theme-paint'
import { placeLabelLayer, tileSource } from './tiles/tile-layers'

export interface PrintMapContent {
  subject?: Geometry | null
  areas?: readonly Geometry[]
  results?: readonly ParcelRecord[]
  comps?: readonly Pick<CompsOverlay['comps'][number], 'rank' | 'included' | 'geometry' | 'point'>[]
  /** Every parcel's outline from the tiles. */
  neighbours?: boolean
  /** Holdings' merged outlines: drawn as the subject is, each with a dot and its label at `point`. */
  holdings?: readonly { label: string; geometry: Geometry; point: readonly [number, number] }[]
}

export interface PrintMapStyles {
  style: StyleSpecification
  /** The same without the online basemap; null when the basemap already is the offline map. */
  offline: StyleSpecification | null
  basemapLabel: string
  offlineLabel: string
}

const TILES = 'print-parcel-tiles'
const fc = (features: Feature[]): FeatureCollection => ({ type: 'FeatureCollection', features })
const asFeature = (geometry: Geometry, properties: Record<string, unknown> = {}): Feature => ({
  type: 'Feature',
  geometry,
  properties,
})

function overlay(
  content: PrintMapContent,
  themeId: ThemeId,
): { sources: Record<string, SourceSpecification>; layers: LayerSpecification[] } {
  const theme = themeById(themeId)
  const sources: Record<string, SourceSpecification> = {}
  const layers: LayerSpecification[] = []
  if (content.results?.length) {
    sources.results = { type: 'geojson', data: parcelsToFeatures(content.results).data }
    layers.push(
      {
        id: 'print-results-fill',
        type: 'fill',
        source: 'results',
        paint: { 'fill-color': themeColor(theme), 'fill-opacity': theme.kind === 'plain' ? 0.35 : 0.8 },
      },
      {
        id: 'print-results-line',
        type: 'line',
        source: 'results',
        paint: { 'line-color': resultLineColor(theme), 'line-width': 0.6 },
      },
    )
  }
  if (content.areas?.length) {
    sources.areas = { type: 'geojson', data: fc(content.areas.map((g) => asFeature(g))) }
    layers.push({
      id: 'print-areas',
      type: 'line',
      source: 'areas',
      paint: { 'line-color': REPORT_MAP.area, 'line-width': 2, 'line-dasharray': [3, 2] },
    })
  }
  if (content.comps?.length) {
    const features: Feature[] = []
    for (const c of content.comps) {
      if (c.geometry) features.push(asFeature(c.geometry, { included: c.included, kind: 'comp' }))
      features.push(
        asFeature(
          { type: 'Point', coordinates: [c.point[0], c.point[1]] },
          { label: String(c.rank), kind: 'label', rank: c.rank },
        ),
      )
    }
    sources.comps = { type: 'geojson', data: fc(features) }
    const comp = ['==', ['get', 'kind'], 'comp']
    const label = ['==', ['get', 'kind'], 'label']
    layers.push(
      {
        id: 'print-comps-fill',
        type: 'fill',
        source: 'comps',
        filter: ['all', comp, ['get', 'included']] as never,
        paint: { 'fill-color': REPORT_MAP.compIncluded, 'fill-opacity': 0.18 },
      },
      {
        id: 'print-comps-in',
        type: 'line',
        source: 'comps',
        filter: ['all', comp, ['get', 'included']] as never,
        paint: { 'line-color': REPORT_MAP.compIncluded, 'line-width': 2 },
      },
      {
        id: 'print-comps-out',
        type: 'line',
        source: 'comps',
        filter: ['all', comp, ['!', ['get', 'included']]] as never,
        paint: { 'line-color': REPORT_MAP.compExcluded, 'line-width': 1.5, 'line-dasharray': [2, 1.5] },
      },
      {
        id: 'print-comps-label',
        type: 'symbol',
        source: 'comps',
        filter: label as never,
        layout: {
          'text-field': ['get', 'label'],
          // No glyphs URL: MapLibre draws the digits from the browser's fonts, as on screen.
          'text-font': ['system-ui', 'sans-serif'],
          'text-size': 12,
          'symbol-sort-key': ['get', 'rank'],
          'text-allow-overlap': false,
        },
        paint: { 'text-color': '#000000', 'text-halo-color': '#ffffff', 'text-halo-width': 2 },
      },
    )
  }
  if (content.subject || content.holdings?.length) {
    const outlines = [
      ...(content.subject ? [asFeature(content.subject)] : []),
      ...(content.holdings ?? []).map((h) => asFeature(h.geometry)),
    ]
    sources.subject = { type: 'geojson', data: fc(outlines) }
    layers.push(
      { id: 'print-subject-hatch', type: 'fill', source: 'subject', paint: { 'fill-pattern': SUBJECT_HATCH.id } },
      {
        id: 'print-subject-casing',
        type: 'line',
        source: 'subject',
        paint: { 'line-color': '#ffffff', 'line-width': 7 },
      },
      {
        id: 'print-subject-line',
        type: 'line',
        source: 'subject',
        paint: { 'line-color': REPORT_MAP.subject, 'line-width': 3.5 },
      },
    )
    if (content.holdings?.length) {
      // A dot per holding: the outline of a farm on a map of three states is below a pixel (and
      // the GeoJSON tiler drops it), the dot is not.
      sources.holdingPoints = {
        type: 'geojson',
        data: fc(
          content.holdings.map((h) =>
            asFeature({ type: 'Point', coordinates: [h.point[0], h.point[1]] }, { label: h.label }),
          ),
        ),
      }
      layers.push(
        {
          id: 'print-holding-dot',
          type: 'circle',
          source: 'holdingPoints',
          paint: {
            'circle-radius': 3.5,
            'circle-color': REPORT_MAP.subject,
            'circle-stroke-color': '#ffffff',
            'circle-stroke-width': 1.5,
          },
        },
        {
          id: 'print-holding-label',
          type: 'symbol',
          source: 'holdingPoints',
          layout: {
            'text-field': ['get', 'label'],
            // No glyphs URL: MapLibre draws the letters from the browser's fonts, as on screen.
            'text-font': ['system-ui', 'sans-serif'],
            'text-size': 12,
            'text-anchor': 'left',
            'text-offset': [0.5, 0],
            'text-allow-overlap': false,
          },
          paint: { 'text-color': '#000000', 'text-halo-color': '#ffffff', 'text-halo-width': 2.5 },
        },
      )
    }
  }
  return { sources, layers }
}

function compose(
  raster: ReturnType<typeof basemapById> | null,
  tiles: TileSourceInfo | null,
  content: PrintMapContent,
  theme: ThemeId,
): StyleSpecification {
  const { sources, layers } = overlay(content, theme)
  const base: LayerSpecification[] = [
    { id: 'print-background', type: 'background', paint: { 'background-color': '#f4f5f1' } },
  ]
  if (raster?.kind === 'raster') {
    sources.basemap = { type: 'raster', tiles: raster.tiles, tileSize: raster.tileSize, maxzoom: raster.maxzoom }
    base.push({ id: 'print-basemap', type: 'raster', source: 'basemap' })
  }
  if (tiles) {
    sources[TILES] = tileSource(tiles)
    if (content.neighbours)
      base.push({
        id: 'print-neighbours',
        type: 'line',
        source: TILES,
        'source-layer': PARCEL_LAYER,
        minzoom: tiles.minzoom,
        // On imagery the grey would vanish: a light line with a dark edge reads on both.
        paint: {
          'line-color': raster?.kind === 'raster' && !raster.labels ? '#f2f2f2' : REPORT_MAP.neighbour,
          'line-width': 1,
        },
      })
    if (raster?.kind !== 'raster') {
      base.push({ ...(placeLabelLayer(tiles.minzoom) as SymbolLayerSpecification), id: 'print-places', source: TILES })
    }
  }
  return { version: 8, name: 'Plat report map', sources, layers: [...base, ...layers] }
}

export function printMapStyle(o: {
  basemap: string
  tiles: TileSourceInfo | null
  theme: ThemeId
  content: PrintMapContent
}): PrintMapStyles {
  const basemap = basemapById(o.basemap)
  const offline = basemapById('offline')
  const online = basemap.kind === 'raster'
  return {
    style: compose(online ? basemap : null, o.tiles, o.content, o.theme),
    offline: online ? compose(null, o.tiles, o.content, o.theme) : null,
    basemapLabel: basemap.label,
    offlineLabel: offline.label,
  }
}
