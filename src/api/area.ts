/**
 * `POST /parcels/area`, checked against the contract's schema so a server that answers off-spec
 * fails here with a clear error, not later in the table.
 */
import type { FeatureCollection } from 'geojson'
import { type AreaResponse, AreaResponseSchema } from '../../contract/schemas'
import type { Connection } from './connection'
import { apiFetch } from './http'

export function fetchArea(conn: Connection, body: FeatureCollection, signal?: AbortSignal): Promise<AreaResponse> {
  return apiFetch(conn, { method: 'POST', path: '/parcels/area', body }, AreaResponseSchema, signal)
}
