/**
 * GET /changes → what changed in the data since a version `/coverage` reported (contract/changes.ts).
 * Our extension beyond the spec, free on our server: a server without it answers 404 (or 405),
 * which is "no change log", not an error; a version the log does not know is a 400 (ApiError).
 */
import { type ChangesResponse, ChangesResponseSchema } from '../../contract/changes'
import { ApiError } from './api-error'
import type { Connection } from './connection'
import { apiFetch } from './http'

export interface ChangesQuery {
  since: string
  /** west,south,east,north */
  bbox?: readonly [number, number, number, number]
  /** five-digit county FIPS */
  county?: string
  /** one parcel: its own changes, or those naming it as successor or predecessor */
  id?: string
  limit?: number
  after?: number
}

export async function fetchChanges(
  conn: Connection,
  q: ChangesQuery,
  signal?: AbortSignal,
): Promise<ChangesResponse | null> {
  const query = {
    since: q.since,
    bbox: q.bbox?.map((n) => Number(n.toFixed(6))).join(','),
    county: q.county,
    id: q.id,
    limit: q.limit,
    after: q.after,
  }
  try {
    return await apiFetch(conn, { method: 'GET', path: '/changes', query }, ChangesResponseSchema, signal)
  } catch (e) {
    if (e instanceof ApiError && (e.status === 404 || e.status === 405)) return null
    throw e
  }
}
