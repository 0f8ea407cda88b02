/**
 * A link or saved search made against data that has changed since (issue 23): the answers this
 * browser kept may be of that data, so they are forgotten before its search runs. The coverage
 * says which data version the server has now.
 */
import type { SearchSession } from '../../features/search/search-session'
import { decodeShareState } from '../../features/share/url-codec'
import type { AppStore } from '../../state/store'
import type { CoverageFlow } from './coverage-flow'
import type { UrlSync } from './url-sync'

/** Runs the search the page opened with (a link's), after forgetting answers of older data. */
export function startOpeningSearch(
  store: AppStore,
  search: SearchSession,
  coverage: CoverageFlow,
  forget: (() => Promise<void>) | undefined,
): void {
  const s = store.getState()
  const linkStamp = s.submitted ? s.dataStamp?.stamp : undefined
  if (linkStamp && forget) {
    void coverage.refresh().then(async () => {
      const c = coverage.state.get()
      if (c.status === 'ready' && c.coverage.version !== linkStamp.version) await forget().catch(() => {})
      const now = store.getState()
      search.start(now.submitted, now.loadPolicy)
    })
  } else {
    search.start(s.submitted, s.loadPolicy)
    void coverage.refresh()
  }
}

/** Opens a saved search (a link query) as a new history entry, after forgetting answers of older data. */
export function openSavedSearch(
  query: string,
  sync: UrlSync,
  coverage: CoverageFlow,
  forget: (() => Promise<void>) | undefined,
): void {
  const stamp = decodeShareState(query).state.dataStamp
  const c = coverage.state.get()
  if (stamp && forget && c.status === 'ready' && c.coverage.version !== stamp.version) {
    void forget().finally(() => sync.open(query))
  } else sync.open(query)
}
