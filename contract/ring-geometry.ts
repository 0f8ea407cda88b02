/**
 * Planar arithmetic on GeoJSON rings in lon/lat (the area search's edges are planar in lon/lat, see
 * docs/api.md, "API choices"). Pure and dependency-free: the client runs it too.
 */
import type { Position } from 'geojson'

/** Planar shoelace area in degrees², relative to the first vertex so large coordinates keep precision. */
export function ringArea(ring: readonly Position[]): number {
  const [x0, y0] = ring[0] as [number, number]
  let sum = 0
  for (let i = 0; i < ring.length - 1; i++) {
    const a = ring[i] as Position
    const b = ring[i + 1] as Position
    sum += ((a[0] as number) - x0) * ((b[1] as number) - y0) - ((b[0] as number) - x0) * ((a[1] as number) - y0)
  }
  return Math.abs(sum) / 2
}

/** 1 inside, -1 outside, 0 on the boundary (even-odd ray casting with an exact on-edge test). */
function pointInRing(p: Position, ring: readonly Position[]): 1 | 0 | -1 {
  const x = p[0] as number
  const y = p[1] as number
  let inside = false
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number]
    const [xj, yj] = ring[j] as [number, number]
    const cross = (xj - xi) * (y - yi) - (yj - yi) * (x - xi)
    if (cross === 0 && Math.min(xi, xj) <= x && x <= Math.max(xi, xj) && Math.min(yi, yj) <= y && y <= Math.max(yi, yj))
      return 0
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
  }
  return inside ? 1 : -1
}

/**
 * Whether ring `inner` lies inside ring `outer`, for rings whose edges do not cross (checked
 * before): then one vertex off the boundary decides. Rings that share every vertex count as inside.
 */
export function ringInside(inner: readonly Position[], outer: readonly Position[]): boolean {
  for (const p of inner) {
    const where = pointInRing(p, outer)
    if (where !== 0) return where === 1
  }
  return true
}
