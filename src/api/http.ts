/**
 * The one place that talks HTTP: bearer key, JSON, abort, and parsing with the contract's schemas.
 * Records are open objects (looseObject), so unknown fields from other servers pass through.
 * Retries are not decided here: the search planner owns the retry policy and the call accounting.
 */
import type { z } from 'zod'
import { apiErrorFromResponse, badResponseError, isAbortError, networkError } from './api-error'
import { apiUrl, type Connection } from './connection'
import { bearerHeader } from './key-header'
import { noteResponseText } from './response-text'

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE'
  path: string
  query?: Record<string, string | number | boolean | undefined>
  body?: unknown
}

export async function apiFetch<S extends z.ZodType>(
  conn: Connection,
  request: ApiRequest,
  schema: S,
  signal?: AbortSignal,
): Promise<z.output<S>> {
  const fetchFn = conn.fetch ?? globalThis.fetch
  const headers: Record<string, string> = { accept: 'application/json', ...bearerHeader(conn.apiKey) }
  if (request.body !== undefined) headers['content-type'] = 'application/json'
  let res: Response
  try {
    res = await fetchFn(apiUrl(conn.baseUrl, request.path) + queryString(request.query), {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal,
    })
  } catch (e) {
    if (isAbortError(e) || signal?.aborted) throw signal?.reason ?? e
    throw networkError(e, conn.apiKey)
  }
  let body: unknown
  let text = ''
  try {
    text = await res.text()
    // 204 (a DELETE's answer) has no body: the schema sees null.
    body = res.status === 204 ? null : JSON.parse(text)
  } catch (e) {
    if (isAbortError(e) || signal?.aborted) throw signal?.reason ?? e
    // An error page from a proxy is not JSON; the status still says what happened.
    if (!res.ok) throw apiErrorFromResponse(res.status, undefined, conn.apiKey)
    throw badResponseError(res.status, 'the body is not JSON', conn.apiKey)
  }
  if (!res.ok) throw apiErrorFromResponse(res.status, body, conn.apiKey)
  const parsed = schema.safeParse(body)
  if (!parsed.success) {
    const first = parsed.error.issues[0]
    throw badResponseError(res.status, first ? `${first.path.join('.')}: ${first.message}` : 'invalid', conn.apiKey)
  }
  // The disk cache stores this text as it came (response-text.ts).
  noteResponseText(parsed.data, text)
  return parsed.data
}

function queryString(query: ApiRequest['query']): string {
  if (!query) return ''
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v))
  const s = params.toString()
  return s ? `?${s}` : ''
}
