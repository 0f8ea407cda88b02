/**
 * "Watch" on a saved search: its drawn areas and filters as an area watch, through the same dialog
 * as "Watch this area". A search by filters alone (direct mode) has no area to watch, and one whose
 * area could not be read is not the search that was saved: neither offers the action.
 */
import { decodeShareState } from '../share/url-codec'
import { areaWatchParts } from './area-watch-action'
import { WatchButton } from './watch-button'
import { watchesApi } from './watches-api'

export interface SavedSearchWatchProps {
  /** The saved search: its name and its link query. */
  name: string
  query: string
  /** The dialog listing the saved searches closes for the watch dialog (or the inbox). */
  onAction(): void
}

export function SavedSearchWatchAction({ name, query, onAction }: SavedSearchWatchProps) {
  const flow = watchesApi.useApi()
  const { state, searchLost } = decodeShareState(query)
  const areas = state.mode === 'direct' || searchLost ? [] : (state.areas ?? [])
  if (areas.length === 0) return null
  const { area, filters, withFilters } = areaWatchParts(
    areas.map((a) => a.geometry),
    state.filters ?? [],
  )
  const covers = `${areas.length === 1 ? (areas[0]?.label ?? 'its drawn area') : `${areas.length} areas`}${withFilters}`
  return (
    <WatchButton
      flow={flow}
      noun="search"
      className="button"
      labels={{
        watch: (
          <>
            Watch<span className="visually-hidden"> {name}</span>
          </>
        ),
        watching: (
          <>
            Watching ✓<span className="visually-hidden"> {name}</span>
          </>
        ),
      }}
      what={`the saved search “${name}” (${covers})`}
      watched={(f) => f.areaWatch({ area, filters })}
      body={() => ({ name: name.slice(0, 200), area, filters })}
      onAction={onAction}
    />
  )
}
