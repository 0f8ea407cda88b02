/** Geometry helpers: test polygons, area bodies, and turf-based intersection/containment checks. */
import turfBbox from '@turf/bbox'
import booleanIntersects from '@turf/boolean-intersects'
import type { MultiPolygon, Point, Polygon, Position } from 'geojson'

export type AreaGeom = Polygon | MultiPolygon
export type BBox = [number, number, number, number]

export const rect = (minLon: number, minLat: number, maxLon: number, maxLat: number): Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [minLon, minLat],
      [maxLon, minLat],
      [maxLon, maxLat],
      [minLon, maxLat],
      [minLon, minLat],
    ],
  ],
})

/** A convex polygon with `n` vertices around a centre (radii in degrees); closed ring. */
export function ngon(center: Position, rLon: number, rLat: number, n: number, phase = 0.37): Polygon {
  const ring: Position[] = []
  for (let i = 0; i < n; i++) {
    const t = phase + (2 * Math.PI * i) / n
    ring.push([(center[0] as number) + rLon * Math.cos(t), (center[1] as number) + rLat * Math.sin(t)])
  }
  ring.push(ring[0] as Position)
  return { type: 'Polygon', coordinates: [ring] }
}

export const feature = (geometry: unknown, properties: unknown = {}) => ({ type: 'Feature', geometry, properties })
export const collection = (...geometries: unknown[]) => ({
  type: 'FeatureCollection',
  features: geometries.map((g) => feature(g)),
})

export const bboxOf = (geom: AreaGeom): BBox => turfBbox(geom) as BBox

export const bboxesOverlap = (a: BBox, b: BBox): boolean => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3]

export const intersects = (a: AreaGeom | Point, b: AreaGeom): boolean => booleanIntersects(a, b)

export const containsPoint = (geom: AreaGeom, point: Position): boolean =>
  booleanIntersects({ type: 'Point', coordinates: point }, geom)

/**
 * A point well inside the geometry (so rounding of coordinates cannot move it out): the grid point of
 * the bounding box whose neighbourhood (±1 % of the box) stays inside, nearest the box centre.
 */
export function interiorPoint(geom: AreaGeom): Position | null {
  const [minX, minY, maxX, maxY] = bboxOf(geom)
  const dx = (maxX - minX) / 100
  const dy = (maxY - minY) / 100
  const candidates: Position[] = []
  for (let i = 3; i < 100; i += 4) {
    for (let j = 3; j < 100; j += 4) candidates.push([minX + i * dx + dx * 0.31, minY + j * dy + dy * 0.29])
  }
  const cx = (minX + maxX) / 2
  const cy = (minY + maxY) / 2
  candidates.sort((a, b) => Math.hypot(a[0]! - cx, a[1]! - cy) - Math.hypot(b[0]! - cx, b[1]! - cy))
  for (const p of candidates) {
    const around: Position[] = [p, [p[0]! + dx, p[1]!], [p[0]! - dx, p[1]!], [p[0]!, p[1]! + dy], [p[0]!, p[1]! - dy]]
    if (around.every((q) => containsPoint(geom, q))) return p
  }
  return null
}

export const bboxCenter = (b: BBox): Position => [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2]
