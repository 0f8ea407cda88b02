/**
 * The keyboard drawing's points so far on the map (keyboard-sketch.ts): its own GeoJSON source,
 * a dashed line through the points and back to the first, and a dot on each (the first larger,
 * since Enter there closes the shape). Not terra-draw's: terra-draw's store would take these for
 * shapes the person drew with the pointer.
 */
import type { Feature, FeatureCollection } from 'geojson'
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl'
import type { Vertex } from './keyboard-sketch'

const SOURCE = 'keyboard-sketch'
const COLOUR = '#1d4ed8'

function sketchFeatures(vertices: readonly Vertex[]): FeatureCollection {
  const features: Feature[] = vertices.map((v, i) => ({
    type: 'Feature',
    properties: { first: i === 0 },
    geometry: { type: 'Point', coordinates: [v[0], v[1]] },
  }))
  if (vertices.length >= 2) {
    const line = vertices.map((v) => [v[0], v[1]])
    const first = vertices[0] as Vertex
    if (vertices.length >= 3) line.push([first[0], first[1]])
    features.unshift({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: line } })
  }
  return { type: 'FeatureCollection', features }
}

export class SketchLayer {
  private added = false

  constructor(private readonly map: MapLibreMap) {}

  set(vertices: readonly Vertex[]): void {
    const data = sketchFeatures(vertices)
    if (!this.added) {
      if (vertices.length === 0) return
      this.map.addSource(SOURCE, { type: 'geojson', data })
      this.map.addLayer({
        id: `${SOURCE}-line`,
        type: 'line',
        source: SOURCE,
        filter: ['==', ['geometry-type'], 'LineString'],
        paint: { 'line-color': COLOUR, 'line-width': 2.5, 'line-dasharray': [2, 1.5] },
      })
      this.map.addLayer({
        id: `${SOURCE}-points`,
        type: 'circle',
        source: SOURCE,
        filter: ['==', ['geometry-type'], 'Point'],
        paint: {
          'circle-radius': ['case', ['get', 'first'], 7, 5],
          'circle-color': '#fff',
          'circle-stroke-color': COLOUR,
          'circle-stroke-width': 2.5,
        },
      })
      this.added = true
      return
    }
    ;(this.map.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(data)
  }
}
