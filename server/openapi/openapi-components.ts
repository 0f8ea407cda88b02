/**
 * The document's named schemas: the contract's zod schemas as they are, named with `.meta({ id })`
 * (which returns a copy, so contract/ and the app's bundle stay untouched), and the answers the
 * generator cannot read from the contract's hand-checked record swapped for doc-schemas.ts's.
 * Made once per process: zod's global registry refuses an id twice.
 */
import type { ResponseConfig } from '@asteasolutions/zod-to-openapi'
import { ChangesResponseSchema } from '../../contract/changes'
import { ErrorBodySchema, ValidationErrorBodySchema } from '../../contract/errors'
import {
  AreaResponseSchema,
  BuildingSchema,
  LookupResponseSchema,
  QueryRequestSchema,
  QueryResponseSchema,
} from '../../contract/schemas'
import { CoverageResponseSchema } from '../../contract/tiles'
import { AreaRequestDoc, ParcelRecordDoc, ParseQueryAnswerDoc } from './doc-schemas'

const Building = BuildingSchema.meta({ id: 'Building' })
const ParcelRecord = ParcelRecordDoc.extend({
  buildings: Building.array().optional().meta({
    description: 'only with `include_buildings`: every parcel has it then (empty when none); absent otherwise',
  }),
}).meta({ id: 'ParcelRecord' })
export const QueryRequest = QueryRequestSchema.meta({ id: 'QueryRequest' })
export const QueryResponse = QueryResponseSchema.extend({ results: ParcelRecord.array() }).meta({ id: 'QueryResponse' })
export const LookupResponse = LookupResponseSchema.extend({ results: ParcelRecord.array() }).meta({
  id: 'LookupResponse',
  description: 'GET /parcels/point and /parcels/address: `count` is the number returned.',
})
export const AreaRequest = AreaRequestDoc.meta({ id: 'AreaRequest' })
export const AreaResponse = AreaResponseSchema.meta({ id: 'AreaResponse' })
export const CoverageResponse = CoverageResponseSchema.meta({ id: 'CoverageResponse' })
export const ChangesResponse = ChangesResponseSchema.meta({ id: 'ChangesResponse' })
export const ParseQueryAnswer = ParseQueryAnswerDoc.meta({ id: 'ParseQueryAnswer' })
const ErrorBody = ErrorBodySchema.meta({
  id: 'ErrorBody',
  description: 'Every error but 422: `detail`, a sentence a person can read.',
})
const ValidationErrorBody = ValidationErrorBodySchema.meta({
  id: 'ValidationErrorBody',
  description: '422: each issue with `loc` (starting at "body" or "query"), `msg` and `type`.',
})

const WHY: Record<number, string> = {
  304: 'Not modified (If-None-Match matched the ETag).',
  400: 'Invalid field, invalid operator, or missing geographic scope (the spec); or a rule of this endpoint.',
  401: 'API key missing or malformed.',
  403: 'Key valid but inactive, or its plan does not include this endpoint.',
  404: 'Not here: in proxy mode, or not in demo mode.',
  413: 'Body over 4 MiB.',
  422: 'The request fails schema validation; `loc` points at the fault.',
  409: 'The key already keeps the most watches it may.',
  429: "The key's monthly allowance (requests or records) is spent.",
  501: 'Not available in this mode (proxy mode has no change log).',
  503: 'Too expensive, busy or the database restarting: retry later (see Retry-After when sent).',
}

const json = (schema: typeof ErrorBody | typeof ValidationErrorBody) => ({ 'application/json': { schema } })

/** The documented error answers of an operation, by status. */
export function errors(...statuses: (keyof typeof WHY)[]): Record<string, ResponseConfig> {
  return Object.fromEntries(
    statuses.map((s) => {
      const description = WHY[s] ?? ''
      if (s === 304) return [String(s), { description }]
      return [String(s), { description, content: json(s === 422 ? ValidationErrorBody : ErrorBody) }]
    }),
  )
}

/** Every endpoint behind a key answers these (spec "Authentication", "Errors"). */
export const KEY_ERRORS = [401, 403, 429] as const
