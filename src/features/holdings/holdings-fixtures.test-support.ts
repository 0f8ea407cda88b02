/**
 * Test support: a small parcel world and an in-memory server with the reference server's query
 * semantics (the contract's checks, filters ANDed, `count` = total matches, svc_uuid order, limit ≤
 * 100, offset ≤ 10,000) and point lookups, behind memory-cached sources keyed like the app's, so
 * tests count the calls that would reach the network.
 */
import booleanPointInPolygon from '@turf/boolean-point-in-polygon'
import type { Polygon } from 'geojson'
import { matchesAll } from '../../../contract/filter-match'
import { checkQueryRequest } from '../../../contract/query-rules'
import type { LookupResponse, ParcelRecord, QueryRequest, QueryResponse } from '../../../contract/schemas'
import { apiErrorFromResponse } from '../../api/api-error'
import { pointKey, queryKey } from '../../api/request-key'
import type { PointRequest, PointSourceLike, QuerySourceLike } from '../../calls/runner'

/** A lon/lat square of `size` degrees with its lower-left corner at (x, y). */
export function square(x: number, y: number, size = 0.01): Polygon {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [x, y],
        [x + size, y],
        [x + size, y + size],
        [x, y + size],
        [x, y],
      ],
    ],
  }
}

let next = 0
export function parcel(fields: Partial<ParcelRecord> & { geom?: Polygon }): ParcelRecord {
  next++
  const hex = next.toString(16).padStart(12, '0')
  return {
    svc_uuid: `00000000-0000-4000-8000-${hex}`,
    state: 'IA',
    state_fp: '19',
    county: 'Story',
    county_fp: '169',
    acres_calc: 10,
    ...fields,
  } as ParcelRecord
}

export class FakeParcels {
  readonly queries: QueryRequest[] = []
  readonly points: PointRequest[] = []
  /** Refuse `state in` as a scope (a server reading rule 3 as one state). */
  strictScope = false

  constructor(readonly records: ParcelRecord[]) {}

  query(body: QueryRequest): QueryResponse {
    this.queries.push(body)
    const check = checkQueryRequest(body)
    if (!check.ok) throw apiErrorFromResponse(check.status, { detail: check.detail }, '')
    if (this.strictScope && body.filters.some((f) => f.field === 'state' && f.op === 'in'))
      throw apiErrorFromResponse(400, { detail: 'missing required scope: one state' }, '')
    const q = check.query
    const matches = this.records
      .filter((r) => matchesAll(r, q.filters))
      .sort((a, b) => (a.svc_uuid < b.svc_uuid ? -1 : 1))
    return {
      results: matches.slice(q.offset, q.offset + q.limit),
      count: matches.length,
      limit: q.limit,
      offset: q.offset,
    }
  }

  point(p: PointRequest): LookupResponse {
    this.points.push(p)
    const results = this.records.filter(
      (r) => r.geom && booleanPointInPolygon([p.lon, p.lat], r.geom as Polygon, { ignoreBoundary: false }),
    )
    return { results, count: results.length }
  }

  /** Cached sources like the app's (memory only), counting network calls in `queries`/`points`. */
  sources(): { query: QuerySourceLike; point: PointSourceLike; cache: Map<string, unknown> } {
    const cache = new Map<string, unknown>()
    const qk = (b: QueryRequest) => JSON.stringify(queryKey('', b))
    const pk = (p: PointRequest) => JSON.stringify(pointKey('', p))
    return {
      cache,
      query: {
        peek: async (b) => cache.get(qk(b)) as QueryResponse | undefined,
        fetch: async (b) => {
          const value = this.query(b)
          cache.set(qk(b), value)
          return { value, network: true }
        },
      },
      point: {
        peek: async (p) => cache.get(pk(p)) as LookupResponse | undefined,
        fetch: async (p) => {
          const value = this.point(p)
          cache.set(pk(p), value)
          return { value, network: true }
        },
      },
    }
  }
}
