/**
 * What a new sort order costs (pure). Load-all area searches sort in the browser: free. Where the
 * server sorts (filters-only, or "load pages as I scroll"), a result whose every match is loaded
 * is re-sorted locally, free too; a partial one needs the server to page again in the new order.
 */
import { MAX_LIMIT, MAX_OFFSET } from '../../../contract/limits'
import type { LoadPolicy, SearchSpec } from '../../state/search-spec'
import type { SearchResult } from './search-types'
import { serverSorted } from './spec-key'

export type SortDecision = { kind: 'local' } | { kind: 'ask'; calls: number }

export function sortDecision(
  submitted: SearchSpec | null,
  policy: LoadPolicy,
  result: Pick<SearchResult, 'status' | 'complete' | 'rowCount' | 'progress'>,
): SortDecision {
  if (!submitted || !serverSorted(submitted, policy) || result.status === 'idle' || result.complete) {
    return { kind: 'local' }
  }
  const reachable = Math.min(result.progress.recordsExpected ?? result.rowCount, MAX_OFFSET + MAX_LIMIT)
  // Page-as-you-scroll fetches the first page again (and what is then in view); load-all every page.
  const calls = policy === 'on-demand' ? 1 : Math.max(1, Math.ceil(reachable / MAX_LIMIT))
  return { kind: 'ask', calls }
}
