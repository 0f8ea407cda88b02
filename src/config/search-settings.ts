/**
 * User-adjustable search settings (the settings dialog edits them). Not secret, so they persist in
 * localStorage; defaults come from the build configuration.
 */
import { useStore } from 'zustand'
import { config } from './config'
import { createSettingsStore, type SettingsState } from './settings-store'

export interface SearchSettings {
  /** Ask before a search would spend more calls than this. */
  confirmThreshold: number
}

export type SearchSettingsState = SettingsState<SearchSettings>

export const searchSettingsStore = createSettingsStore<SearchSettings>({
  key: 'plat.search-settings',
  storage: 'local',
  defaults: { confirmThreshold: config.confirmCalls },
  read(saved, defaults) {
    const t = saved?.confirmThreshold
    return typeof t === 'number' && Number.isInteger(t) && t > 0 ? { confirmThreshold: t } : defaults
  },
  write: ({ confirmThreshold }) => ({ confirmThreshold }),
})

export function useSearchSettings(): SearchSettingsState {
  return useStore(searchSettingsStore)
}
