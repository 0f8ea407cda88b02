/**
 * "Watch this area": the search's drawn areas and filters as an area watch (the server checks the
 * area as POST /parcels/area does, and refuses one of more than 10,000 parcels, in words).
 */
import type { Polygon } from 'geojson'
import type { FilterItem } from '../../../contract/schemas'
import { areaRequestBody } from '../../api/request-key'
import { WatchButton } from './watch-button'
import { watchesApi } from './watches-api'

export interface AreaWatchProps {
  polygons: readonly Polygon[]
  filters: readonly FilterItem[]
  /** "Story County, IA", "2 drawn areas" */
  label: string
}

/**
 * An area watch's area and filters, as "Watch this area" and a saved search's "Watch" both send
 * them: the same polygons give the same area, so either button finds the watch the other made.
 */
export function areaWatchParts(polygons: readonly Polygon[], filters: readonly FilterItem[]) {
  // The contract reads the area as an open object (its own checks follow on the server).
  const area: { type: 'FeatureCollection'; [k: string]: unknown } = { ...areaRequestBody(polygons) }
  const withFilters = filters.length ? ` with ${filters.length} filter${filters.length === 1 ? '' : 's'}` : ''
  return { area, filters: [...filters], withFilters }
}

export function AreaWatchAction({ polygons, filters, label }: AreaWatchProps) {
  const flow = watchesApi.useApi()
  if (polygons.length === 0) return null
  const { area, withFilters } = areaWatchParts(polygons, filters)
  return (
    <WatchButton
      flow={flow}
      noun="area"
      className="button"
      what={`${label}${withFilters}`}
      watched={(f) => f.areaWatch({ area, filters })}
      body={() => ({ name: `Area: ${label}${withFilters}`.slice(0, 200), area, filters: [...filters] })}
    />
  )
}
