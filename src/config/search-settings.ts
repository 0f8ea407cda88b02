/**
 * User-adjustable search settings (the settings dialog edits them). Not secret, so they persist in
 * localStorage; defaults come from the build configuration.
 */
import { useStore } from 'zustand'
import { createStore } from 'zustand/vanilla'
import { config } from './config'

export interface SearchSettings {
  /** Ask before a search would spend more calls than this. */
  confirmThreshold: number
}

export interface SearchSettingsState extends SearchSettings {
  set(partial: Partial<SearchSettings>): void
}

const STORAGE_KEY = 'plat.search-settings'

function local(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

function initial(): SearchSettings {
  const fallback = { confirmThreshold: config.confirmCalls }
  try {
    const saved = JSON.parse(local()?.getItem(STORAGE_KEY) ?? '{}') as Partial<SearchSettings>
    const t = saved.confirmThreshold
    return typeof t === 'number' && Number.isInteger(t) && t > 0 ? { confirmThreshold: t } : fallback
  } catch {
    return fallback
  }
}

export const searchSettingsStore = createStore<SearchSettingsState>()((set, get) => ({
  ...initial(),
  set(partial) {
    set(partial)
    local()?.setItem(STORAGE_KEY, JSON.stringify({ confirmThreshold: get().confirmThreshold }))
  },
}))

export function useSearchSettings(): SearchSettingsState {
  return useStore(searchSettingsStore)
}
