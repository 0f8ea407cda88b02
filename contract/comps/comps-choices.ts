/**
 * What a person steers in a comps search and the facts of a site subject: shared by the app (its
 * store and link, src/state/comps-slice.ts) and the comps logic both sides run (contract/comps/).
 */
import type { Geometry } from 'geojson'

export type CompsCriterion = 'distance' | 'size' | 'landUse' | 'crop' | 'soil' | 'recency'
export const COMPS_CRITERIA: readonly CompsCriterion[] = ['distance', 'size', 'landUse', 'crop', 'soil', 'recency']

/** What the user steers; `null` in the slice means the defaults for the subject's kind of land. */
export interface CompsChoices {
  radiusMiles: number
  /** Sold within this many years before the valuation date. */
  years: number
  /** Acres within ±this fraction of the subject's (0.5 = 50 %). */
  acresBand: number
  /** ±fraction around the subject's assessed $/acre a comp's $/acre must fall in; null = off. */
  priceBand: number | null
  /** 1–5 each. */
  weights: Record<CompsCriterion, number>
  /** The indicated value rests on this many closest comps (1–20); absent = 6. */
  k?: number
}

/**
 * Anything that is not one parcel: a drawn area, a holding, an assemblage. It carries the facts
 * comps are found and ranked by (computed by whoever opens it, e.g. from the parcels loaded inside
 * a drawn area), so a link reopens the same comps without waiting for any search.
 */
export interface CompsSite {
  kind: 'site'
  /** The drawn area it was made from (its outline then comes from the area list), if any. */
  areaId: string | null
  label: string
  /** [lon, lat] the radius is measured from. */
  point: [number, number]
  acres: number
  /** Dominant land use class, crop/land cover and CSR2, where known. */
  landUse: string | null
  crop: string | null
  csr2: number | null
  /** Outline for the map when not a drawn area (a holding's parcels); never put in the link. */
  geometry: Geometry | null
}

export type CompsOverride = 'pin' | 'drop'
