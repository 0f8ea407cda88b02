/**
 * How an upstream call's end becomes our answer. The upstream's own verdicts on a request (400,
 * 413, 422 …) pass through as they are, so the app shows the same `detail` next to the same filter.
 * What is the server's problem and not the caller's is said so: a refused upstream key is a 502 for
 * the operator (the caller's key is fine), the upstream's exhausted allowance a 429 that names it,
 * an upstream failure a 502 (a 500 from us would mean a bug of ours), no answer in time a 504.
 * Only a 200 of the spec's shape is cacheable. Every upstream text is redacted (redact.ts).
 */
import { type Shape, shapeOf } from './answer-shape'
import type { ProxyEndpoint } from './cache-key'
import type { UpstreamResult } from './upstream-client'

export interface ProxyAnswer {
  status: number
  /** JSON text. */
  body: string
  records: number
  cacheable: boolean
  retryAfter: string | null
  /** What went wrong upstream, for the operator's log (never the key); null when nothing did. */
  problem: string | null
}

const fail = (status: number, detail: string, problem: string, retryAfter: string | null = null): ProxyAnswer => ({
  status,
  body: JSON.stringify({ detail }),
  records: 0,
  cacheable: false,
  retryAfter,
  problem,
})

/** The upstream's `detail` when it is a string (shortened), else ''. */
function detailOf(text: string): string {
  try {
    const detail = (JSON.parse(text) as { detail?: unknown } | null)?.detail
    return typeof detail === 'string' ? detail.slice(0, 300) : ''
  } catch {
    return ''
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** Seconds or an HTTP date; anything else an upstream sends is not repeated to callers. */
const plainRetryAfter = (v: string | null) =>
  v && (/^\d{1,9}$/.test(v) || (v.length < 40 && /^[A-Za-z0-9 ,:]+$/.test(v) && !Number.isNaN(Date.parse(v))))
    ? v
    : null

export function answerOf(
  endpoint: ProxyEndpoint,
  result: UpstreamResult,
  redact: (text: string) => string,
): ProxyAnswer {
  if (result.kind === 'timeout') {
    const s = (result.afterMs / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })
    return fail(504, `The hosted parcel API did not answer within ${s} s; try again later.`, `no answer in ${s} s`)
  }
  if (result.kind === 'unreachable') {
    const problem = `unreachable after ${result.attempts} attempts: ${result.reason}`
    return fail(502, 'The hosted parcel API cannot be reached; try again later.', problem)
  }
  if (result.kind === 'broken') {
    const detail = 'The connection to the hosted parcel API broke before its answer was complete; try again.'
    return fail(502, detail, `connection broke: ${result.reason}`)
  }
  const { status } = result
  const text = redact(result.text)
  const said = detailOf(text)
  const quoted = said ? `: "${said}"` : ''
  if (status >= 200 && status < 300) {
    const shape: Shape = shapeOf(endpoint, text)
    if (!shape.ok) {
      const detail = `The hosted parcel API answered in a form this server does not understand (${shape.reason}); the server's operator should check UPSTREAM_URL.`
      return fail(502, detail, `HTTP ${status} answer with ${shape.reason}`)
    }
    return { status, body: text, records: shape.records, cacheable: status === 200, retryAfter: null, problem: null }
  }
  if (status === 401 || status === 403) {
    const detail = `The hosted parcel API refused this server's key (HTTP ${status}${quoted}). Your API key is fine: the server's operator must check UPSTREAM_API_KEY and the plan behind it.`
    return fail(502, detail, `the upstream refused UPSTREAM_API_KEY (HTTP ${status}${quoted})`)
  }
  if (status === 429) {
    const detail = `The hosted parcel API's allowance for this server is used up (HTTP 429${quoted}). This is not your key's allowance: answers this server has already fetched are still served; for new ones the operator must raise the upstream plan or wait until its allowance renews.`
    return fail(429, detail, `upstream allowance exhausted (HTTP 429${quoted})`, plainRetryAfter(result.retryAfter))
  }
  if (status === 404 || status === 405) {
    const detail = `The hosted parcel API has no such endpoint (HTTP ${status}): the server's operator must check UPSTREAM_URL and UPSTREAM_PREFIX.`
    return fail(502, detail, `HTTP ${status} for the ${endpoint} endpoint: wrong UPSTREAM_URL or UPSTREAM_PREFIX?`)
  }
  if (status >= 300 && status < 400) {
    const detail = `The hosted parcel API redirected this request (HTTP ${status}); the server's operator must set UPSTREAM_URL to where it moved.`
    return fail(502, detail, `redirected (HTTP ${status}) to ${redact(result.location ?? '?').slice(0, 300)}`)
  }
  if (status >= 400 && status < 500) {
    if (isJson(text)) return { status, body: text, records: 0, cacheable: false, retryAfter: null, problem: null }
    return fail(
      status,
      `The hosted parcel API answered HTTP ${status} without a JSON body.`,
      `HTTP ${status}, not JSON`,
    )
  }
  const detail = `The hosted parcel API failed (HTTP ${status}${quoted}); try again later.`
  return fail(502, detail, `HTTP ${status}${quoted}`, status === 503 ? plainRetryAfter(result.retryAfter) : null)
}
