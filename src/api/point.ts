/**
 * GET /parcels/point?lat&lon&limit&include_buildings → {results, count}: the parcels under a point.
 * `usePointLookup` is imperative (identify mode: one lookup per click); equal points (6 decimals,
 * ~0.1 m) are answered from the cache.
 */
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { type LookupResponse, LookupResponseSchema } from '../../contract/schemas'
import type { ApiError } from './api-error'
import { type Connection, currentConnection, useConnection } from './connection'
import { apiFetch } from './http'

export interface PointParams {
  lat: number
  lon: number
  limit?: number
  includeBuildings?: boolean
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6

export function fetchPoint(conn: Connection, p: PointParams, signal?: AbortSignal): Promise<LookupResponse> {
  const query = { lat: round6(p.lat), lon: round6(p.lon), limit: p.limit, include_buildings: p.includeBuildings }
  return apiFetch(conn, { method: 'GET', path: '/parcels/point', query }, LookupResponseSchema, signal)
}

export function pointQueryOptions(baseUrl: string, p: PointParams) {
  const params = { ...p, lat: round6(p.lat), lon: round6(p.lon) }
  return queryOptions<LookupResponse, ApiError>({
    queryKey: ['parcels', 'point', baseUrl, params],
    queryFn: async ({ signal }) => fetchPoint(await currentConnection(), params, signal),
    staleTime: Number.POSITIVE_INFINITY,
  })
}

export interface PointLookup {
  lookup(at: { lng: number; lat: number }): void
  data: LookupResponse | undefined
  error: ApiError | null
  isPending: boolean
}

export function usePointLookup(options: { limit?: number; includeBuildings?: boolean } = {}): PointLookup {
  const { baseUrl } = useConnection()
  const [at, setAt] = useState<{ lng: number; lat: number } | null>(null)
  const params: PointParams = { lat: at?.lat ?? 0, lon: at?.lng ?? 0, ...options }
  const q = useQuery({ ...pointQueryOptions(baseUrl, params), enabled: at !== null })
  const lookup = useCallback((next: { lng: number; lat: number }) => setAt(next), [])
  return { lookup, data: q.data, error: q.error ?? null, isPending: at !== null && q.isFetching }
}
