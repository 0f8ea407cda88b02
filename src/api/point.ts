/**
 * GET /parcels/point?lat&lon&limit&include_buildings → {results, count}: the parcels under a point.
 * Imperative (identify mode: one lookup per click, through `client.fetchQuery`); equal points
 * (6 decimals, ~0.1 m: request-key.ts) are answered from the cache.
 */
import { queryOptions } from '@tanstack/react-query'
import { type LookupResponse, LookupResponseSchema } from '../../contract/schemas'
import type { ApiError } from './api-error'
import { type Connection, currentConnection } from './connection'
import { apiFetch } from './http'
import { pointKey, round6 } from './request-key'

export interface PointParams {
  lat: number
  lon: number
  limit?: number
  includeBuildings?: boolean
}

export function fetchPoint(conn: Connection, p: PointParams, signal?: AbortSignal): Promise<LookupResponse> {
  const query = { lat: round6(p.lat), lon: round6(p.lon), limit: p.limit, include_buildings: p.includeBuildings }
  return apiFetch(conn, { method: 'GET', path: '/parcels/point', query }, LookupResponseSchema, signal)
}

export function pointQueryOptions(baseUrl: string, p: PointParams) {
  const params = { ...p, lat: round6(p.lat), lon: round6(p.lon) }
  return queryOptions<LookupResponse, ApiError>({
    queryKey: pointKey(baseUrl, params),
    queryFn: async ({ signal }) => fetchPoint(await currentConnection(), params, signal),
    staleTime: Number.POSITIVE_INFINITY,
  })
}
