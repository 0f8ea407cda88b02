/**
 * How much ground one CSS pixel of the map covers. MapLibre's tiles are 512 px at zoom 0 and Web
 * Mercator's world is the equator of the WGS 84 ellipsoid (2π × 6,378,137 m), so a pixel spans
 * 40,075,016.686 m × cos(latitude) / (512 × 2^zoom).
 */
const MERCATOR_EQUATOR_M = 40_075_016.686
const TILE_PIXELS = 512

export function metresPerPixel(lat: number, zoom: number): number {
  return (MERCATOR_EQUATOR_M * Math.cos((lat * Math.PI) / 180)) / (TILE_PIXELS * 2 ** zoom)
}
