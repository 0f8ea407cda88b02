import type { MultiPolygon, Polygon } from 'geojson'

/**
 * One parcel as stored: every queryable field of the contract is a real column (so filters and
 * orders use indexes); everything else a record carries comes in `extra`, and the loader writes the
 * whole record (extra, then columns, then geom) as ready-to-send JSON text. Numeric fields are numbers, text and identifier fields strings.
 */
export interface ParcelColumns {
  svc_uuid: string
  svc_stack_uuid: string | null
  owner: string | null
  parcel_id: string | null
  situs: string | null
  mail_addr: string | null
  city: string | null
  land_use: string | null
  land_use_code: string | null
  legal: string | null
  cdl_majority_category: string | null
  acres: number | null
  acres_calc: number | null
  parcel_value: number | null
  land_value: number | null
  improvements_value: number | null
  agricultural_value: number | null
  building_value: number | null
  sale_price: number | null
  tax_amount: number | null
  elevation: number | null
  adjacent_acreage_sameowner: number | null
  cdl_majority_value: number | null
  cdl_majority_percent: number | null
  sq_feet: number | null
  state_fp: string
  state: string
  county_fp: string
  county: string
  postal: string | null
  zoning: string | null
  owner_type: string | null
  sale_date: string | null
}

/** A building footprint; the names beyond the spec's (geom, sq_feet, sq_meters, height) are ours. */
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

export interface ParcelRow {
  columns: ParcelColumns
  geom: MultiPolygon
  /** The record's other fields (mailing/situs parts, sale history, tax year, school district, …). */
  extra: Record<string, unknown>
  buildings: BuildingRow[]
}
