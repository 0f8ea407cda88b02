/**
 * Geometry as read → a 2-D longitude/latitude MultiPolygon PostGIS will accept, or the reason it
 * cannot be a parcel. Self-intersections and the like are left for PostGIS to repair; this only
 * fixes what would stop the geometry from being parsed at all (unclosed or degenerate rings).
 */
import type { Geometry, MultiPolygon, Position } from 'geojson'
import type { Projection } from '../../../formats/crs'

export type Cleaned = { geom: MultiPolygon; fixes: string[] } | { reason: string }

function polygonsOf(g: Geometry): Position[][][] | string {
  switch (g.type) {
    case 'Polygon':
      return [g.coordinates]
    case 'MultiPolygon':
      return g.coordinates
    case 'GeometryCollection': {
      const parts = g.geometries.flatMap((x) => {
        const p = polygonsOf(x)
        return typeof p === 'string' ? [] : p
      })
      return parts.length ? parts : 'a GeometryCollection without polygons'
    }
    default:
      return `a ${g.type}, not a polygon`
  }
}

const lonLatOk = (p: Position) => Math.abs(p[0]!) <= 180 && Math.abs(p[1]!) <= 90

export function cleanPolygon(g: Geometry, projection: Projection): Cleaned {
  const polygons = polygonsOf(g)
  if (typeof polygons === 'string') return { reason: polygons }
  const fixes: string[] = []
  const out: Position[][][] = []
  for (const polygon of polygons) {
    const rings: Position[][] = []
    for (const [k, ring] of (Array.isArray(polygon) ? polygon : []).entries()) {
      const pts: Position[] = []
      for (const p of Array.isArray(ring) ? ring : []) {
        if (!Array.isArray(p) || typeof p[0] !== 'number' || typeof p[1] !== 'number') {
          return { reason: 'a coordinate is not a pair of numbers' }
        }
        if (!Number.isFinite(p[0]) || !Number.isFinite(p[1])) return { reason: 'a coordinate is not a finite number' }
        const q = projection.forward(p)
        if (!lonLatOk(q)) {
          return {
            reason: `coordinates (${p[0]}, ${p[1]}) fall outside longitude/latitude after converting from ${projection.name}; is the CRS right? (--crs)`,
          }
        }
        const last = pts.at(-1)
        if (!last || last[0] !== q[0] || last[1] !== q[1]) pts.push(q)
      }
      if (pts.length > 1 && (pts[0]![0] !== pts.at(-1)![0] || pts[0]![1] !== pts.at(-1)![1])) {
        pts.push([pts[0]![0]!, pts[0]![1]!])
        fixes.push('ring closed')
      }
      if (pts.length < 4) {
        if (k === 0) break
        fixes.push('degenerate hole dropped')
        continue
      }
      rings.push(pts)
    }
    if (rings.length === 0) fixes.push('degenerate polygon dropped')
    else out.push(rings)
  }
  if (out.length === 0) return { reason: 'no polygon with at least three distinct corners' }
  return { geom: { type: 'MultiPolygon', coordinates: out }, fixes }
}
