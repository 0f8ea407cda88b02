/**
 * A footprint key: the same outline gives the same key whatever its vertex order, starting point,
 * part order or rounding below ~1 cm. Made in TypeScript from the geometry as read, so both
 * database backends (whose GEOS versions normalize differently) give every parcel the same id.
 */
import { hash } from 'node:crypto'
import type { MultiPolygon, Position } from 'geojson'

const GRID = 1e7

/** A ring's key: its rounded vertices, turned the agreed way round and started at the smallest. */
function normalRing(ring: readonly Position[], outer: boolean): string {
  const pts = ring.slice(0, -1).map((p) => `${Math.round(p[0]! * GRID)},${Math.round(p[1]! * GRID)}`)
  // Outlines counter-clockwise, holes clockwise (shoelace on the rounded ring).
  let twice = 0
  for (let i = 0; i < ring.length - 1; i++) twice += ring[i]![0]! * ring[i + 1]![1]! - ring[i + 1]![0]! * ring[i]![1]!
  if (twice > 0 !== outer) pts.reverse()
  let start = 0
  for (let i = 1; i < pts.length; i++) if (pts[i]! < pts[start]!) start = i
  // Joined from the start point round (the key is hashed text: a million of these per large county).
  return start === 0 ? pts.join(' ') : `${pts.slice(start).join(' ')} ${pts.slice(0, start).join(' ')}`
}

export function footprintKey(geom: MultiPolygon): string {
  const polygons = geom.coordinates.map((rings) => {
    if (rings.length === 1) return normalRing(rings[0]!, true)
    const holes = rings.slice(1).map((r) => normalRing(r, false))
    return [normalRing(rings[0]!, true), ...holes.sort()].join('|')
  })
  polygons.sort()
  return hash('sha1', polygons.join('/'), 'hex')
}
