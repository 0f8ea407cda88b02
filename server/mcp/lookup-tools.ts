/**
 * The spec's query and lookups as tools: a query with filters (`POST /parcels/query`), the parcel
 * at a point (`GET /parcels/point`) and parcels at an address (`GET /parcels/address`). Inputs are
 * the contract's (filters, order and paging exactly as the API takes them).
 */
import { z } from 'zod'
import { ADDRESS_MAX_LENGTH, LOOKUP_DEFAULT_LIMIT, LOOKUP_MAX_LIMIT } from '../../contract/limits'
import { type LookupResponse, QueryRequestSchema, type QueryResponse } from '../../contract/schemas'
import { parcelsLink, platLink } from './answer-links'
import type { PlatCalls } from './plat-calls'
import { plural, recordView, type ToolAnswer } from './tool-answer'

const fullRecords = z
  .boolean()
  .default(false)
  .describe('Every field of each record, with its boundary (large); otherwise a summary of each.')

const q = QueryRequestSchema.shape
export const queryInput = {
  filters: q.filters.describe(
    'Filter items {field, op, value}, combined with AND (at most 10). An owner, parcel_id, situs or mail_addr filter needs a state_fp, state or county_fp filter too.',
  ),
  order: q.order,
  limit: q.limit,
  offset: q.offset,
  include_buildings: q.include_buildings,
  full_records: fullRecords,
}
const querySchema = z.object(queryInput)

export function queryParcels(input: z.output<typeof querySchema>, appUrl: string) {
  return async (calls: PlatCalls): Promise<ToolAnswer> => {
    const { full_records, ...body } = input
    const page = await calls.call<QueryResponse>({ method: 'POST', path: '/parcels/query', body })
    const shown = page.results.length
    const from = shown ? `${body.offset + 1}–${body.offset + shown}` : 'none'
    return {
      summary: `${plural(page.count, 'parcel')} match the filters; this answer lists ${from}.`,
      count: page.count,
      link: platLink(appUrl, { filters: body.filters, order: body.order, includeBuildings: body.include_buildings }),
      data: {
        offset: page.offset,
        limit: page.limit,
        results: page.results.map((r) => recordView(r, full_records)),
      },
    }
  }
}

const lookupLimit = z.int().min(1).max(LOOKUP_MAX_LIMIT).default(LOOKUP_DEFAULT_LIMIT)

export const pointInput = {
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  limit: lookupLimit,
  full_records: fullRecords,
}
const pointSchema = z.object(pointInput)

export function parcelAtPoint(input: z.output<typeof pointSchema>, appUrl: string) {
  return async (calls: PlatCalls): Promise<ToolAnswer> => {
    const query = { lat: input.lat, lon: input.lon, limit: input.limit }
    const found = await calls.call<LookupResponse>({ method: 'GET', path: '/parcels/point', query })
    return lookupAnswer(found, `at ${input.lat}, ${input.lon}`, input.full_records, appUrl)
  }
}

export const addressInput = {
  address: z.string().min(1).max(ADDRESS_MAX_LENGTH).describe('A street address; typos are tolerated.'),
  state: z.string().optional().describe('Two letters, to search one state only.'),
  county_fp: z.string().optional().describe('Three-digit county FIPS, to search one county only.'),
  limit: lookupLimit,
  full_records: fullRecords,
}
const addressSchema = z.object(addressInput)

export function parcelsAtAddress(input: z.output<typeof addressSchema>, appUrl: string) {
  return async (calls: PlatCalls): Promise<ToolAnswer> => {
    const { full_records, ...query } = input
    const found = await calls.call<LookupResponse>({ method: 'GET', path: '/parcels/address', query })
    return lookupAnswer(found, `for “${input.address}” (best match first)`, full_records, appUrl)
  }
}

function lookupAnswer(found: LookupResponse, where: string, full: boolean, appUrl: string): ToolAnswer {
  const ids = found.results.map((r) => r.svc_uuid)
  return {
    summary: `${plural(found.count, 'parcel')} ${where}.`,
    count: found.count,
    link: parcelsLink(appUrl, ids),
    data: { results: found.results.map((r) => recordView(r, full)) },
  }
}
