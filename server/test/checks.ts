/** Assertions shared by the query tests: a filter's answer against the local oracle. */
import { expect } from 'vitest'
import { ErrorBodySchema, ValidationErrorBodySchema } from '../../contract/errors'
import { matchesAll, type NullMode } from '../../contract/filter-match'
import { type Filter, ids, type Parcel, queryAll, queryOk } from './data'
import { type ApiResponse, show } from './http'

export interface FilterCheck {
  count: number
  /** which null semantics of ne/nin the answer matched, when the two differ */
  nullMode?: NullMode
}

/**
 * Sends the filters and compares with the oracle over `all`: `count` must be the number of matching
 * records; the first page (limit 100, default order) must be exactly the first 100 matches by
 * svc_uuid; with `walk`, every page is fetched and the whole set compared.
 */
export async function expectFilterAnswer(
  all: readonly Parcel[],
  filters: Filter[],
  options: { walk?: boolean } = {},
): Promise<FilterCheck> {
  const sql = all.filter((r) => matchesAll(r, filters, 'sql'))
  const distinct = all.filter((r) => matchesAll(r, filters, 'distinct'))
  const label = JSON.stringify(filters).slice(0, 400)
  const first = await queryOk({ filters, limit: 100 })
  const candidates: [NullMode, Parcel[]][] = [
    ['sql', sql],
    ['distinct', distinct],
  ]
  const hit = candidates.find(([, expected]) => expected.length === first.count)
  expect(
    hit,
    `${label}: count ${first.count}, expected ${sql.length}${distinct.length !== sql.length ? ` or ${distinct.length}` : ''}`,
  ).toBeDefined()
  const [mode, expected] = hit as [NullMode, Parcel[]]
  expect(ids(first.results), `${label}: first page`).toEqual(ids(expected.slice(0, 100)))
  if (options.walk) {
    const { records } = await queryAll(filters)
    expect(ids(records), `${label}: all pages`).toEqual(ids(expected))
  }
  return { count: first.count, nullMode: sql.length !== distinct.length ? mode : undefined }
}

export function expectErrorBody(res: ApiResponse, status: number): void {
  expect(res.status, show(res)).toBe(status)
  expect(ErrorBodySchema.safeParse(res.body).success, `error body: ${show(res)}`).toBe(true)
}

/** A 422 whose issues include one at exactly `loc`. */
export function expect422At(res: ApiResponse, loc: (string | number)[]): void {
  expect(res.status, show(res)).toBe(422)
  const parsed = ValidationErrorBodySchema.safeParse(res.body)
  expect(parsed.success, `422 body shape: ${show(res)}`).toBe(true)
  const locs = parsed.data?.detail.map((d) => JSON.stringify(d.loc)) ?? []
  expect(locs, show(res)).toContain(JSON.stringify(loc))
}
