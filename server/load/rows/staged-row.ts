/**
 * The one shape a parcel has between reading and writing, shared by the county loader and the demo
 * generator, so both go through the same staging, repair, derivation and write (same ids and areas).
 */
import type { MultiPolygon } from 'geojson'
import type { BuildingRow } from '../../db/parcel-row'

/** Catalog field values a source supplies (already coerced to the field's type). */
export type Attributes = Partial<Record<string, string | number | null>>

/**
 * One parcel on its way in, from any source (a county file or the demo generator): what the
 * pipeline stages, repairs, derives from and writes.
 */
export interface StagedRow {
  /** 1-based position of the feature in the input, for the report */
  feature: number
  layer: string | null
  attrs: Attributes
  /** The record's other fields, under their own (lower-cased) names. */
  extra: Record<string, unknown>
  /** Longitude/latitude, as read (validity is the pipeline's job). */
  geom: MultiPolygon
  buildings?: readonly BuildingRow[]
  /** Geometry fixes made while reading (ring closed, degenerate ring dropped), for the report. */
  fixes?: string[]
}

/** A feature that cannot become a parcel, with the reason. */
export interface Rejected {
  feature: number
  layer: string | null
  parcelId: string | null
  reason: string
}

export type StagedItem = StagedRow | Rejected

export const isRejected = (item: StagedItem): item is Rejected => 'reason' in item
