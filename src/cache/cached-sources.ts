/**
 * The planner's sources in the app: TanStack Query's QueryClient is the memory cache (keys from the
 * normalized request, api/request-key.ts), the persisted store is the disk under it. A peek
 * never calls the network; a fetch goes through `fetchQuery`, so two searches asking the same page
 * at once share one call. The workspace makes one set (create-workspace.ts) and every feature that
 * reads parcels (search, opening a parcel by id, comparable sales) goes through it: one response
 * cache, one disk, one size account.
 */
import type { QueryClient } from '@tanstack/react-query'
import type { FeatureCollection } from 'geojson'
import type { z } from 'zod'
import {
  type AreaResponse,
  AreaResponseSchema,
  type LookupResponse,
  LookupResponseSchema,
  type QueryRequest,
  type QueryResponse,
  QueryResponseSchema,
} from '../../contract/schemas'
import { isAbortError } from '../api/api-error'
import { fetchArea } from '../api/area'
import type { Connection } from '../api/connection'
import { fetchPoint, type PointParams } from '../api/point'
import { fetchQuery } from '../api/query'
import { areaKey, pointKey, queryKey } from '../api/request-key'
import type { MemorySource, Source } from '../calls/source'
import type { PersistedStore } from './persisted-store'

export type AreaSource = Source<FeatureCollection, AreaResponse>
export type QuerySource = Source<QueryRequest, QueryResponse>
/** GET /parcels/point, keyed like identify's lookups (so a point asked both ways costs one call). */
export type PointSource = Source<PointParams, LookupResponse>

export interface SourceDeps {
  client: QueryClient
  store: PersistedStore | null
  /** The connection for the next call (waits for the demo key at start-up). */
  connection(): Promise<Connection>
  /** The base URL now, synchronously (keys include it: two servers, two caches). */
  baseUrl(): string
}

export interface CachedSources {
  area: MemorySource<FeatureCollection, AreaResponse>
  query: MemorySource<QueryRequest, QueryResponse>
  point: PointSource
}

export function createCachedSources(deps: SourceDeps): CachedSources {
  return {
    area: cachedSource(deps, areaKey, fetchArea, AreaResponseSchema),
    query: cachedSource(deps, queryKey, fetchQuery, QueryResponseSchema),
    point: cachedSource(deps, pointKey, fetchPoint, LookupResponseSchema),
  }
}

function cachedSource<Req, S extends z.ZodType>(
  deps: SourceDeps,
  keyOf: (baseUrl: string, req: Req) => readonly unknown[],
  fetchFn: (conn: Connection, req: Req, signal: AbortSignal) => Promise<z.output<S>>,
  schema: S,
): MemorySource<Req, z.output<S>> {
  type Res = z.output<S>
  return {
    peekMemory(req) {
      return deps.client.getQueryData<Res>(keyOf(deps.baseUrl(), req))
    },
    async peek(req) {
      const key = keyOf(deps.baseUrl(), req)
      const hot = deps.client.getQueryData<Res>(key)
      if (hot !== undefined) return hot
      const stored = await deps.store?.get(JSON.stringify(key))
      if (stored === undefined) return undefined
      // Written by an older version of the app? Then it is a miss, not a crash.
      const parsed = schema.safeParse(stored)
      if (!parsed.success) return undefined
      deps.client.setQueryData(key, parsed.data)
      return parsed.data as Res
    },
    async fetch(req, signal) {
      const conn = await deps.connection()
      const key = keyOf(conn.baseUrl, req)
      for (;;) {
        let ran = false
        try {
          const value = await deps.client.fetchQuery<Res>({
            queryKey: key,
            queryFn: async () => {
              ran = true
              const v = await fetchFn(conn, req, signal)
              deps.store?.set(JSON.stringify(key), v)
              return v
            },
            staleTime: Number.POSITIVE_INFINITY,
            retry: false,
          })
          return { value, network: ran }
        } catch (e) {
          // We joined another search's identical call and that search was cancelled: ask again.
          if (isAbortError(e) && !ran && !signal.aborted) continue
          throw e
        }
      }
    },
  }
}
