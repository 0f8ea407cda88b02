import type { StateCreator } from 'zustand'
import { type AreaHistory, EMPTY_HISTORY, recordEdit, redoStep, undoStep } from './area-history'
import type { DrawnArea } from './search-spec'

/** Pure list updates, exported for tests; the slice below only wires them to `set`. */
export function upsertArea(areas: readonly DrawnArea[], area: DrawnArea): DrawnArea[] {
  const i = areas.findIndex((a) => a.id === area.id)
  if (i === -1) return [...areas, area]
  const next = areas.slice()
  // An edited shape keeps its name (the draw tools know only geometry).
  const label = area.label ?? areas[i]?.label
  next[i] = label ? { ...area, label } : area
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
  areaHistory: AreaHistory
  drawNotice: DrawNotice | null
  putArea(area: DrawnArea): void
  removeArea(id: string): void
  clearAreas(): void
  undoAreas(): void
  redoAreas(): void
  /** Replaces the list without an undo step (a shared link or back/forward restores it). */
  replaceAreas(areas: DrawnArea[]): void
  setDrawNotice(notice: DrawNotice | null): void
}

export const createDrawSlice: StateCreator<DrawSlice, [], [], DrawSlice> = (set) => {
  const edit = (s: DrawSlice, areas: DrawnArea[]) =>
    areas === s.areas ? s : { areas, areaHistory: recordEdit(s.areaHistory, s.areas) }
  return {
    areas: [],
    areaHistory: EMPTY_HISTORY,
    drawNotice: null,
    putArea: (area) => set((s) => edit(s, upsertArea(s.areas, area))),
    removeArea: (id) => set((s) => edit(s, removeAreaById(s.areas, id))),
    clearAreas: () => set((s) => (s.areas.length === 0 ? s : edit(s, []))),
    undoAreas: () =>
      set((s) => {
        const step = undoStep(s.areaHistory, s.areas)
        return step ? { areas: step.areas, areaHistory: step.history } : s
      }),
    redoAreas: () =>
      set((s) => {
        const step = redoStep(s.areaHistory, s.areas)
        return step ? { areas: step.areas, areaHistory: step.history } : s
      }),
    replaceAreas: (areas) => set({ areas, areaHistory: EMPTY_HISTORY }),
    setDrawNotice: (drawNotice) => set({ drawNotice }),
  }
}
