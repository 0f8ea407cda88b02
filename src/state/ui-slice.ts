import type { Geometry } from 'geojson'
import type { StateCreator } from 'zustand'
import { config } from '../config/config'
import type { ThemeId } from '../format/themes'

/** Dialogs are a tagged union so at most one is open and each carries its own data. */
export type DialogState =
  | { kind: 'none' }
  | { kind: 'settings'; reason?: string }
  | { kind: 'shortcuts' }
  | { kind: 'saved' }
  | { kind: 'import' }
  | { kind: 'county' }
  | { kind: 'buffer'; label: string; geometry: Geometry }
  /** A new order the server must page again for: about `calls` calls, asked before spending. */
  | { kind: 'sort'; order: { field: string; direction: 'asc' | 'desc' } | null; calls: number }

/**
 * What a click or drag on the map does. `select` edits drawn areas; `line` and `point` draw a guide
 * to buffer into an area; `identify` looks up the parcel under the click.
 */
export type MapTool =
  | 'pan'
  | 'select'
  | 'polygon'
  | 'rectangle'
  | 'circle'
  | 'freehand'
  | 'line'
  | 'point'
  | 'identify'
  /** Length of a line or area of a shape; makes no search area (issue 18, problem 9). */
  | 'measure'

/** Online streets unless configured otherwise; the map falls back to the offline map when they cannot load. */
const DEFAULT_BASEMAP = config.defaultBasemap

/** Tools that make a shape; after one, the map returns to Pan unless the tool is kept. */
export const SHAPE_TOOLS: readonly MapTool[] = ['polygon', 'rectangle', 'circle', 'freehand', 'line', 'point']

const DRAW_TOOLS = ['polygon', 'rectangle', 'circle', 'freehand'] as const
export type DrawTool = (typeof DRAW_TOOLS)[number]

export interface MapViewState {
  center: [number, number]
  zoom: number
}

/** Columns shown before the user picks any (names from contract/fields.ts); features import it from here. */
export const DEFAULT_COLUMNS = [
  'owner',
  'situs',
  'parcel_id',
  'county',
  'state',
  'acres',
  'cdl_majority_category',
  'parcel_value',
  'land_use',
  'zoning',
  'sale_price',
  'sale_date',
]

export interface UiSlice {
  selectedId: string | null
  detailsOpen: boolean
  visibleColumns: string[]
  view: MapViewState
  tool: MapTool
  /** Keep the drawing tool after a finished shape (else the map returns to Pan). */
  toolLocked: boolean
  /** The basemap the user chose (the map may show another while this one cannot load). */
  basemap: string
  /** How search results are coloured on the map (part of the shared link). */
  theme: ThemeId
  ui: DialogState
  /** Phones: the search controls are a sheet over the map, open or closed (desktop always shows them). */
  searchSheetOpen: boolean
  /** Select a parcel; `open` also shows its details panel. */
  select(id: string | null, open?: boolean): void
  closeDetails(): void
  setVisibleColumns(columns: string[]): void
  setView(view: MapViewState): void
  setTool(tool: MapTool): void
  setToolLocked(locked: boolean): void
  setBasemap(id: string): void
  setTheme(theme: ThemeId): void
  openDialog(dialog: DialogState): void
  closeDialog(): void
  setSearchSheetOpen(open: boolean): void
}

function sameView(a: MapViewState, b: MapViewState): boolean {
  return a.zoom === b.zoom && a.center[0] === b.center[0] && a.center[1] === b.center[1]
}

export function createUiSlice(initialView: MapViewState): StateCreator<UiSlice, [], [], UiSlice> {
  return (set) => ({
    selectedId: null,
    detailsOpen: false,
    visibleColumns: DEFAULT_COLUMNS,
    view: initialView,
    tool: 'pan',
    toolLocked: false,
    basemap: DEFAULT_BASEMAP,
    theme: 'plain',
    ui: { kind: 'none' },
    searchSheetOpen: false,
    select: (id, open = false) =>
      set((s) => {
        const detailsOpen = id === null ? false : open || s.detailsOpen
        return s.selectedId === id && s.detailsOpen === detailsOpen ? s : { selectedId: id, detailsOpen }
      }),
    closeDetails: () => set((s) => (s.detailsOpen ? { detailsOpen: false } : s)),
    setVisibleColumns: (visibleColumns) => set({ visibleColumns }),
    setView: (view) => set((s) => (sameView(s.view, view) ? s : { view })),
    setTool: (tool) => set((s) => (s.tool === tool ? s : { tool })),
    setToolLocked: (toolLocked) => set((s) => (s.toolLocked === toolLocked ? s : { toolLocked })),
    setBasemap: (basemap) => set((s) => (s.basemap === basemap ? s : { basemap })),
    setTheme: (theme) => set((s) => (s.theme === theme ? s : { theme })),
    openDialog: (ui) => set({ ui }),
    closeDialog: () => set((s) => (s.ui.kind === 'none' ? s : { ui: { kind: 'none' } })),
    setSearchSheetOpen: (searchSheetOpen) =>
      set((s) => (s.searchSheetOpen === searchSheetOpen ? s : { searchSheetOpen })),
  })
}
