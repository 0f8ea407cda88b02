/** Search shapes for the benchmarks: circles of a chosen vertex count and the bodies that carry them. */
import type { Polygon, Position } from 'geojson'

/** A circle in lon/lat degrees (latitude radius scaled so it is round on the ground), `n` vertices. */
export function circle(centre: [number, number], radiusLat: number, n: number): Polygon {
  const [lon, lat] = centre
  const rLon = radiusLat / Math.cos((lat * Math.PI) / 180)
  const ring: Position[] = []
  for (let i = 0; i < n; i++) {
    const t = (2 * Math.PI * i) / n
    ring.push([round6(lon + rLon * Math.cos(t)), round6(lat + radiusLat * Math.sin(t))])
  }
  ring.push(ring[0] as Position)
  return { type: 'Polygon', coordinates: [ring] }
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6
