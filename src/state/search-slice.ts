/**
 * The search being set up (mode, filters, order, buildings, load policy) and the one that was
 * submitted: kept apart so edits after Search never change the rows on screen until the person asks.
 */
import type { StateCreator } from 'zustand'
import type { FilterItem } from '../../contract/schemas'
import type { DrawnArea, LoadPolicy, SearchMode, SearchSpec } from './search-spec'

export type SortOrder = { field: string; direction: 'asc' | 'desc' } | null

export interface SearchSlice {
  mode: SearchMode
  filters: FilterItem[]
  order: SortOrder
  includeBuildings: boolean
  loadPolicy: LoadPolicy
  /** Set by the Search button; the workspace runs whatever is here. */
  submitted: SearchSpec | null
  setMode(mode: SearchMode): void
  setFilters(filters: FilterItem[]): void
  setOrder(order: SortOrder): void
  setIncludeBuildings(on: boolean): void
  setLoadPolicy(policy: LoadPolicy): void
  submit(): void
  /** The search on screen, re-sorted: only its order changes (edits made since are not run). */
  sortSubmitted(order: SortOrder): void
  clearSubmitted(): void
}

/** The spec the Search button submits: a snapshot of what the user has set up (copied, so later edits don't leak in). */
export function buildSearchSpec(s: {
  mode: SearchMode
  areas: readonly DrawnArea[]
  filters: readonly FilterItem[]
  order: SortOrder
  includeBuildings: boolean
}): SearchSpec {
  return {
    mode: s.mode,
    areas: s.mode === 'area' ? [...s.areas] : [],
    filters: [...s.filters],
    order: s.order ? { ...s.order } : null,
    includeBuildings: s.includeBuildings,
  }
}

type Deps = SearchSlice & { areas: DrawnArea[] }

export const createSearchSlice: StateCreator<Deps, [], [], SearchSlice> = (set, get) => ({
  mode: 'area',
  filters: [],
  order: null,
  includeBuildings: false,
  loadPolicy: 'all',
  submitted: null,
  setMode: (mode) => set((s) => (s.mode === mode ? s : { mode })),
  setFilters: (filters) => set({ filters }),
  setOrder: (order) => set({ order }),
  setIncludeBuildings: (includeBuildings) => set({ includeBuildings }),
  setLoadPolicy: (loadPolicy) => set({ loadPolicy }),
  submit: () => set({ submitted: buildSearchSpec(get()) }),
  sortSubmitted: (order) =>
    set((s) => (s.submitted ? { submitted: { ...s.submitted, order: order ? { ...order } : null } } : s)),
  clearSubmitted: () => set({ submitted: null }),
})
