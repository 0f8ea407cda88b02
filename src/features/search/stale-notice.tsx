/**
 * "Results are for the previous search — Search again" (issue 18, problem 1): shown above the rows
 * the moment the setup is edited without pressing Search, so old rows are never read as the answer
 * to the new question. The hook is the one place that decides "stale" for every panel (table, map,
 * totals, export, link).
 */
import { useMemo } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { buildSearchSpec } from '../../state/search-slice'
import type { SearchSpec } from '../../state/search-spec'
import { useAppStore } from '../../state/store'
import { describeChanges } from './stale-search'
import './stale-notice.css'

export interface StaleSearch {
  /** The shown rows answer `submitted`, not what is set up now. */
  stale: boolean
  /** What was edited, in words ("1 area removed", "filter added: Acres ≥ 40"). */
  changes: string[]
  /** The search the rows answer (what exports and "Link to these results" carry). */
  submitted: SearchSpec | null
  /** Whether the edited setup can be searched at all (an area, or a filter in filters-only mode). */
  canSearch: boolean
}

export function useStaleSearch(): StaleSearch {
  const s = useAppStore(
    useShallow((st) => ({
      submitted: st.submitted,
      mode: st.mode,
      areas: st.areas,
      filters: st.filters,
      order: st.order,
      includeBuildings: st.includeBuildings,
      loadPolicy: st.loadPolicy,
    })),
  )
  return useMemo(() => {
    const changes = describeChanges(s.submitted, buildSearchSpec(s), s.loadPolicy)
    const canSearch = s.mode === 'area' ? s.areas.length > 0 : s.filters.length > 0
    return { stale: changes.length > 0, changes, submitted: s.submitted, canSearch }
  }, [s])
}

export interface StaleNoticeProps {
  changes: readonly string[]
  canSearch: boolean
  onSearch(): void
}

export function StaleNotice({ changes, canSearch, onSearch }: StaleNoticeProps) {
  if (changes.length === 0) return null
  return (
    <div className="stale-notice" role="status">
      <div className="stale-notice-text">
        <strong>Results are for the previous search</strong>
        <span className="stale-notice-changes">Edited since: {changes.join('; ')}.</span>
      </div>
      {canSearch ? (
        <button type="button" className="primary-button stale-notice-search" onClick={onSearch}>
          Search again
        </button>
      ) : (
        <span className="stale-notice-changes">Add an area or filter to search again.</span>
      )}
    </div>
  )
}

/** On the map: the marked parcels are the previous search's (the map cannot dim only them cheaply). */
export function StaleMapBadge({ canSearch, onSearch }: { canSearch: boolean; onSearch(): void }) {
  return (
    <div className="map-stale-badge" role="status">
      <span>Marked parcels are from the previous search</span>
      {canSearch && (
        <button type="button" className="link-button" onClick={onSearch}>
          Search again
        </button>
      )}
    </div>
  )
}
