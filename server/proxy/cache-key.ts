/**
 * The response cache's key: the upstream, the endpoint and the request in a normal form, so that
 * requests that are provably the same question share one paid-for answer. What is normalized, and
 * why each step cannot change the answer (docs/running-a-server.md, "Use your hosted parcel API"):
 * - JSON spelling: member order and whitespace (canonical-json.ts). A body whose numbers or member
 *   names a parser could read differently is keyed by its exact text instead.
 * - POST /query defaults the spec states: `limit` 20, `offset` 0, `include_buildings` false, `order`
 *   absent = null, `order.direction` absent = `asc`.
 * - POST /query `in` / `nin` value lists are sorted: set membership does not depend on order, and
 *   the list keeps its length (duplicates are kept, so a size cap meets both spellings alike).
 * - POST /query filters are sorted: they are combined with AND, which does not depend on order.
 * - GET /point and /address parameters are sorted by name (repeated names keep their order).
 * Never normalized: `order` (it decides which records fall on a page), `limit` and `offset`, area
 * features and rings (another server may list identifiers in feature order), values (`42` and
 * `42.0` in a query string stay different), unknown members (an upstream may honour them).
 */
import { createHash } from 'node:crypto'
import { DEFAULT_LIMIT } from '../../contract/limits'
import { canonicalJson, isUnambiguousJson } from './canonical-json'

export const PROXY_ENDPOINTS = ['area', 'query', 'point', 'address'] as const
export type ProxyEndpoint = (typeof PROXY_ENDPOINTS)[number]

/** A caller's request as it is forwarded: the exact query string or body text. */
export type ProxyRequest =
  | { endpoint: 'point' | 'address'; search: string }
  | { endpoint: 'area' | 'query'; body: string; value: unknown }

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v)
const isPrimitive = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v)
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

function normalFilter(filter: unknown): unknown {
  if (!isObject(filter) || (filter.op !== 'in' && filter.op !== 'nin')) return filter
  const { value } = filter
  if (!Array.isArray(value) || !value.every(isPrimitive)) return filter
  const sorted = value
    .map((v) => ({ v, text: JSON.stringify(v) }))
    .sort((a, b) => byText(a.text, b.text))
    .map((x) => x.v)
  return { ...filter, value: sorted }
}

/** The query body with the spec's defaults written out and its order-free lists sorted. */
function normalQuery(body: unknown): unknown {
  if (!isObject(body)) return body
  const q: Json = { limit: DEFAULT_LIMIT, offset: 0, include_buildings: false, order: null, ...body }
  if (isObject(q.order) && !('direction' in q.order)) q.order = { ...q.order, direction: 'asc' }
  if (Array.isArray(q.filters)) {
    q.filters = q.filters
      .map(normalFilter)
      .map((f) => ({ f, text: canonicalJson(f) ?? '' }))
      .sort((a, b) => byText(a.text, b.text))
      .map((x) => x.f)
  }
  return q
}

function normalSearch(search: string): string {
  const params = [...new URLSearchParams(search)]
  // Array.prototype.sort is stable: repeated names keep their relative order.
  params.sort((a, b) => byText(a[0], b[0]))
  return new URLSearchParams(params).toString()
}

/** The normal form of a request (what equal answers share); exported for the tests. */
export function normalForm(req: ProxyRequest): string {
  if ('search' in req) return `?${normalSearch(req.search)}`
  if (!isUnambiguousJson(req.body, req.value)) return `exact:${req.body}`
  const canonical = canonicalJson(req.endpoint === 'query' ? normalQuery(req.value) : req.value)
  return canonical === null ? `exact:${req.body}` : canonical
}

/** The cache key: a digest of the upstream's address, the endpoint and the request's normal form. */
export function cacheKeyOf(upstream: string, req: ProxyRequest): string {
  return createHash('sha256')
    .update(`v1\n${upstream}\n${req.endpoint}\n${normalForm(req)}`)
    .digest('hex')
}
