/**
 * Everything a shared link carries (issue 4): what defines the search plus how it is being looked
 * at. Never result ids, never the API key. `searched` says the link's search had been run, so
 * opening it runs the same search again (results come from the API or the local cache, not the URL).
 */
import type { FilterItem } from '../../../contract/schemas'
import type { ThemeId } from '../../format/themes'
import type { DataStamp } from '../../state/data-stamp-slice'
import type { AssemblageRef } from '../../state/holdings-slice'
import type { SortOrder } from '../../state/search-slice'
import type { DrawnArea, SearchMode } from '../../state/search-spec'
import type { MapViewState } from '../../state/ui-slice'
import type { SharedComps } from './comps-codec'

export interface ShareState {
  mode: SearchMode
  areas: DrawnArea[]
  filters: FilterItem[]
  order: SortOrder
  includeBuildings: boolean
  searched: boolean
  selectedId: string | null
  view: MapViewState
  visibleColumns: string[]
  /** How results are coloured; links made before themes existed open with the plain theme. */
  theme: ThemeId
  /** A custom assemblage of parcels (issue 21), by id; links without one open without. */
  assemblage?: AssemblageRef | null
  /** Comparable sales open (issue 20); absent in links without them. */
  comps?: SharedComps | null
  /** The data version the search was run against (data-version-codec.ts); absent in older links. */
  dataStamp?: DataStamp | null
}
