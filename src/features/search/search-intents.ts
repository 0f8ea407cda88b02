/**
 * The search feature as the workspace registers it: the searches panels start — the set-up one, the
 * map view, a county, "All parcels of this owner" from a parcel card — and a new sort order, which
 * may cost calls where the server sorts (sort-decision.ts).
 */
import type { Polygon } from 'geojson'
import type { ParcelRecord } from '../../../contract/schemas'
import { checkDrawnArea } from '../../geo/validate-area'
import { viewRectangle } from '../../geo/view-area'
import type { Feature, FeatureContext } from '../../ports/feature-context'
import type { SortOrder } from '../../state/search-slice'
import type { SearchSession } from './search-session'
import { type SortDecision, sortDecision } from './sort-decision'
import { serverSorted } from './spec-key'

export class SearchIntents {
  /** "Search this map view" was pressed before the map existed: it runs once the map is there. */
  private mapViewPending = false

  constructor(
    private readonly ctx: FeatureContext,
    private readonly search: SearchSession,
  ) {}

  private get store() {
    return this.ctx.store
  }

  /** Runs the search set up now; on a phone the controls sheet closes so the results show. */
  submit(): void {
    const s = this.store.getState()
    s.submit()
    s.setSearchSheetOpen(false)
  }

  /**
   * "Search this map view": the visible rectangle becomes an area and the search runs. Pressed while
   * the map is still being created, it runs once the map is there (it did nothing before; a CI run
   * pressed it in the first moments after opening a link).
   */
  mapView(): void {
    const bounds = this.ctx.map()?.bounds()
    if (!bounds) {
      this.mapViewPending = true
      return
    }
    const rect = viewRectangle(bounds)
    if (!checkDrawnArea(rect).valid) {
      this.store.getState().setDrawNotice({ level: 'warning', message: 'Zoom in further to search the map view.' })
      return
    }
    if (this.ctx.addAreas([rect], 'the map view') > 0) this.submit()
  }

  /** "Search a county": its Census boundary becomes the area(s), named after it, and the search runs. */
  polygons(polygons: readonly Polygon[], name: string): void {
    if (this.ctx.addAreas(polygons, name, name) > 0) this.submit()
  }

  /** The map is there: a map-view search pressed before it runs now. */
  mapReady(): void {
    if (!this.mapViewPending) return
    this.mapViewPending = false
    this.mapView()
  }

  /** "All parcels of this owner": a filters-only search on the owner, scoped to the parcel's state. */
  owner(record: ParcelRecord): void {
    const owner = typeof record.owner === 'string' ? record.owner : null
    const state = typeof record.state === 'string' ? record.state : null
    if (!owner || !state) return
    const st = this.store.getState()
    st.setMode('direct')
    st.setFilters([
      { field: 'owner', op: 'eq', value: owner },
      { field: 'state', op: 'eq', value: state },
    ])
    st.submit()
  }

  /**
   * A click on a column header. Sorting loaded rows is free; where the server sorts (filters-only,
   * page-as-you-scroll) and not every match is loaded, a new order costs calls, so it asks first.
   */
  sortBy(order: SortOrder): SortDecision {
    const s = this.store.getState()
    const decision = sortDecision(s.submitted, s.loadPolicy, this.search.getSnapshot())
    if (decision.kind === 'ask') s.openDialog({ kind: 'sort', order, calls: decision.calls })
    else this.applySort(order)
    return decision
  }

  /** Sort as asked: free, or `costAccepted` when the user confirmed "Sort on the server". */
  applySort(order: SortOrder, opts: { costAccepted?: boolean } = {}): void {
    const s = this.store.getState()
    s.setOrder(order)
    if (!s.submitted || !serverSorted(s.submitted, s.loadPolicy)) return
    // The re-sorted run starts here, told whether the cost was accepted; the store's own change
    // that follows finds that run live under the same key and leaves it be.
    this.search.start({ ...s.submitted, order: order ? { ...order } : null }, s.loadPolicy, {
      costAccepted: opts.costAccepted === true,
    })
    s.sortSubmitted(order)
  }
}

export function createSearchFeature(ctx: FeatureContext, session: SearchSession): Feature<SearchIntents> {
  const searches = new SearchIntents(ctx, session)
  return {
    api: searches,
    hooks: {
      mapMounted: () => {
        searches.mapReady()
        return undefined
      },
    },
  }
}
