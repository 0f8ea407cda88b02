/**
 * Where the server has parcels (GET /coverage): the covered counties shaded at low zoom, so a person
 * looking at the whole country sees where to go. Outlines come from the Census counties (us-atlas,
 * by FIPS) the map already uses for county lines; the shading fades out as parcel outlines appear.
 */
import type { FeatureCollection } from 'geojson'
import type { LayerSpecification } from 'maplibre-gl'
import type { CoverageCounty } from '../../../../contract/tiles'
import { loadCountyShapes } from '../../../geo/census-counties'

export const COVERAGE_SOURCE = 'coverage'
export const COVERAGE_LAYERS = { fill: 'coverage-fill', line: 'coverage-line' } as const

const COLOR = '#2b7a78'

export function coverageLayers(): LayerSpecification[] {
  return [
    {
      id: COVERAGE_LAYERS.fill,
      type: 'fill',
      source: COVERAGE_SOURCE,
      maxzoom: 12,
      paint: {
        'fill-color': COLOR,
        'fill-opacity': ['interpolate', ['linear'], ['zoom'], 3, 0.45, 9, 0.2, 11.5, 0],
      },
    },
    {
      id: COVERAGE_LAYERS.line,
      type: 'line',
      source: COVERAGE_SOURCE,
      maxzoom: 12,
      paint: {
        'line-color': COLOR,
        // A county is a few pixels across at the country view: the outline keeps it findable.
        'line-width': ['interpolate', ['linear'], ['zoom'], 3, 2, 9, 1.5],
        'line-opacity': ['interpolate', ['linear'], ['zoom'], 9, 0.9, 11.5, 0],
      },
    },
  ] as LayerSpecification[]
}

/** The covered counties' outlines, each with its name and parcel count. */
export async function coverageShapes(counties: readonly CoverageCounty[]): Promise<FeatureCollection> {
  const byFips = new Map(counties.map((c) => [`${c.state_fp}${c.county_fp}`, c]))
  const shapes = await loadCountyShapes([...byFips.keys()])
  return {
    type: 'FeatureCollection',
    features: shapes.map((f) => {
      const c = byFips.get(String(f.id))
      return { ...f, properties: { name: c ? `${c.county}, ${c.state}` : '', parcels: c?.parcels ?? 0 } }
    }),
  }
}
