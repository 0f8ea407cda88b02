/**
 * GET /watches/{id}/events?since=&limit= → a watch's events after the last one the app has seen,
 * oldest first, with `next` when more pages follow (docs/watches.md "Events"). Free on our server.
 */
import { type WatchEventsResponse, WatchEventsResponseSchema } from '../../contract/watches/watch-schemas'
import type { Connection } from './connection'
import { apiFetch } from './http'

export async function fetchWatchEvents(
  conn: Connection,
  id: string,
  q: { since: number; limit?: number },
  signal?: AbortSignal,
): Promise<WatchEventsResponse> {
  return apiFetch(
    conn,
    { method: 'GET', path: `/watches/${encodeURIComponent(id)}/events`, query: { since: q.since, limit: q.limit } },
    WatchEventsResponseSchema,
    signal,
  )
}
