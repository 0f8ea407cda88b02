import { createRequire } from 'node:module'
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson'
import { feature } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'

/** Rings of a county outline in [lon, lat], outer rings and holes alike (even–odd rule applies). */
export type Rings = Position[][]

// createRequire: Node's ESM loader needs import attributes for JSON, which tsx and vitest treat
// differently; require() reads the package file the same way everywhere.
const require = createRequire(import.meta.url)
let topology: Topology | undefined
const cache = new Map<string, Rings>()

/** The real outline of a county (5-digit FIPS) from us-atlas's 1:10m counties, as rings. */
export function countyRings(fips: string): Rings {
  const hit = cache.get(fips)
  if (hit) return hit
  topology ??= require('us-atlas/counties-10m.json') as Topology
  const counties = topology.objects.counties as GeometryCollection
  const object = counties.geometries.find((g) => g.id === fips)
  if (!object) throw new Error(`us-atlas has no county with FIPS ${fips}`)
  const geometry = (feature(topology, object) as Feature<Polygon | MultiPolygon>).geometry
  const rings = geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat()
  cache.set(fips, rings)
  return rings
}

/** [minLon, minLat, maxLon, maxLat] of the rings. */
export function ringsBounds(rings: Rings): [number, number, number, number] {
  const b: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity]
  for (const ring of rings) {
    for (const [x, y] of ring as [number, number][]) {
      b[0] = Math.min(b[0], x)
      b[1] = Math.min(b[1], y)
      b[2] = Math.max(b[2], x)
      b[3] = Math.max(b[3], y)
    }
  }
  return b
}
