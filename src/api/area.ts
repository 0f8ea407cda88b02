/** POST /parcels/area: polygons → identifiers of every intersecting parcel (ascending, each once). */
import { queryOptions } from '@tanstack/react-query'
import type { FeatureCollection } from 'geojson'
import { type AreaResponse, AreaResponseSchema } from '../../contract/schemas'
import type { Connection } from './connection'
import { apiFetch } from './http'
import { areaKey } from './request-key'

export function fetchArea(conn: Connection, body: FeatureCollection, signal?: AbortSignal): Promise<AreaResponse> {
  return apiFetch(conn, { method: 'POST', path: '/parcels/area', body }, AreaResponseSchema, signal)
}

/** `body` should come from `areaRequestBody` (rounded + sorted) so equal areas share one cache entry. */
export function areaQueryOptions(conn: Connection, body: FeatureCollection) {
  return queryOptions({
    queryKey: areaKey(conn.baseUrl, body),
    queryFn: ({ signal }) => fetchArea(conn, body, signal),
    staleTime: Number.POSITIVE_INFINITY,
  })
}
