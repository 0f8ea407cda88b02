/**
 * The URL is the search (issue 4): the store and `location.search` stay in step both ways.
 * Store → URL: debounced; a change to what the search is (areas, filters, mode, selection, columns)
 * pushes a history entry so Back undoes it, while camera moves only replace the current entry (a
 * pan must not flood the history). URL → store: once at start-up, and on popstate (Back/Forward).
 * The codec (src/features/share/url-codec.ts) never carries result ids or the API key.
 */

import { parcelSetKey } from '../../features/changes/search-key'
import { specKey } from '../../features/search/spec-key'
import type { ShareState } from '../../features/share/share-state'
import { decodeShareState, encodeShareState } from '../../features/share/url-codec'
import { buildSearchSpec } from '../../state/search-slice'
import type { AppState, AppStore } from '../../state/store'
import { DEFAULT_COLUMNS, type MapViewState } from '../../state/ui-slice'

const WRITE_DELAY_MS = 300

/** Was the search on screen run with exactly what is set up now? Then the link says "run it". */
function isSearched(s: AppState): boolean {
  if (!s.submitted) return false
  return specKey(s.submitted, s.loadPolicy) === specKey(buildSearchSpec(s), s.loadPolicy)
}

export function shareStateOf(s: AppState): ShareState {
  return {
    mode: s.mode,
    areas: s.areas,
    filters: s.filters,
    order: s.order,
    includeBuildings: s.includeBuildings,
    searched: isSearched(s),
    selectedId: s.selectedId,
    view: s.view,
    visibleColumns: s.visibleColumns,
    theme: s.theme,
    assemblage: s.assemblage,
    comps: s.comps,
    // The data version of the search on screen (issue 23), when it is the search the link runs.
    dataStamp:
      s.dataStamp && s.submitted && s.dataStamp.searchKey === parcelSetKey(s.submitted) ? s.dataStamp.stamp : null,
  }
}

/** Everything but the camera: what decides between a new history entry and a replaced one. */
function searchPart(s: ShareState): string {
  return encodeShareState({ ...s, view: { center: [0, 0], zoom: 0 } })
}

/**
 * Puts a decoded link into the store. Parts the link lacks fall back to defaults, so Back to a
 * plain URL really returns to the empty search. Returns the view to move the map to, if any. A
 * link whose search lost an area or a filter is set up but not run (`hold`): what is left is
 * another search, and the person decides whether to run it.
 */
function applyShareState(store: AppStore, state: Partial<ShareState>, hold = false): MapViewState | null {
  const s = store.getState()
  s.replaceAreas(state.areas ?? [])
  s.setMode(state.mode ?? 'area')
  s.setFilters(state.filters ?? [])
  s.setOrder(state.order ?? null)
  s.setIncludeBuildings(state.includeBuildings ?? false)
  s.setVisibleColumns(state.visibleColumns ?? DEFAULT_COLUMNS)
  s.setTheme(state.theme ?? 'plain')
  s.setAssemblage(state.assemblage ?? null)
  if (state.searched && !hold) {
    const now = store.getState()
    if (!isSearched(now)) now.submit()
    // The link's data version stays with its search until a new search is run (workspace changes flow).
    const submitted = store.getState().submitted
    store.getState().setDataStamp(state.dataStamp ?? null, submitted ? parcelSetKey(submitted) : null)
  } else if (s.submitted) {
    s.clearSubmitted()
  }
  // The notice saying the search was held lives in the search panel: on a phone, open its sheet.
  if (state.searched && hold) store.getState().setSearchSheetOpen(true)
  store.getState().select(state.selectedId ?? null, state.selectedId != null)
  // Comps for a parcel show in its details: that parcel is the one open.
  const comps = state.comps ?? null
  if (comps?.subject.kind === 'parcel') store.getState().select(comps.subject.id, true)
  store.getState().replaceComps(comps)
  if (state.view) store.getState().setView(state.view)
  return state.view ?? null
}

export interface UrlSyncHandlers {
  /**
   * A restored link had problems; show them (empty list clears). `held`: its search lost parts and
   * was not run.
   */
  onProblems(problems: string[], held: boolean): void
  /** Back/Forward restored a view: move the camera there. */
  onView(view: MapViewState): void
}

/** Reads the start-up URL into the store (before the first render, so the map opens on its view). */
export function restoreFromUrl(
  store: AppStore,
  search: string,
): { view: MapViewState | null; problems: string[]; held: boolean } {
  const query = search.replace(/^\?/, '')
  if (query === '') return { view: null, problems: [], held: false }
  const { state, problems, searchLost } = decodeShareState(query)
  const held = !!state.searched && searchLost
  return { view: applyShareState(store, state, held), problems, held }
}

export interface UrlSync {
  stop(): void
  /** Opens a link's query (a saved search) as a new history entry, as if the user had followed it. */
  open(query: string): void
}

export function startUrlSync(store: AppStore, handlers: UrlSyncHandlers, win: Window = window): UrlSync {
  let written = win.location.search.replace(/^\?/, '')
  let writtenSearchPart = searchPart(shareStateOf(store.getState()))
  let timer: ReturnType<typeof setTimeout> | null = null
  let applying = false

  const write = () => {
    timer = null
    const share = shareStateOf(store.getState())
    const next = encodeShareState(share)
    if (next === written) return
    const part = searchPart(share)
    const url = `${win.location.pathname}${next ? `?${next}` : ''}${win.location.hash}`
    if (part === writtenSearchPart) win.history.replaceState(null, '', url)
    else win.history.pushState(null, '', url)
    written = next
    writtenSearchPart = part
  }

  const unsubscribe = store.subscribe(() => {
    if (applying || timer) return
    timer = setTimeout(write, WRITE_DELAY_MS)
  })

  const apply = (query: string) => {
    if (timer) clearTimeout(timer)
    timer = null
    const { state, problems, searchLost } = decodeShareState(query)
    const held = !!state.searched && searchLost
    applying = true
    let view: MapViewState | null
    try {
      view = applyShareState(store, state, held)
    } finally {
      applying = false
    }
    written = query
    writtenSearchPart = searchPart(shareStateOf(store.getState()))
    handlers.onProblems(problems, held)
    if (view) handlers.onView(view)
  }
  const onPopState = () => apply(win.location.search.replace(/^\?/, ''))
  win.addEventListener('popstate', onPopState)

  return {
    stop() {
      unsubscribe()
      if (timer) clearTimeout(timer)
      win.removeEventListener('popstate', onPopState)
    },
    open(query) {
      // Flush a pending write first, so Back returns to the search that was on screen.
      if (timer) write()
      win.history.pushState(null, '', `${win.location.pathname}${query ? `?${query}` : ''}`)
      apply(query)
    },
  }
}
