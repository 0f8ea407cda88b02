/**
 * Examples in the document, chosen to answer with parcels on the demo data (Story County, Iowa:
 * server/demo-data/counties.ts and towns.ts), so "Try it out" on a fresh `npm start` shows records.
 * openapi.api.test.ts sends every one of them and checks the answer against the document.
 */
import type { ZodMediaTypeObject } from '@asteasolutions/zod-to-openapi'
import type { QueryRequest } from '../../contract/schemas'

type Examples = NonNullable<ZodMediaTypeObject['examples']>

const query = (summary: string, value: QueryRequest) => ({ summary, value })

export const QUERY_EXAMPLES: Examples = {
  corn: query('Corn fields of 40 acres or more in Story County, Iowa, largest first', {
    filters: [
      { field: 'state_fp', op: 'eq', value: '19' },
      { field: 'county_fp', op: 'eq', value: '169' },
      { field: 'cdl_majority_category', op: 'eq', value: 'Corn' },
      { field: 'acres', op: 'gte', value: 40 },
    ],
    order: { field: 'acres', direction: 'desc' },
    limit: 20,
  }),
  owner: query('Owners named like "farm" in Iowa (an owner filter needs a scope)', {
    filters: [
      { field: 'owner', op: 'ilike', value: 'farm' },
      { field: 'state', op: 'eq', value: 'IA' },
    ],
    limit: 10,
  }),
  sold: query('Sold for $100,000 to $500,000, with buildings', {
    filters: [{ field: 'sale_price', op: 'between', value: [100000, 500000] }],
    include_buildings: true,
    limit: 5,
  }),
}

/** A square of about 1.6 km around Nevada, Iowa, the demo's Story County town. */
const NEVADA_IA: [number, number][] = [
  [-93.46, 42.015],
  [-93.44, 42.015],
  [-93.44, 42.03],
  [-93.46, 42.03],
  [-93.46, 42.015],
]

export const AREA_EXAMPLES: Examples = {
  nevada: {
    summary: 'A square around Nevada, Iowa',
    value: {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [NEVADA_IA] } }],
    },
  },
}

/** Query and path parameter examples by path; the contract's zod schemas carry none. */
export const PARAMETER_EXAMPLES: Record<string, Record<string, string | number>> = {
  '/parcels/point': { lat: '42.023', lon: '-93.452' },
  '/parcels/address': { address: 'E MAPLE ST NEVADA', state: 'IA' },
  '/tiles/parcels/{z}/{x}/{y}.mvt': { z: 13, x: 1969, y: 3040 },
  '/parse-query': { q: 'corn over 80 acres in Story County, largest first' },
  '/changes': { since: 'empty', state: 'IA' },
  '/proxy/usage': { month: '2026-01' },
}
