import type { Geometry, Position } from 'geojson'

/** The geometry with every position passed through `f` (reprojection), whatever its type. */
export function mapPositions(g: Geometry, f: (p: Position) => Position): Geometry {
  const walk = (c: unknown): unknown =>
    Array.isArray(c) && typeof c[0] === 'number' ? f(c as Position) : Array.isArray(c) ? c.map(walk) : c
  if (g.type === 'GeometryCollection') return { ...g, geometries: g.geometries.map((x) => mapPositions(x, f)) }
  return { ...g, coordinates: walk(g.coordinates) } as Geometry
}
