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

/**
 * Liang–Barsky: does the segment a→b have a point inside the closed box [minX, minY, maxX, maxY]?
 * Shared by the area search's edge index (server/db/area-pieces.ts) and the demo's cell masks.
 */
export function segmentMeetsBox(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
): boolean {
  let t0 = 0
  let t1 = 1
  const dx = bx - ax
  const dy = by - ay
  const clip = (p: number, q: number): boolean => {
    if (p === 0) return q >= 0
    const r = q / p
    if (p < 0) {
      if (r > t1) return false
      if (r > t0) t0 = r
    } else {
      if (r < t0) return false
      if (r < t1) t1 = r
    }
    return true
  }
  return clip(-dx, ax - minX) && clip(dx, maxX - ax) && clip(-dy, ay - minY) && clip(dy, maxY - ay)
}
