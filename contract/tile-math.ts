/**
 * Web Mercator tile addresses (the slippy-map scheme: y counted from the north), shared by the app
 * (which tiles a field pack takes offline) and the server (which tiles a load warms, a tile's
 * bounds for its SQL): the two must agree to the tile, so the arithmetic lives once, here.
 */

export interface TileXYZ {
  z: number
  x: number
  y: number
}

/** [west, south, east, north] in degrees. */
export type Box = [number, number, number, number]

/** The latitude where Web Mercator's square world ends (atan(sinh π)): the poles never map to a tile. */
export const MAX_MERCATOR_LAT = 85.0511287798066

/** The tile at zoom `z` holding a point (clamped into the world, so an edge point still has a tile). */
export function lngLatToTile(lng: number, lat: number, z: number): { x: number; y: number } {
  const n = 2 ** z
  const r = (Math.max(-MAX_MERCATOR_LAT, Math.min(MAX_MERCATOR_LAT, lat)) * Math.PI) / 180
  const x = Math.floor(((lng + 180) / 360) * n)
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n)
  return { x: Math.min(n - 1, Math.max(0, x)), y: Math.min(n - 1, Math.max(0, y)) }
}

/** The tile's box in degrees. */
export function tileBounds({ z, x, y }: TileXYZ): Box {
  const n = 2 ** z
  const lng = (i: number) => (i / n) * 360 - 180
  const lat = (j: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * j) / n))) * 180) / Math.PI
  return [lng(x), lat(y + 1), lng(x + 1), lat(y)]
}

/** Every tile at zoom `z` that a box touches, column by column. */
export function tilesInBox([west, south, east, north]: Box, z: number): TileXYZ[] {
  const nw = lngLatToTile(west, north, z)
  const se = lngLatToTile(east, south, z)
  const out: TileXYZ[] = []
  for (let x = nw.x; x <= se.x; x++) for (let y = nw.y; y <= se.y; y++) out.push({ z, x, y })
  return out
}
