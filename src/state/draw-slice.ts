import type { StateCreator } from 'zustand'
import type { DrawnArea } from './search-spec'

/** Pure list updates, exported for tests; the slice below only wires them to `set`. */
export function upsertArea(areas: readonly DrawnArea[], area: DrawnArea): DrawnArea[] {
  const i = areas.findIndex((a) => a.id === area.id)
  if (i === -1) return [...areas, area]
  const next = areas.slice()
  next[i] = area
  return next
}

export function removeAreaById(areas: readonly DrawnArea[], id: string): DrawnArea[] {
  return areas.some((a) => a.id === id) ? areas.filter((a) => a.id !== id) : (areas as DrawnArea[])
}

/** A drawing problem the user must see (self-intersection, simplification, too many areas). */
export interface DrawNotice {
  level: 'warning' | 'info'
  message: string
}

export interface DrawSlice {
  areas: DrawnArea[]
  drawNotice: DrawNotice | null
  putArea(area: DrawnArea): void
  removeArea(id: string): void
  clearAreas(): void
  setDrawNotice(notice: DrawNotice | null): void
}

export const createDrawSlice: StateCreator<DrawSlice, [], [], DrawSlice> = (set) => ({
  areas: [],
  drawNotice: null,
  putArea: (area) => set((s) => ({ areas: upsertArea(s.areas, area) })),
  removeArea: (id) =>
    set((s) => {
      const areas = removeAreaById(s.areas, id)
      return areas === s.areas ? s : { areas }
    }),
  clearAreas: () => set((s) => (s.areas.length === 0 ? s : { areas: [] })),
  setDrawNotice: (drawNotice) => set({ drawNotice }),
})
