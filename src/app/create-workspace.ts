/**
 * The app's one workspace, wired to the real world: the search session over TanStack Query's cache
 * (+ IndexedDB), point lookups through the same cache, MapLibre and terra-draw, and the address bar.
 */
import type { QueryClient } from '@tanstack/react-query'
import { connectionStore, currentConnection } from '../api/connection'
import { pointQueryOptions } from '../api/point'
import { config } from '../config/config'
import { searchSettingsStore } from '../config/search-settings'
import { createCachedSources } from '../search/cached-sources'
import { openIdbStore } from '../search/persisted-store'
import { SearchSession } from '../search/search-session'
import type { AppStore } from '../state/store'
import type { MapViewState } from '../state/ui-slice'
import { realMaps } from './map-factory'
import { Workspace } from './workspace'

export function createWorkspace(
  store: AppStore,
  client: QueryClient,
  win: Window,
  initialView: MapViewState | null,
): Workspace {
  const sources = createCachedSources({
    client,
    store: openIdbStore({ maxBytes: config.cacheMaxBytes, maxAgeMs: config.cacheMaxAgeMs }),
    connection: () => currentConnection(),
    baseUrl: () => connectionStore.getState().baseUrl,
  })
  const search = new SearchSession(sources, {
    confirmThreshold: () => searchSettingsStore.getState().confirmThreshold,
    concurrency: config.concurrency,
  })
  return new Workspace({
    store,
    search,
    maps: realMaps,
    win,
    initialView,
    lookupPoint: async (at) => {
      const options = pointQueryOptions(connectionStore.getState().baseUrl, { lat: at.lat, lon: at.lng })
      return (await client.fetchQuery(options)).results
    },
  })
}
