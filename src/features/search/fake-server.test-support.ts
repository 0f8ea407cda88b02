/**
 * Test support (imported only by *.test.ts): an in-memory "server" with the reference server's
 * query semantics — filters ANDed, `count` = total matches, order by field then svc_uuid, limit ≤
 * 100, offset ≤ 10,000, a cap on `in` list length (413 above it) — plus memory-cached sources like
 * the app's, so planner tests measure real call counts without HTTP.
 */

import { matchesAll } from '../../../contract/filter-match'
import { checkQueryRequest } from '../../../contract/query-rules'
import type { AreaResponse, FilterItem, ParcelRecord, QueryRequest, QueryResponse } from '../../../contract/schemas'
import { ApiError, apiErrorFromResponse } from '../../api/api-error'
import { areaKey, queryKey } from '../../api/request-key'
import type { AreaSource, QuerySource } from '../../cache/cached-sources'

/** Deterministic PRNG (mulberry32). */
function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const CROPS = ['Corn', 'Soybeans', 'Grassland/Pasture', 'Deciduous Forest', 'Developed/Low Intensity']

/** n records with random UUIDs, sorted by svc_uuid like an area response; `cdl_majority_percent` is uniform 0–100. */
export function makeRecords(n: number, seed = 1): ParcelRecord[] {
  const rand = prng(seed)
  const hex = (len: number) => Array.from({ length: len }, () => Math.floor(rand() * 16).toString(16)).join('')
  const out: ParcelRecord[] = []
  for (let i = 0; i < n; i++) {
    out.push({
      svc_uuid: `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`,
      acres: Math.round(rand() * 16000) / 100,
      cdl_majority_percent: Math.round(rand() * 10000) / 100,
      cdl_majority_category: CROPS[Math.floor(rand() * CROPS.length)],
      state: 'IA',
    })
  }
  return out.sort((a, b) => (a.svc_uuid < b.svc_uuid ? -1 : 1))
}

type Failure = (body: QueryRequest) => ApiError | Error | null

export class FakeServer {
  readonly queries: QueryRequest[] = []
  areaCalls = 0
  /** Longest `in` list accepted; longer → 413 (the reference server takes 50,000). */
  maxIn = 50_000
  /** Checked before each query: return an error to fail that call (then it is removed). */
  readonly failures: Failure[] = []
  /** Optional gate: every query waits on it (tests of cancellation). */
  gate: (() => Promise<void>) | null = null
  private readonly byId: Map<string, ParcelRecord>
  private readonly memo = new Map<string, ParcelRecord[]>()

  private readonly checked = new Set<string>()

  constructor(readonly records: ParcelRecord[]) {
    this.byId = new Map(records.map((r) => [r.svc_uuid, r]))
  }

  get ids(): string[] {
    return this.records.map((r) => r.svc_uuid)
  }

  async query(body: QueryRequest): Promise<QueryResponse> {
    this.queries.push(body)
    if (this.gate) await this.gate()
    const fail = this.failures.shift()?.(body)
    if (fail) throw fail
    const tooLong = body.filters.find((f) => Array.isArray(f.value) && f.value.length > this.maxIn)
    if (tooLong) throw new ApiError({ status: 413, kind: 'too-large', detail: 'Request body too large' })
    const key = JSON.stringify(queryKey('', { ...body, offset: 0 }))
    // The contract's check costs ~30 ms on a 15,000-id list; the later pages of a chunk repeat filters
    // it has already passed (same key), so they are checked with the id list cut to one id: limit,
    // offset and order are still checked on every page (the planner tests make ~600 pages a search).
    const seen = this.checked.has(key)
    const check = checkQueryRequest(seen ? { ...body, filters: body.filters.map(oneId) } : body)
    if (!check.ok) throw apiErrorFromResponse(check.status, { detail: check.detail }, '')
    this.checked.add(key)
    const q = seen ? { ...check.query, filters: body.filters } : check.query
    let matches = this.memo.get(key)
    if (!matches) {
      matches = this.match(q.filters)
      const order = q.order
      if (order) {
        const dir = order.direction === 'desc' ? -1 : 1
        matches = [...matches].sort(
          (a, b) => dir * compare(a[order.field], b[order.field]) || compare(a.svc_uuid, b.svc_uuid),
        )
      }
      this.memo.set(key, matches)
    }
    return {
      results: matches.slice(q.offset, q.offset + q.limit),
      count: matches.length,
      limit: q.limit,
      offset: q.offset,
    }
  }

  private match(filters: FilterItem[]): ParcelRecord[] {
    const idFilter = filters.find((f) => f.field === 'svc_uuid' && f.op === 'in')
    const pool = idFilter
      ? (idFilter.value as string[]).map((id) => this.byId.get(id)).filter((r): r is ParcelRecord => !!r)
      : this.records
    const rest = filters.filter((f) => f !== idFilter)
    const out = pool.filter((r) => matchesAll(r, rest))
    return out.sort((a, b) => compare(a.svc_uuid, b.svc_uuid))
  }

  /** Sources with a memory cache keyed like the app's, counting what reaches the "network". */
  sources(areaIds: readonly string[] = this.ids): {
    area: AreaSource
    query: QuerySource
    cache: Map<string, unknown>
  } {
    const cache = new Map<string, unknown>()
    const area: AreaSource = {
      peek: async (body) => cache.get(JSON.stringify(areaKey('', body))) as AreaResponse | undefined,
      fetch: async (body) => {
        this.areaCalls++
        const value = { svc_uuids: [...areaIds] }
        cache.set(JSON.stringify(areaKey('', body)), value)
        return { value, network: true }
      },
    }
    const query: QuerySource = {
      peek: async (body) => cache.get(JSON.stringify(queryKey('', body))) as QueryResponse | undefined,
      fetch: async (body, signal) => {
        const value = await this.query(body)
        if (signal.aborted) throw signal.reason
        cache.set(JSON.stringify(queryKey('', body)), value)
        return { value, network: true }
      },
    }
    return { area, query, cache }
  }
}

const oneId = (f: FilterItem): FilterItem =>
  f.field === 'svc_uuid' && Array.isArray(f.value) && f.value.length > 1 ? { ...f, value: f.value.slice(0, 1) } : f

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0
  if (a === null || a === undefined) return 1
  if (b === null || b === undefined) return -1
  return (a as number | string) < (b as number | string) ? -1 : 1
}
