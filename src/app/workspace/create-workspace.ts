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
import { fetchCoverage, pageCoverage } from '../../api/coverage'
import { fetchWithKey, tileAuthorization } from '../../api/key-header'
import { parcelByIdBody } from '../../api/parcel-by-id'
import { pointQueryOptions } from '../../api/point'
import { coverageKey } from '../../api/request-key'
import { createWatch, fetchWatches } from '../../api/watches'
import { fetchWatchEvents } from '../../api/watches-events'
import { deleteWatch, updateWatch } from '../../api/watches-item'
import { createCachedSources } from '../../cache/cached-sources'
import { openIdbStore } from '../../cache/persisted-store'
import { DEFAULT_RETRY, realSleep, withRetry } from '../../calls/retry'
import type { Source } from '../../calls/source'
import { config } from '../../config/config'
import { searchSettingsStore } from '../../config/search-settings'
import { parcelWithPackFallback, unreachable, withPackFallback } from '../../features/field/offline-sources'
import { PackLibrary } from '../../features/field/pack-library'
import { openPackStore } from '../../features/field/pack-store'
import { loadTile, PACK_SCHEME, packTileUrl } from '../../features/field/pack-tiles'
import { type Bounds, firstViewBounds } from '../../features/map/first-view'
import type { ArchiveTileDeps } from '../../features/map/tiles/archive-tiles'
import { SearchSession } from '../../features/search/search-session'
import { seenEntry } from '../../features/watches/seen-marks'
import type { WatchesDeps } from '../../features/watches/watches-flow'
import { SUBJECT_HATCH } from '../../format/report-colors'
import type { MapFactory } from '../../ports/workspace-ports'
import type { AppStore } from '../../state/store'
import type { MapViewState } from '../../state/ui-slice'
import { downloadBlob } from '../../ui/download'
import { Workspace } from './workspace'

/** A cached source whose network calls follow the search's retry policy (holdings and lists read through it). */
function retrying<Req, Res>(source: Source<Req, Res>): Source<Req, Res> {
  return {
    peek: (req) => source.peek(req),
    fetch: (req, signal) =>
      withRetry(() => source.fetch(req, signal), {
        policy: DEFAULT_RETRY,
        sleep: realSleep,
        random: Math.random,
        signal,
      }),
  }
}

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false

function realMaps(library: PackLibrary, firstView: Bounds, archive: Omit<ArchiveTileDeps, 'network'>): MapFactory {
  return {
    async createMap(container, view) {
      const [{ MapController }, { registerTileProtocol }, { archiveFirst }] = await Promise.all([
        import('../../features/map/map-controller'),
        import('../../features/map/tiles/pack-protocol'),
        import('../../features/map/tiles/archive-tiles'),
      ])
      // Parcel tiles come through the packs first (same data version, or no network), else the
      // outline archive where the server names one and it holds the tile's counties, else the server.
      const network = archiveFirst({ ...archive, network: fetchWithKey })
      registerTileProtocol(PACK_SCHEME, (url, signal) =>
        loadTile(url, signal, { packTile: (t) => library.packTile(t), network, online }),
      )
      const place = view ? { ...view } : { bounds: firstView }
      const map = new MapController({ container, ...place, authorize: tileAuthorization })
      return {
        map,
        async createDraw(events) {
          const { DrawController } = await import('../../features/draw/draw-controller')
          return new DrawController(map.map, (cb) => map.whenReady(cb), events)
        },
        async createHoldingsLayer() {
          const { HoldingsLayer } = await import('../../features/map/overlays/holdings-layer')
          return new HoldingsLayer(map.map, (cb) => map.whenReady(cb))
        },
      }
    },
  }
}

/** Parcel Watch over the API (free calls, not kept in the response cache: they are about what is new). */
function watchesDeps(win: Window, loadCoverage: () => Promise<unknown>): WatchesDeps {
  const conn = () => currentConnection()
  return {
    // No /coverage (proxy mode, another API): no change log. Unreachable: ask, and say so if it fails.
    mayKeepWatches: () =>
      loadCoverage().then(
        (coverage) => coverage !== null,
        () => true,
      ),
    api: {
      list: async (signal) => fetchWatches(await conn(), signal),
      create: async (body) => createWatch(await conn(), body),
      update: async (id, patch) => updateWatch(await conn(), id, patch),
      remove: async (id) => deleteWatch(await conn(), id),
      events: async (id, q, signal) => fetchWatchEvents(await conn(), id, q, signal),
    },
    storage: win.localStorage,
    who: async () => {
      const { baseUrl, apiKey } = await conn()
      return seenEntry(baseUrl, apiKey)
    },
    now: () => Date.now(),
    every: (ms, fn) => {
      const timer = win.setInterval(fn, ms)
      return () => win.clearInterval(timer)
    },
    onFocus: (fn) => {
      win.addEventListener('focus', fn)
      return () => win.removeEventListener('focus', fn)
    },
  }
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
  const library = new PackLibrary(openPackStore())
  // The page's coverage describes the server that served it: only when that is the API too.
  const servedCoverage =
    new URL(absoluteApiUrl(connectionStore.getState().baseUrl, '/', win.location.href)).origin === win.location.origin
      ? pageCoverage(win.document)
      : null
  // Set once the workspace exists: which packs answered while the server could not be reached.
  let onPackAnswer: (packs: readonly string[] | null) => void = () => {}
  const answered = withPackFallback(sources, library, (packs) => onPackAnswer(packs))
  const loadCoverage = async () => {
    const conn = await currentConnection()
    try {
      return await client.fetchQuery({
        queryKey: coverageKey(conn.baseUrl),
        queryFn: ({ signal }) => fetchCoverage(conn, signal),
        staleTime: Number.POSITIVE_INFINITY,
      })
    } catch (e) {
      // No signal: the coverage the newest pack saw, so the map draws the packs' tiles.
      const packed = unreachable(e) ? await library.coverage() : null
      if (!packed) throw e
      return packed
    }
  }
  const search = new SearchSession(answered, {
    confirmThreshold: () => searchSettingsStore.getState().confirmThreshold,
    concurrency: config.concurrency,
    // The same cached /coverage read the map uses: free after the first. A server without it (or
    // unreachable) evaluates no extension filter, so the app applies them to what arrives.
    serverExtensions: async () => {
      const coverage = await loadCoverage().catch(() => null)
      return new Set(coverage?.extensions ?? [])
    },
  })
  const baseUrl = () => connectionStore.getState().baseUrl
  const workspace: Workspace = new Workspace({
    renderReportMap: async (req, signal) => {
      const [setup, { printMapStyle }, { renderPrintMap }] = await Promise.all([
        // map-setup also points MapLibre at its worker (a blob: URL the CSP allows).
        import('../../features/map/map-setup'),
        import('../../features/map/print-map-style'),
        import('../../features/reports/print-map'),
      ])
      const styles = printMapStyle({
        basemap: req.basemap,
        tiles: workspace.coverage.tileInfo(),
        theme: req.theme,
        content: req.content,
      })
      return renderPrintMap({
        ...styles,
        bounds: req.frame,
        padding: req.padding,
        maxZoom: req.maxZoom,
        widthPt: req.widthPt,
        heightPt: req.heightPt,
        // 2–3 device pixels per CSS pixel: 190–290 dpi on paper, sharp lines and labels.
        pixelRatio: Math.min(3, Math.max(2, win.devicePixelRatio || 1)),
        patterns: [SUBJECT_HATCH],
        transformRequest: (url) => setup.transformRequest(url, tileAuthorization),
        signal,
      })
    },
    store,
    search,
    maps: realMaps(library, firstViewBounds(servedCoverage?.coverage), {
      coverage: () => workspace.coverage.ready(),
      resolve: (url) => (/^https?:\/\//.test(url) ? url : absoluteApiUrl(baseUrl(), url, win.location.href)),
      authorization: tileAuthorization,
    }),
    win,
    initialView,
    lookupPoint: async (at) => {
      const options = pointQueryOptions(baseUrl(), { lat: at.lat, lon: at.lng })
      try {
        return (await client.fetchQuery(options)).results
      } catch (e) {
        // No signal: the parcel under the click from a field pack, if one holds it.
        const packed = unreachable(e) ? await library.recordsAt(at.lng, at.lat) : null
        if (!packed) throw e
        onPackAnswer(packed.packs)
        return packed.value
      }
    },
    // Through the search's own cached source: keyed like any query page, kept in IndexedDB too.
    // With no signal, a parcel no pack holds is "not in your pack", never "gone" (issue 37).
    fetchParcel: (id) => parcelWithPackFallback(sources.query, library, parcelByIdBody(id), onPackAnswer),
    loadCoverage,
    forgetAnswers: async () => {
      client.removeQueries({ queryKey: ['parcels'] })
      await disk?.clear()
    },
    // Free on our server and asked once per opened link: not kept in the response cache.
    loadChanges: async (q, signal) => fetchChanges(await currentConnection(), q, signal),
    // Parcel tiles go through the packs' protocol; every other path is the server's own.
    apiUrl: (path) => {
      const url = absoluteApiUrl(baseUrl(), path, win.location.href)
      return path.startsWith('/tiles/') ? packTileUrl(url) : url
    },
    // The search's own sources (same keys, same IndexedDB), with its retry policy.
    holdingSources: { query: retrying(sources.query), point: retrying(sources.point) },
    confirmThreshold: () => searchSettingsStore.getState().confirmThreshold,
    sources,
    pageCoverage: servedCoverage,
    field: {
      library,
      fetchUrl: fetchWithKey,
      lookupPoint: async (at) =>
        (await client.fetchQuery(pointQueryOptions(baseUrl(), { lat: at.lat, lon: at.lng }))).results,
      apiUrl: (path) => absoluteApiUrl(baseUrl(), path, win.location.href),
      online,
      storage: typeof navigator !== 'undefined' ? (navigator.storage ?? null) : null,
      save: downloadBlob,
      linkQuery: () => win.location.search || null,
    },
    watches: watchesDeps(win, loadCoverage),
  })
  onPackAnswer = (packs) => workspace.field.answeredOffline.set(packs)
  // Another server or key: its coverage and tiles may differ.
  connectionStore.subscribe((now, before) => {
    if (now.baseUrl !== before.baseUrl || now.apiKey !== before.apiKey) {
      void workspace.coverage.refresh()
      workspace.watches.restart()
    }
  })
  return workspace
}
