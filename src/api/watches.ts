/**
 * GET /watches and POST /watches (docs/watches.md): the key's watches, and a new one. Our extension
 * beyond the spec, free on our server (watches run on its change log, not on the key's allowance).
 * A server that does not offer them — proxy mode answers 501, another server 404 or 405 — is "no
 * watches here", not an error: `fetchWatches` returns null and the app hides them.
 */
import { z } from 'zod'
import {
  type AreaWatchInputSchema,
  type OwnerWatchInputSchema,
  type ParcelsWatchInputSchema,
  type Watch,
  WatchListSchema,
  WatchSchema,
} from '../../contract/watches/watch-schemas'
import { ApiError } from './api-error'
import type { Connection } from './connection'
import { apiFetch } from './http'

/** A body for POST /watches: a name and one of parcels, an owner or an area (as the contract reads it). */
export type NewWatchBody =
  | z.input<typeof ParcelsWatchInputSchema>
  | z.input<typeof OwnerWatchInputSchema>
  | z.input<typeof AreaWatchInputSchema>

/** Statuses that mean "this server keeps no watches": proxy mode (501), or no such route at all. */
const isWatchesAbsent = (e: unknown): boolean =>
  e instanceof ApiError && (e.status === 501 || e.status === 404 || e.status === 405)

export async function fetchWatches(conn: Connection, signal?: AbortSignal): Promise<Watch[] | null> {
  try {
    return (await apiFetch(conn, { method: 'GET', path: '/watches' }, WatchListSchema, signal)).watches
  } catch (e) {
    if (isWatchesAbsent(e)) return null
    throw e
  }
}

export async function createWatch(conn: Connection, body: NewWatchBody, signal?: AbortSignal): Promise<Watch> {
  return apiFetch(conn, { method: 'POST', path: '/watches', body }, WatchSchema, signal)
}

/** The answer of DELETE /watches/{id}: 204, no body. */
export const NoContentSchema = z.null()
