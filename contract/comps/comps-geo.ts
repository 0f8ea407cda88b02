/** Where a parcel is, and how far apart two are: pure, for ranking comps by distance. */

import { haversineMetres } from '../distance'
import type { ParcelRecord } from '../schemas'
import { METRES_PER_MILE } from '../units'

export type LonLat = readonly [number, number]

/** Great-circle distance in miles. */
export const milesBetween = (a: LonLat, b: LonLat): number => haversineMetres(a, b) / METRES_PER_MILE

export const milesToMeters = (miles: number): number => miles * METRES_PER_MILE

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
