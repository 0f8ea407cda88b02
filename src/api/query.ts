/** POST /parcels/query: full records by filter, sorted and paged (limit ≤ 100, offset ≤ 10,000). */
import { queryOptions } from '@tanstack/react-query'
import { type QueryRequest, type QueryResponse, QueryResponseSchema } from '../../contract/schemas'
import type { Connection } from './connection'
import { apiFetch } from './http'
import { queryKey } from './request-key'

export function fetchQuery(conn: Connection, body: QueryRequest, signal?: AbortSignal): Promise<QueryResponse> {
  return apiFetch(conn, { method: 'POST', path: '/parcels/query', body }, QueryResponseSchema, signal)
}

export function queryPageOptions(conn: Connection, body: QueryRequest) {
  return queryOptions({
    queryKey: queryKey(conn.baseUrl, body),
    queryFn: ({ signal }) => fetchQuery(conn, body, signal),
    staleTime: Number.POSITIVE_INFINITY,
  })
}
