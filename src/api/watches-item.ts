/**
 * PATCH /watches/{id} (rename, pause, resume) and DELETE /watches/{id} (the watch and its events).
 * An id the key does not hold is a 404, worded by the server (ApiError).
 */
import { type Watch, type WatchPatch, WatchSchema } from '../../contract/watches/watch-schemas'
import type { Connection } from './connection'
import { apiFetch } from './http'
import { NoContentSchema } from './watches'

const itemPath = (id: string) => `/watches/${encodeURIComponent(id)}`

export async function updateWatch(conn: Connection, id: string, patch: WatchPatch): Promise<Watch> {
  return apiFetch(conn, { method: 'PATCH', path: itemPath(id), body: patch }, WatchSchema)
}

export async function deleteWatch(conn: Connection, id: string): Promise<void> {
  await apiFetch(conn, { method: 'DELETE', path: itemPath(id) }, NoContentSchema)
}
