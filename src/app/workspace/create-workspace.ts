/**
 * The app's one workspace, wired to the real world: the search session over TanStack Query's cache
 * (+ IndexedDB), point lookups through the same cache, MapLibre and terra-draw, and the address bar.
 * `realMaps` is the one factory that makes the map and the drawing layer together: MapLibre (~300 KB
 * gzip) and terra-draw load as chunks of their own when the map pane mounts, after the shell has
 * painted, and terra-draw is put on the very MapController the factory made (no cast of the port).
 */
import type { QueryClient } from '@tanstack/react-query'
import { fetchChanges } from '../../api/changes'
import { absoluteApiUrl, connectionStore, currentConnection } from '../../api/connection'
import { fetchCoverage } from '../../api/coverage'
import { parcelByIdBody } from '../../api/parcel-by-id'
import { pointQueryOptions } from '../../api/point'
import { createCachedSources } from '../../cache/cached-sources'
import { openIdbStore } from '../../cache/persisted-store'
import { coverageKey } from '../../cache/request-key'
import { config } from '../../config/config'
import { CONUS_BOUNDS } from '../../config/initial-view'
import { searchSettingsStore } from '../../config/search-settings'
import { SearchSession } from '../../features/search/search-session'
import type { MapFactory } from '../../ports/workspace-ports'
import type { AppStore } from '../../state/store'
import type { MapViewState } from '../../state/ui-slice'
import { Workspace } from './workspace'

/** Parcel tiles are our API's: they carry its key (a header, never in the URL). */
function authorize(url: string): Record<string, string> | null {
  const { baseUrl, apiKey } = connectionStore.getState()
  const tiles = absoluteApiUrl(baseUrl, '/tiles/', window.location.href)
  return apiKey && url.startsWith(tiles) ? { authorization: `Bearer ${apiKey}` } : null
}

const realMaps: MapFactory = {
  async createMap(container, view) {
    const { MapController } = await import('../../features/map/map-controller')
    const place = view ? { ...view } : { bounds: CONUS_BOUNDS }
    const map = new MapController({ container, ...place, authorize })
    return {
      map,
      async createDraw(events) {
        const { DrawController } = await import('../../features/draw/draw-controller')
        return new DrawController(map.map, (cb) => map.whenReady(cb), events)
      },
    }
  },
}

export function createWorkspace(
  store: AppStore,
  client: QueryClient,
  win: Window,
  initialView: MapViewState | null,
): Workspace {
  const disk = openIdbStore({ maxBytes: config.cacheMaxBytes, maxAgeMs: config.cacheMaxAgeMs })
  const sources = createCachedSources({
    client,
    store: disk,
    connection: () => currentConnection(),
    baseUrl: () => connectionStore.getState().baseUrl,
  })
  const search = new SearchSession(sources, {
    confirmThreshold: () => searchSettingsStore.getState().confirmThreshold,
    concurrency: config.concurrency,
  })
  const baseUrl = () => connectionStore.getState().baseUrl
  const workspace = new Workspace({
    store,
    search,
    maps: realMaps,
    win,
    initialView,
    lookupPoint: async (at) => {
      const options = pointQueryOptions(baseUrl(), { lat: at.lat, lon: at.lng })
      return (await client.fetchQuery(options)).results
    },
    // Through the search's own cached source: keyed like any query page, kept in IndexedDB too.
    fetchParcel: async (id) => {
      const body = parcelByIdBody(id)
      const page =
        (await sources.query.peek(body)) ?? (await sources.query.fetch(body, new AbortController().signal)).value
      return page.results[0] ?? null
    },
    loadCoverage: async () => {
      const conn = await currentConnection()
      return client.fetchQuery({
        queryKey: coverageKey(conn.baseUrl),
        queryFn: ({ signal }) => fetchCoverage(conn, signal),
        staleTime: Number.POSITIVE_INFINITY,
      })
    },
    forgetAnswers: async () => {
      client.removeQueries({ queryKey: ['parcels'] })
      await disk?.clear()
    },
    // Free on our server and asked once per opened link: not kept in the response cache.
    loadChanges: async (q, signal) => fetchChanges(await currentConnection(), q, signal),
    apiUrl: (path) => absoluteApiUrl(baseUrl(), path, win.location.href),
  })
  // Another server or key: its coverage and tiles may differ.
  connectionStore.subscribe((now, before) => {
    if (now.baseUrl !== before.baseUrl || now.apiKey !== before.apiKey) void workspace.coverage.refresh()
  })
  return workspace
}
