import { type QueryRequest, type QueryResponse, QueryResponseSchema } from '../../contract/schemas'
import type { Connection } from './connection'
import { apiFetch } from './http'

export function fetchQuery(conn: Connection, body: QueryRequest, signal?: AbortSignal): Promise<QueryResponse> {
  return apiFetch(conn, { method: 'POST', path: '/parcels/query', body }, QueryResponseSchema, signal)
}
