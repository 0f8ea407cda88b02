/**
 * `POST /parcels/query`, checked against the contract's schema so a server that answers off-spec
 * fails here with a clear error, not later in the table.
 */
import { type QueryRequest, type QueryResponse, QueryResponseSchema } from '../../contract/schemas'
import type { Connection } from './connection'
import { apiFetch } from './http'

export function fetchQuery(conn: Connection, body: QueryRequest, signal?: AbortSignal): Promise<QueryResponse> {
  return apiFetch(conn, { method: 'POST', path: '/parcels/query', body }, QueryResponseSchema, signal)
}
