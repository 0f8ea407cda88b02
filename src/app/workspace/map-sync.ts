/**
 * The store's and the search's state as the map and the drawing layer show it: what a new map is told
 * at once, and what each change of the store or of the results tells them. Kept apart from the
 * workspace so its class stays the lifecycle and the features' list (issue 36: ≤ 300 lines), and so
 * the one rule "what the map shows of the state" reads in one place.
 */
import type { SearchResult } from '../../features/search/search-types'
import type { DrawPort, MapPort } from '../../ports/workspace-ports'
import { isBusy } from '../../state/search-status'
import type { AppState } from '../../state/store'

function clickModeFor(tool: AppState['tool']): 'select' | 'identify' | 'none' {
  return tool === 'identify' ? 'identify' : tool === 'pan' ? 'select' : 'none'
}

/** Everything of the state a map shows, for a map that has just been made. */
export function pushStateTo(map: MapPort, s: AppState, r: SearchResult): void {
  map.setBasemap(s.basemap)
  map.setTheme(s.theme)
  map.setClickMode(clickModeFor(s.tool))
  pushResultTo(map, s, r)
  map.setSelected(s.selectedId)
}

/** The search's rows (and buildings, when the search asked for them). */
export function pushResultTo(map: MapPort, s: AppState, r: SearchResult): void {
  map.setParcels(r.rows, isBusy(r.status))
  map.setBuildings(s.submitted?.includeBuildings ? r.rows : null)
}

/** What a change of the store changes on the map and the drawing layer. */
export function pushStoreChange(map: MapPort | null, draw: DrawPort | null, s: AppState, prev: AppState): void {
  if (s.selectedId !== prev.selectedId) map?.setSelected(s.selectedId)
  if (s.basemap !== prev.basemap) map?.setBasemap(s.basemap)
  if (s.theme !== prev.theme) map?.setTheme(s.theme)
  if (s.tool !== prev.tool) {
    map?.setClickMode(clickModeFor(s.tool))
    draw?.setTool(s.tool)
  }
  if (s.areas !== prev.areas) draw?.syncAreas(s.areas)
}
