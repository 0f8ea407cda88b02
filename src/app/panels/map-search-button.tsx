/**
 * Search, on the map, for a phone (issue 18, problem 7: after a shape was drawn from the sheet the
 * sheet said "…then Search" while no Search button was on screen). Shown while what is set up can
 * be searched and no shown rows answer it (never searched, or edited since); the sheet's own Search
 * button does the same. Hidden on a desktop, where the controls beside the map hold it.
 */
import { useMemo } from 'react'
import { validateFilters } from '../../features/filters/filter-validation'
import { useStaleSearch } from '../../features/search/stale-notice'
import { isBusy } from '../../state/search-status'
import { useAppStore } from '../../state/store'
import { useSearchResult, useWorkspace } from './workspace-context'

export function MapSearchButton() {
  const workspace = useWorkspace()
  const mode = useAppStore((s) => s.mode)
  const areaCount = useAppStore((s) => s.areas.length)
  const filters = useAppStore((s) => s.filters)
  const submitted = useAppStore((s) => s.submitted)
  const status = useSearchResult().status
  const staleness = useStaleSearch()
  const valid = useMemo(() => validateFilters(filters, mode === 'area' ? 1 : 0).valid, [filters, mode])
  const ready = mode === 'area' && areaCount > 0 && valid
  const unanswered = submitted === null || staleness.stale
  if (!ready || !unanswered || isBusy(status)) return null
  return (
    <button type="button" className="primary-button map-search-button" onClick={() => workspace.searches.submit()}>
      Search
      <span className="map-search-count">{areaCount === 1 ? '1 area' : `${areaCount} areas`}</span>
    </button>
  )
}
