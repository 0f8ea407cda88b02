/**
 * The covered counties' outlines for the app's page (http/index-page.ts): Census 1:10m county
 * boundaries from us-atlas — the file the app draws its county lines and coverage shading from —
 * read once, cut down to the covered counties (a few KB each), each with its name and parcel count
 * as the app's coverage layer reads them (src/features/map/coverage-layers.ts).
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson'
import { feature } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import type { CoverageCounty } from '../../contract/tiles'

type CountiesAtlas = Topology<{ counties: GeometryCollection }>

/** Past this many counties the outlines weigh more than the app's own fetch of the whole atlas. */
const OUTLINES_MAX_COUNTIES = 200

let atlas: CountiesAtlas | null = null

function loadAtlas(): CountiesAtlas {
  if (!atlas) {
    const file = createRequire(import.meta.url).resolve('us-atlas/counties-10m.json')
    atlas = JSON.parse(readFileSync(file, 'utf8')) as CountiesAtlas
  }
  return atlas
}

/** The outlines of these counties, or null when there are too many to write into a page. */
export function coverageOutlines(counties: readonly CoverageCounty[]): FeatureCollection | null {
  if (counties.length > OUTLINES_MAX_COUNTIES) return null
  const byFips = new Map(counties.map((c) => [`${c.state_fp}${c.county_fp}`, c]))
  const topology = loadAtlas()
  const features: Feature[] = []
  for (const g of topology.objects.counties.geometries) {
    const c = byFips.get(String(g.id))
    if (!c) continue
    const f = feature(topology, g) as Feature<Polygon | MultiPolygon | null>
    if (f.geometry)
      features.push({ ...f, properties: { name: `${c.county}, ${c.state}`, parcels: c.parcels } } as Feature)
  }
  return { type: 'FeatureCollection', features }
}
