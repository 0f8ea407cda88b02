/** Where a parcel is, and how far apart two are: pure, for ranking comps by distance. */
import type { ParcelRecord } from '../../../contract/schemas'

export type LonLat = readonly [number, number]

const METERS_PER_MILE = 1609.344
const EARTH_RADIUS_M = 6_371_008.8

/** Great-circle distance in miles (haversine; within 0.5 % of the ellipsoid over a county). */
export function milesBetween(a: LonLat, b: LonLat): number {
  const rad = Math.PI / 180
  const dLat = (b[1] - a[1]) * rad
  const dLon = (b[0] - a[0]) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(dLon / 2) ** 2
  return (2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)))) / METERS_PER_MILE
}

export const milesToMeters = (miles: number): number => miles * METERS_PER_MILE

function num(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN
  return Number.isFinite(n) ? n : null
}

/**
 * A representative point: the record's lat/lon when it has them, else the mean of the boundary's
 * outer-ring vertices (the closing vertex left out), which for compact parcels is near the centroid.
 */
export function parcelPoint(record: ParcelRecord): LonLat | null {
  const lat = num(record.lat)
  const lon = num(record.lon)
  if (lat !== null && lon !== null && Math.abs(lat) <= 90 && Math.abs(lon) <= 180) return [lon, lat]
  const geom = record.geom as { type?: string; coordinates?: unknown } | undefined
  if (!geom || !Array.isArray(geom.coordinates)) return null
  const ring = (geom.type === 'MultiPolygon' ? geom.coordinates[0]?.[0] : geom.coordinates[0]) as
    | [number, number][]
    | undefined
  if (!Array.isArray(ring) || ring.length < 2) return null
  const pts = ring.slice(0, -1)
  let x = 0
  let y = 0
  for (const p of pts) {
    x += p[0]
    y += p[1]
  }
  return [x / pts.length, y / pts.length]
}
