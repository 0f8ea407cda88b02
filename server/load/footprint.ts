/**
 * A footprint key: the same outline gives the same key whatever its vertex order, starting point,
 * part order or rounding below ~1 cm. Made in TypeScript from the geometry as read, so both
 * database backends (whose GEOS versions normalize differently) give every parcel the same id.
 */
import { createHash } from 'node:crypto'
import type { MultiPolygon, Position } from 'geojson'

const GRID = 1e7

function normalRing(ring: readonly Position[], outer: boolean): string[] {
  const pts = ring.slice(0, -1).map((p) => `${Math.round(p[0]! * GRID)},${Math.round(p[1]! * GRID)}`)
  // Outlines counter-clockwise, holes clockwise (shoelace on the rounded ring).
  let twice = 0
  for (let i = 0; i < ring.length - 1; i++) twice += ring[i]![0]! * ring[i + 1]![1]! - ring[i + 1]![0]! * ring[i]![1]!
  if (twice > 0 !== outer) pts.reverse()
  let start = 0
  for (let i = 1; i < pts.length; i++) if (pts[i]! < pts[start]!) start = i
  return [...pts.slice(start), ...pts.slice(0, start)]
}

export function footprintKey(geom: MultiPolygon): string {
  const polygons = geom.coordinates.map((rings) => {
    const [outer, ...holes] = rings.map((r, k) => normalRing(r, k === 0).join(' '))
    return [outer, ...holes.sort()].join('|')
  })
  polygons.sort()
  return createHash('sha1').update(polygons.join('/')).digest('hex')
}
