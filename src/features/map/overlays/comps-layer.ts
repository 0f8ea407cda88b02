/**
 * Comparable sales on the map: each comp outlined (green when included, grey when left out) with its
 * rank and $/acre as a label, and the subject outlined in black (a site known only by its centre, a
 * ringed dot). Its own GeoJSON source and
 * layers on top, added on first use, so the base style and the result layers do not change.
 */
import pointOnFeature from '@turf/point-on-feature'
import type { Feature, FeatureCollection } from 'geojson'
import type { GeoJSONSource, LayerSpecification, Map as MapLibreMap } from 'maplibre-gl'
import type { CompsOverlay } from '../../../ports/workspace-ports'

const SOURCE = 'comps'
const LAYERS = {
  fill: 'comps-fill',
  line: 'comps-line',
  subject: 'comps-subject',
  subjectPoint: 'comps-subject-point',
  label: 'comps-label',
} as const

const shortUsd = (v: number) =>
  v >= 10_000 ? `$${(v / 1000).toFixed(1)}k` : v < 1 ? '<$1' : `$${Math.round(v).toLocaleString('en-US')}`

/** Polygons, label points and the subject as one collection (`kind` tells the layers apart). */
export function compsFeatures(o: CompsOverlay | null): FeatureCollection {
  const features: Feature[] = []
  if (!o) return { type: 'FeatureCollection', features }
  for (const c of o.comps) {
    const properties = { included: c.included, label: `#${c.rank}\n${shortUsd(c.perAcre)}/ac`, rank: c.rank }
    if (c.geometry)
      features.push({ type: 'Feature', properties: { ...properties, kind: 'comp' }, geometry: c.geometry })
    features.push({
      type: 'Feature',
      properties: { ...properties, kind: 'label' },
      geometry: { type: 'Point', coordinates: [c.point[0], c.point[1]] },
    })
  }
  if (o.subject) {
    features.push({ type: 'Feature', properties: { kind: 'subject' }, geometry: o.subject })
    // The subject's own label, placed first (rank 0): what the comps are compared with stays named.
    const at = o.subject.type === 'Point' ? o.subject : pointOnFeature(o.subject).geometry
    features.push({
      type: 'Feature',
      properties: { kind: 'label', label: 'Subject', rank: 0, included: true, subject: true },
      geometry: at,
    })
  }
  return { type: 'FeatureCollection', features }
}

const kind = (k: string) => ['==', ['get', 'kind'], k] as const

function layers(): LayerSpecification[] {
  return [
    {
      id: LAYERS.fill,
      type: 'fill',
      source: SOURCE,
      filter: kind('comp') as never,
      paint: { 'fill-color': ['case', ['get', 'included'], '#1f6f50', '#8a948f'], 'fill-opacity': 0.25 },
    },
    {
      id: LAYERS.line,
      type: 'line',
      source: SOURCE,
      filter: kind('comp') as never,
      paint: { 'line-color': ['case', ['get', 'included'], '#1f6f50', '#8a948f'], 'line-width': 1.5 },
    },
    {
      id: LAYERS.subject,
      type: 'line',
      source: SOURCE,
      filter: kind('subject') as never,
      paint: { 'line-color': '#111', 'line-width': 3 },
    },
    {
      id: LAYERS.subjectPoint,
      type: 'circle',
      source: SOURCE,
      filter: ['all', kind('subject'), ['==', ['geometry-type'], 'Point']] as never,
      paint: { 'circle-radius': 7, 'circle-color': '#fff', 'circle-stroke-color': '#111', 'circle-stroke-width': 3 },
    },
    {
      id: LAYERS.label,
      type: 'symbol',
      source: SOURCE,
      filter: kind('label') as never,
      // Labels never cover each other (issue 37 item 10): MapLibre's collision placement, best rank
      // placed first (the subject is rank 0), each label tried on every side of its point before it
      // is left out, beside the point rather than over the comp's own outline.
      layout: {
        'text-field': ['get', 'label'],
        // No glyphs URL: MapLibre draws the letters from the browser's fonts (as the town names).
        'text-font': ['system-ui', 'sans-serif'],
        'text-size': ['case', ['has', 'subject'], 13, 11],
        'symbol-sort-key': ['get', 'rank'],
        'text-allow-overlap': false,
        'text-ignore-placement': false,
        'text-variable-anchor': [
          'left',
          'right',
          'top',
          'bottom',
          'top-left',
          'top-right',
          'bottom-left',
          'bottom-right',
        ],
        'text-radial-offset': 0.7,
        'text-justify': 'auto',
        'text-padding': 4,
      },
      paint: {
        'text-color': ['case', ['has', 'subject'], '#111', ['get', 'included'], '#0f3d2c', '#5d6964'],
        'text-halo-color': 'rgba(255,255,255,0.95)',
        'text-halo-width': 1.5,
      },
    },
  ]
}

/** Sets the overlay (null clears it); the source and layers are added the first time. */
export function setCompsOverlay(map: MapLibreMap, overlay: CompsOverlay | null): void {
  const data = compsFeatures(overlay)
  const source = map.getSource<GeoJSONSource>(SOURCE)
  if (source) {
    source.setData(data)
    return
  }
  if (!overlay) return
  map.addSource(SOURCE, { type: 'geojson', data })
  for (const layer of layers()) map.addLayer(layer)
}
