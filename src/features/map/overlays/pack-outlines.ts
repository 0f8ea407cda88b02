/**
 * Field packs on the map: each pack's outline, dashed, with "Offline: <name>" along it, so a person
 * sees exactly which area works with no signal (a StreetComplete user asked for just this).
 */
import type { FeatureCollection } from 'geojson'
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl'
import { LAYER_IDS } from '../basemap/offline-style'

const PACK_SOURCE = 'field-packs'
const PACK_LAYERS = { line: 'field-pack-line', label: 'field-pack-label' } as const
const COLOR = '#1d6fa5'

export function setPackOutlines(map: MapLibreMap, outlines: FeatureCollection): void {
  const source = map.getSource<GeoJSONSource>(PACK_SOURCE)
  if (source) {
    source.setData(outlines)
    return
  }
  map.addSource(PACK_SOURCE, { type: 'geojson', data: outlines })
  const before = map.getLayer(LAYER_IDS.labelsSlot) ? LAYER_IDS.labelsSlot : undefined
  map.addLayer(
    {
      id: PACK_LAYERS.line,
      type: 'line',
      source: PACK_SOURCE,
      paint: { 'line-color': COLOR, 'line-width': 2.5, 'line-dasharray': [2, 1.5], 'line-opacity': 0.9 },
    },
    before,
  )
  map.addLayer(
    {
      id: PACK_LAYERS.label,
      type: 'symbol',
      source: PACK_SOURCE,
      layout: {
        'symbol-placement': 'line',
        'text-field': ['concat', 'Offline: ', ['get', 'name']],
        'text-font': ['system-ui', 'sans-serif'],
        'text-size': 12,
        'symbol-spacing': 400,
      },
      paint: { 'text-color': COLOR, 'text-halo-color': 'rgba(255,255,255,0.95)', 'text-halo-width': 1.5 },
    },
    before,
  )
}
