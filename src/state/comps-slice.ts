/**
 * Comparable sales the user has open (issue 20): whose value is asked (the subject), what they
 * steered (radius, years, bands, weights), which comps they pinned or dropped, and the valuation
 * date. "What the user is doing", so it lives here and is mirrored in the shared link
 * (features/share/comps-codec.ts); the sales themselves stay in the response cache.
 *
 * The types sit in the foundation, not in features/value, because the link codec (features/share)
 * and other features (holdings) name them too, and features do not import each other.
 */
import type { Geometry } from 'geojson'
import type { StateCreator } from 'zustand'

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

/** A parcel subject is its id: its record is server data and stays in the response cache. */
export type CompsSubjectRef = { kind: 'parcel'; id: string } | CompsSite

export type CompsOverride = 'pin' | 'drop'

export interface CompsState {
  subject: CompsSubjectRef
  choices: CompsChoices | null
  /** svc_uuid → pinned (kept in whatever the rules say) or dropped (left out). */
  overrides: Readonly<Record<string, CompsOverride>>
  /**
   * The valuation date, YYYY-MM-DD, set by the user or a link: the sale window ends and prices are
   * adjusted to it. Null (the default): the window ends today and prices are brought to the latest
   * open-market sale found in the radius, so nothing is projected past the data unless asked.
   */
  asOf: string | null
}

export interface CompsSlice {
  comps: CompsState | null
  /** Opens comps for a subject with default choices, valued as of `asOf` (null: the latest sale). */
  openComps(subject: CompsSubjectRef, asOf?: string | null): void
  /** Restores comps as a link or Back/Forward had them (null closes them). */
  replaceComps(comps: CompsState | null): void
  setCompsChoices(choices: CompsChoices | null): void
  setCompsOverride(id: string, override: CompsOverride | null): void
  setCompsAsOf(asOf: string | null): void
  closeComps(): void
}

export const createCompsSlice: StateCreator<CompsSlice, [], [], CompsSlice> = (set) => {
  const update = (f: (c: CompsState) => CompsState) => set((s) => (s.comps ? { comps: f(s.comps) } : s))
  return {
    comps: null,
    openComps: (subject, asOf = null) => set({ comps: { subject, choices: null, overrides: {}, asOf } }),
    replaceComps: (comps) => set({ comps }),
    setCompsChoices: (choices) => update((c) => ({ ...c, choices })),
    setCompsOverride: (id, override) =>
      update((c) => {
        // Built from entries (own data properties): an id such as "__proto__" stays an ordinary key.
        const rest = Object.entries(c.overrides).filter(([k]) => k !== id)
        return { ...c, overrides: Object.fromEntries(override ? [...rest, [id, override]] : rest) }
      }),
    setCompsAsOf: (asOf) => update((c) => (c.asOf === asOf ? c : { ...c, asOf })),
    closeComps: () => set((s) => (s.comps ? { comps: null } : s)),
  }
}
