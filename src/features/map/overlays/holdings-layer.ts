/**
 * Holdings and lists on the map (issue 21): each holding's merged outline filled in one colour with
 * its label, the parcels of a portfolio or a list outlined thinly, and the assemblage's outline with
 * its parcels in another colour. Its own GeoJSON source and layers on top, added on first use, so
 * the base style and the result layers do not change (a new file beside comps-layer.ts).
 */
import type { Feature, FeatureCollection } from 'geojson'
import type { GeoJSONSource, LayerSpecification, Map as MapLibreMap } from 'maplibre-gl'
import { boxOf } from '../../../../contract/bbox'
import type { HoldingsLayerPort, HoldingsOverlay } from '../../../ports/workspace-ports'

const SOURCE = 'holdings'
const HOLDINGS_LAYERS = {
  fill: 'holdings-fill',
  line: 'holdings-line',
  parcels: 'holdings-parcels',
  assemblageFill: 'holdings-assemblage-fill',
  assemblageParcels: 'holdings-assemblage-parcels',
  assemblageLine: 'holdings-assemblage-line',
  dot: 'holdings-dot',
  label: 'holdings-label',
} as const

/** One colour for every holding (the "drawn in one colour"); the assemblage in another. */
const HOLDING_COLOUR = '#7b3fa0'
const ASSEMBLAGE_COLOUR = '#d9730d'

export function holdingsFeatures(o: HoldingsOverlay | null): FeatureCollection {
  const features: Feature[] = []
  if (!o) return { type: 'FeatureCollection', features }
  for (const p of o.parcels)
    features.push({ type: 'Feature', properties: { kind: 'parcel', id: p.id }, geometry: p.geometry })
  for (const h of o.holdings)
    features.push({ type: 'Feature', properties: { kind: 'holding', id: h.id, label: h.label }, geometry: h.geometry })
  // A dot at each holding's centre: framed across states (issue 37 item 10, ~z5) a farm is under a
  // pixel and its outline draws nothing, the dot still says where it is (as the report's maps do).
  for (const h of o.holdings) {
    const [w, s, e, n] = boxOf(h.geometry)
    features.push({
      type: 'Feature',
      properties: { kind: 'holding-dot', id: h.id },
      geometry: { type: 'Point', coordinates: [(w + e) / 2, (s + n) / 2] },
    })
  }
  if (o.assemblage) {
    for (const p of o.assemblage.parcels)
      features.push({ type: 'Feature', properties: { kind: 'assemblage-parcel', id: p.id }, geometry: p.geometry })
    if (o.assemblage.outline)
      features.push({
        type: 'Feature',
        properties: { kind: 'assemblage', label: 'Assemblage' },
        geometry: o.assemblage.outline,
      })
  }
  return { type: 'FeatureCollection', features }
}

const kind = (k: string) => ['==', ['get', 'kind'], k] as never

function layers(): LayerSpecification[] {
  return [
    {
      id: HOLDINGS_LAYERS.fill,
      type: 'fill',
      source: SOURCE,
      filter: kind('holding'),
      paint: { 'fill-color': HOLDING_COLOUR, 'fill-opacity': 0.3 },
    },
    {
      id: HOLDINGS_LAYERS.parcels,
      type: 'line',
      source: SOURCE,
      filter: kind('parcel'),
      paint: { 'line-color': HOLDING_COLOUR, 'line-width': 0.8, 'line-opacity': 0.7 },
    },
    {
      id: HOLDINGS_LAYERS.line,
      type: 'line',
      source: SOURCE,
      filter: kind('holding'),
      paint: { 'line-color': HOLDING_COLOUR, 'line-width': 2.5 },
    },
    {
      id: HOLDINGS_LAYERS.assemblageFill,
      type: 'fill',
      source: SOURCE,
      filter: kind('assemblage-parcel'),
      paint: { 'fill-color': ASSEMBLAGE_COLOUR, 'fill-opacity': 0.35 },
    },
    {
      id: HOLDINGS_LAYERS.assemblageParcels,
      type: 'line',
      source: SOURCE,
      filter: kind('assemblage-parcel'),
      paint: { 'line-color': ASSEMBLAGE_COLOUR, 'line-width': 0.8 },
    },
    {
      id: HOLDINGS_LAYERS.assemblageLine,
      type: 'line',
      source: SOURCE,
      filter: kind('assemblage'),
      paint: { 'line-color': ASSEMBLAGE_COLOUR, 'line-width': 3 },
    },
    {
      id: HOLDINGS_LAYERS.dot,
      type: 'circle',
      source: SOURCE,
      filter: kind('holding-dot'),
      // Gone by the zoom where the outline itself reads.
      maxzoom: 13,
      paint: {
        'circle-radius': 5,
        'circle-color': HOLDING_COLOUR,
        'circle-stroke-color': '#fff',
        'circle-stroke-width': 1.5,
        'circle-opacity': ['interpolate', ['linear'], ['zoom'], 11, 1, 13, 0] as never,
        'circle-stroke-opacity': ['interpolate', ['linear'], ['zoom'], 11, 1, 13, 0] as never,
      },
    },
    {
      id: HOLDINGS_LAYERS.label,
      type: 'symbol',
      source: SOURCE,
      filter: ['any', ['==', ['get', 'kind'], 'holding'], ['==', ['get', 'kind'], 'assemblage']] as never,
      layout: { 'text-field': ['get', 'label'], 'text-font': ['system-ui', 'sans-serif'], 'text-size': 12 },
      paint: { 'text-color': '#2a1238', 'text-halo-color': 'rgba(255,255,255,0.95)', 'text-halo-width': 1.5 },
    },
  ]
}

export class HoldingsLayer implements HoldingsLayerPort {
  private last: HoldingsOverlay | null = null

  constructor(
    private readonly map: MapLibreMap,
    private readonly whenReady: (cb: () => void) => void,
  ) {}

  setOverlay(overlay: HoldingsOverlay | null): void {
    if (overlay === this.last) return
    this.last = overlay
    this.whenReady(() => {
      if (this.last !== overlay) return
      const data = holdingsFeatures(overlay)
      const source = this.map.getSource<GeoJSONSource>(SOURCE)
      if (source) source.setData(data)
      else if (overlay) {
        this.map.addSource(SOURCE, { type: 'geojson', data })
        for (const layer of layers()) this.map.addLayer(layer)
      }
    })
  }

  destroy(): void {
    this.last = null
  }
}
