/**
 * What the user is doing with holdings and lists (issue 21): which panel is open, whether map clicks
 * pick parcels for the assemblage, and the assemblage itself — its name and its parcels' ids, which
 * the link carries (`g=`, src/features/share/assemblage-codec.ts). The parcels' records are server
 * data and stay in the response cache; the workspace's holdings flows read them by id.
 */
import type { StateCreator } from 'zustand'

export type HoldingsTab = 'owner' | 'assemblage' | 'list'

export interface AssemblageRef {
  name: string
  /** svc_uuids, in the order they were picked. */
  ids: string[]
}

/** Enough for any real assemblage; a link of 500 parcels is ~12,000 characters. */
export const MAX_ASSEMBLAGE_PARCELS = 500

export interface HoldingsSlice {
  holdingsTab: HoldingsTab | null
  assemblage: AssemblageRef | null
  /** Map clicks add or remove parcels of the assemblage instead of opening them. */
  picking: boolean
  openHoldings(tab: HoldingsTab | null): void
  setAssemblage(a: AssemblageRef | null): void
  /** Adds the parcel, or removes it when it is already in; false when the assemblage is full. */
  toggleAssemblageParcel(id: string): boolean
  addAssemblageParcels(ids: readonly string[]): void
  renameAssemblage(name: string): void
  setPicking(on: boolean): void
}

const DEFAULT_NAME = 'Assemblage'

export const createHoldingsSlice: StateCreator<HoldingsSlice, [], [], HoldingsSlice> = (set, get) => ({
  holdingsTab: null,
  assemblage: null,
  picking: false,
  openHoldings: (holdingsTab) => set({ holdingsTab, ...(holdingsTab === null ? { picking: false } : {}) }),
  setAssemblage: (a) => set({ assemblage: a && a.ids.length > 0 ? { name: a.name, ids: [...a.ids] } : null }),
  toggleAssemblageParcel(id) {
    const a = get().assemblage
    const ids = a?.ids ?? []
    if (ids.includes(id)) {
      const rest = ids.filter((x) => x !== id)
      set({ assemblage: rest.length > 0 ? { name: a?.name ?? DEFAULT_NAME, ids: rest } : null })
      return true
    }
    if (ids.length >= MAX_ASSEMBLAGE_PARCELS) return false
    set({ assemblage: { name: a?.name ?? DEFAULT_NAME, ids: [...ids, id] } })
    return true
  },
  addAssemblageParcels(add) {
    const a = get().assemblage
    const ids = [...new Set([...(a?.ids ?? []), ...add])].slice(0, MAX_ASSEMBLAGE_PARCELS)
    set({ assemblage: ids.length > 0 ? { name: a?.name ?? DEFAULT_NAME, ids } : null })
  },
  renameAssemblage(name) {
    const a = get().assemblage
    const clean = name
      .replace(/\p{Cc}+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 80)
    if (a) set({ assemblage: { ...a, name: clean || DEFAULT_NAME } })
  },
  setPicking: (picking) => set({ picking }),
})
