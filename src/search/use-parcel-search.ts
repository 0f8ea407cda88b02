/**
 * `useParcelSearch(spec, policy)`: the React face of SearchSession. Driven by the store's
 * `submitted` spec — a new spec cancels the old run; the same spec again keeps it. Records live in
 * TanStack Query (+ IndexedDB), never in the app store.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useSyncExternalStore } from 'react'
import { connectionStore, currentConnection } from '../api/connection'
import { config } from '../config/config'
import { searchSettingsStore } from '../config/search-settings'
import type { LoadPolicy, SearchSpec } from '../state/search-spec'
import { createCachedSources } from './cached-sources'
import { DEFAULT_MAX_CHUNK } from './chunk-plan'
import { openIdbStore, type PersistedStore } from './persisted-store'
import { SearchSession } from './search-session'
import type { SearchResult } from './search-types'

let store: PersistedStore | null | undefined
/** One disk cache per page; opened on first use. */
export function persistedStore(): PersistedStore | null {
  if (store === undefined) store = openIdbStore({ maxBytes: config.cacheMaxBytes, maxAgeMs: config.cacheMaxAgeMs })
  return store
}

/** "Settings → clear cache": forget every stored response (memory and disk). */
export async function clearSearchCache(client: QueryClient): Promise<void> {
  client.removeQueries({ queryKey: ['parcels'] })
  await persistedStore()?.clear()
}

// A chunk size a server refused (413/422) stays refused for the rest of the page's life.
const limits = { maxChunk: DEFAULT_MAX_CHUNK }

export function useParcelSearch(spec: SearchSpec | null, policy: LoadPolicy): SearchResult {
  const client = useQueryClient()
  const session = useMemo(
    () =>
      new SearchSession(
        createCachedSources({
          client,
          store: persistedStore(),
          connection: () => currentConnection(),
          baseUrl: () => connectionStore.getState().baseUrl,
        }),
        {
          confirmThreshold: () => searchSettingsStore.getState().confirmThreshold,
          concurrency: config.concurrency,
          limits,
        },
      ),
    [client],
  )
  useEffect(() => {
    session.start(spec, policy)
  }, [session, spec, policy])
  useEffect(() => () => session.dispose(), [session])
  return useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot)
}
