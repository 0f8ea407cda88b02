import type { Polygon } from 'geojson'

/**
 * A building footprint stored beside its parcel (`parcels.buildings`, a JSON array); the names
 * beyond the spec's (geom, sq_feet, sq_meters, height) are ours. Only the demo generator makes
 * buildings; county files give parcels only.
 */
export interface BuildingRow {
  geom: Polygon
  sq_feet: number
  sq_meters: number
  height: number
  occupancy: string
  occupancy_code: string
  address: string | null
  city: string | null
  state: string | null
  postal: string | null
}
