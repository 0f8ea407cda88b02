/**
 * Great-circle distance on the sphere turf measures on (haversine): one formula for measuring,
 * ranking comparable sales by distance and deciding whether "where am I" has moved. Within 0.5 % of
 * the ellipsoid, more than any of them needs.
 */
import { EARTH_RADIUS_M } from './units'

const RAD = Math.PI / 180

/** Metres between two [lng, lat] positions (a missing coordinate reads as 0). */
export function haversineMetres(a: readonly number[], b: readonly number[]): number {
  const [lng1 = 0, lat1 = 0] = a
  const [lng2 = 0, lat2 = 0] = b
  const dLat = (lat2 - lat1) * RAD
  const dLng = (lng2 - lng1) * RAD
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLng / 2) ** 2
  // min(1, …): rounding can push h a hair above 1 for antipodal points, and asin(>1) is NaN.
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)))
}
