/**
 * What defines a search (docs/spa-interfaces.md). Everything here is shareable (URL later): never
 * result ids, never the key. The planner adds its own `svc_uuid in [...]` filter in area mode.
 */
import type { Polygon } from 'geojson'
import type { FilterItem } from '../../contract/schemas'

export type SearchMode = 'area' | 'direct'
export type LoadPolicy = 'all' | 'on-demand'

export interface DrawnArea {
  id: string
  kind: 'polygon' | 'rectangle' | 'circle' | 'freehand'
  geometry: Polygon
  /** A name where the area has one ("Story County, IA"); drawn shapes are named by kind and number. */
  label?: string
}

export interface SearchSpec {
  mode: SearchMode
  /** Used when mode === 'area'. */
  areas: DrawnArea[]
  /** The user's filters (without the svc_uuid one the planner adds). */
  filters: FilterItem[]
  order: { field: string; direction: 'asc' | 'desc' } | null
  includeBuildings: boolean
}
