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

/**
 * How long a search's first results wait before the map marks them (unless the search is done
 * first). Each time the marks change, the map paints a frame; with a software renderer (no GPU, as
 * in `bench:app`) the page then waits 50–300 ms for the canvas read-back, and a page's answer that
 * lands meanwhile waits too (issue 37 item 9). A search that ends within this time is marked once,
 * when it is done, in the same frame as before; a longer one is marked page by page from then on.
 */
const FIRST_MARKS_MS = 1000

/** The search's rows to the map: at once, except a loading search's first `holdMs` (see FIRST_MARKS_MS). */
export class ResultMarks {
  private spec: unknown = null
  private startedAt = 0
  private timer: ReturnType<typeof setTimeout> | null = null

  constructor(
    private readonly push: () => void,
    private readonly holdMs = FIRST_MARKS_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** A new snapshot `r` of the search `spec` (the submitted one; a new one starts the wait again). */
  update(r: SearchResult, spec: unknown): void {
    if (spec !== this.spec) {
      this.spec = spec
      this.startedAt = this.now()
    }
    const wait = this.startedAt + this.holdMs - this.now()
    // Done (or stopped), nothing to mark yet (a new search clears the old marks at once), or waited enough.
    if (!isBusy(r.status) || r.rows.length === 0 || wait <= 0) {
      this.cancel()
      this.push()
      return
    }
    this.timer ??= setTimeout(() => {
      this.timer = null
      this.push()
    }, wait)
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }
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
  // Search opens the results pane under the map: its resize (and repaint) waits as its marks do.
  if (s.submitted && s.submitted !== prev.submitted) map?.holdResize?.(FIRST_MARKS_MS)
}
