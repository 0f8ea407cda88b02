/** Query helpers and a per-file cache of the whole (small) demo data set, fetched through the API. */

import { readFile } from 'node:fs/promises'
import type { MultiPolygon, Polygon } from 'geojson'
import { expect, inject } from 'vitest'
import { type QueryResponse, QueryResponseSchema } from '../../contract/schemas'
import { type CallOptions, post, show } from './http'

export interface Filter {
  field: string
  op: string
  value?: unknown
}
export interface Order {
  field: string
  direction?: 'asc' | 'desc'
}
export interface QueryBody {
  filters: Filter[]
  order?: Order | null
  limit?: number
  offset?: number
  include_buildings?: boolean
}

export type Parcel = Record<string, unknown> & { svc_uuid: string; geom: Polygon | MultiPolygon }

const PAGE = 100

/** POST /parcels/query that must succeed; the response is parsed with the contract schema. */
export async function queryOk(body: QueryBody, options?: CallOptions): Promise<QueryResponse & { results: Parcel[] }> {
  const res = await post('/parcels/query', body, options)
  expect(res.status, `query ${JSON.stringify(body).slice(0, 300)} → ${show(res)}`).toBe(200)
  return QueryResponseSchema.parse(res.body) as QueryResponse & { results: Parcel[] }
}

/** Walks every page of a query (limit 100, offset += 100) and checks `count` stays the same. */
export async function queryAll(
  filters: Filter[],
  order?: Order,
  pageSize = PAGE,
): Promise<{ records: Parcel[]; count: number }> {
  const first = await queryOk({ filters, order, limit: pageSize, offset: 0 })
  const records = [...first.results]
  for (let offset = pageSize; offset < first.count; offset += pageSize) {
    const page = await queryOk({ filters, order, limit: pageSize, offset })
    expect(page.count, `count changed between pages at offset ${offset}`).toBe(first.count)
    expect(page.results.length).toBe(Math.min(pageSize, first.count - offset))
    records.push(...page.results)
  }
  return { records, count: first.count }
}

let everything: Promise<Parcel[]> | undefined
/** Every parcel of the demo data set (3000 in the test server), in svc_uuid order; paged once by the global setup. */
export function allParcels(): Promise<Parcel[]> {
  everything ??= readFile(inject('allParcelsFile'), 'utf8').then((text) => JSON.parse(text) as Parcel[])
  return everything
}

/** Fetches records by id (chunks of 100, one page each). */
export async function recordsById(ids: readonly string[]): Promise<Parcel[]> {
  const out: Parcel[] = []
  for (let i = 0; i < ids.length; i += PAGE) {
    const chunk = ids.slice(i, i + PAGE)
    const page = await queryOk({ filters: [{ field: 'svc_uuid', op: 'in', value: chunk }], limit: PAGE })
    out.push(...page.results)
  }
  return out
}

export const ids = (records: readonly { svc_uuid: string }[]): string[] => records.map((r) => r.svc_uuid)

export function isSortedUnique(values: readonly string[]): boolean {
  for (let i = 1; i < values.length; i++) if (!((values[i - 1] as string) < (values[i] as string))) return false
  return true
}

/** The most frequent non-null value of a field (ties: the smallest), with its frequency. */
export function mostCommon(records: readonly Parcel[], field: string): { value: unknown; n: number } {
  const counts = new Map<unknown, number>()
  for (const r of records) {
    const v = r[field]
    if (v !== null && v !== undefined) counts.set(v, (counts.get(v) ?? 0) + 1)
  }
  let best: { value: unknown; n: number } = { value: undefined, n: 0 }
  for (const [value, n] of counts) if (n > best.n) best = { value, n }
  return best
}

export const nonNull = (records: readonly Parcel[], field: string): unknown[] =>
  records.map((r) => r[field]).filter((v) => v !== null && v !== undefined)
