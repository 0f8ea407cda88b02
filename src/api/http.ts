/**
 * The one place that talks HTTP: bearer key, JSON, abort, and parsing with the contract's schemas.
 * Records are open objects (looseObject), so unknown fields from other servers pass through.
 * Retries are not decided here: the search planner owns the retry policy and the call accounting.
 */
import type { z } from 'zod'
import { apiErrorFromResponse, badResponseError, isAbortError, networkError } from './api-error'
import { apiUrl, type Connection } from './connection'

export interface ApiRequest {
  method: 'GET' | 'POST'
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
  const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${conn.apiKey}` }
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
    body = JSON.parse(text)
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
  if (typeof parsed.data === 'object' && parsed.data !== null) responseTexts.set(parsed.data, text)
  return parsed.data
}

/**
 * The JSON text each parsed response came as, so the persisted cache stores it as it is instead of
 * serialising the parsed records again (a 10,000-parcel search spent a tenth of its time on that).
 * Weak: it goes with the response.
 */
const responseTexts = new WeakMap<object, string>()

export function responseText(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? responseTexts.get(value) : undefined
}

function queryString(query: ApiRequest['query']): string {
  if (!query) return ''
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v))
  const s = params.toString()
  return s ? `?${s}` : ''
}
