/**
 * Comparable sales the user has open (issue 20): whose value is asked (the subject), what they
 * steered (radius, years, bands, weights), which comps they pinned or dropped, and the valuation
 * date. "What the user is doing", so it lives here and is mirrored in the shared link
 * (features/share/comps-codec.ts); the sales themselves stay in the response cache.
 *
 * The choice types sit in contract/comps/ (the comps logic and the MCP server share them) and are
 * named here for the link codec (features/share) and other features (holdings).
 */
import type { StateCreator } from 'zustand'
import type { CompsChoices, CompsOverride, CompsSite } from '../../contract/comps/comps-choices'

export type { CompsChoices, CompsCriterion, CompsOverride, CompsSite } from '../../contract/comps/comps-choices'
// Named here too: the store, the link codec and the features read them as the slice's types.
export { COMPS_CRITERIA } from '../../contract/comps/comps-choices'

/** A parcel subject is its id: its record is server data and stays in the response cache. */
export type CompsSubjectRef = { kind: 'parcel'; id: string } | CompsSite

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
