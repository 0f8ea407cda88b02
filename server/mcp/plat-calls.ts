/**
 * How an MCP tool reaches Plat: through the API, the way any client does, with the caller's bearer
 * key — so the key's plan, scopes and monthly allowance apply to an assistant exactly as to the app.
 * The same code serves `npm run mcp` (fetch over HTTP to PLAT_URL) and `/mcp` on the server (the
 * app's own `fetch`, in-process). Each tool answer gets its own tally of what it spent.
 */

export interface ApiCall {
  method: 'GET' | 'POST'
  path: string
  query?: Record<string, string | number | boolean | undefined>
  body?: unknown
}

/** What one answer spent: `requests` the calls the allowance counts (2xx /parcels/*), `records` returned by them. */
export interface CallTally {
  requests: number
  records: number
  /** Calls outside the allowance (`/coverage`, `/changes`): key checked, never charged. */
  free: number
}

/** The API said no: its status and its reason, passed on to the assistant as they are. */
export class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(`HTTP ${status}: ${detail}`)
  }
}

export type Fetcher = (request: Request) => Promise<Response>

export interface PlatCalls {
  call<T>(c: ApiCall): Promise<T>
  readonly tally: CallTally
}

/** One answer's calls: `authorization` is the caller's header as it came (or built from the key). */
export function platCalls(fetcher: Fetcher, baseUrl: string, authorization: string | undefined): PlatCalls {
  const tally: CallTally = { requests: 0, records: 0, free: 0 }
  async function call<T>({ method, path, query, body }: ApiCall): Promise<T> {
    const url = new URL(path, baseUrl)
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v))
    const headers: Record<string, string> = { accept: 'application/json' }
    if (authorization) headers.authorization = authorization
    if (body !== undefined) headers['content-type'] = 'application/json'
    const res = await fetcher(
      new Request(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
    )
    const text = await res.text()
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = undefined
    }
    if (!res.ok) throw new ApiRefusal(res.status, detailOf(parsed, text, res.status))
    if (path.startsWith('/parcels/')) {
      tally.requests += 1
      const results = (parsed as { results?: unknown[] } | undefined)?.results
      if (Array.isArray(results)) tally.records += results.length
    } else tally.free += 1
    return parsed as T
  }
  return { call, tally }
}

/** `{detail: string}`, or the 422's `{detail: [{loc, msg}]}` as one line a person can read. */
function detailOf(body: unknown, text: string, status: number): string {
  const detail = (body as { detail?: unknown } | undefined)?.detail
  if (typeof detail === 'string') return detail
  if (Array.isArray(detail)) {
    return detail
      .map((d: { loc?: unknown[]; msg?: unknown }) => `${(d.loc ?? []).join('.')}: ${String(d.msg ?? '')}`)
      .join('; ')
  }
  return text.slice(0, 300) || `the server answered ${status}`
}
