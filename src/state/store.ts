/**
 * The one client-state store (zustand), built from slices. Server data never lives here: search
 * results and lookups stay in TanStack Query (see docs/spa-interfaces.md).
 */
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import { INITIAL_VIEW } from '../config/initial-view'
import { type CompsSlice, createCompsSlice } from './comps-slice'
import { createDataStampSlice, type DataStampSlice } from './data-stamp-slice'
import { createDrawSlice, type DrawSlice } from './draw-slice'
import { createHoldingsSlice, type HoldingsSlice } from './holdings-slice'
import { createSearchSlice, type SearchSlice } from './search-slice'
import { createUiSlice, type MapViewState, type UiSlice } from './ui-slice'

export type AppState = DrawSlice & SearchSlice & UiSlice & HoldingsSlice & CompsSlice & DataStampSlice

export function createAppStore(initialView: MapViewState = INITIAL_VIEW) {
  return createStore<AppState>()((...a) => ({
    ...createDrawSlice(...a),
    ...createSearchSlice(...a),
    ...createUiSlice(initialView)(...a),
    ...createHoldingsSlice(...a),
    ...createCompsSlice(...a),
    ...createDataStampSlice(...a),
  }))
}

export type AppStore = ReturnType<typeof createAppStore>

export const appStore: AppStore = createAppStore()

export function useAppStore<T>(selector: (state: AppState) => T): T {
  return useStore(appStore, selector)
}
