import { z } from 'zod'
import {
  ADDRESS_MAX_LENGTH,
  DEFAULT_LIMIT,
  LOOKUP_DEFAULT_LIMIT,
  LOOKUP_MAX_LIMIT,
  MAX_FILTERS,
  MAX_LIMIT,
  MAX_OFFSET,
} from './limits'

/** Filter `value` as the spec allows it; its shape for a given `op` is checked in query-rules. */
const FilterValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.union([z.string(), z.number()])),
  z.null(),
])

const FilterItemSchema = z.object({
  field: z.string(),
  op: z.string(),
  value: FilterValueSchema.optional(),
})
export type FilterItem = z.infer<typeof FilterItemSchema>

const OrderItemSchema = z.object({
  field: z.string(),
  direction: z.enum(['asc', 'desc']).default('asc'),
})
export type OrderItem = z.input<typeof OrderItemSchema>

export const QueryRequestSchema = z.object({
  filters: z.array(FilterItemSchema).max(MAX_FILTERS),
  order: OrderItemSchema.nullable().optional(),
  limit: z.int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
  offset: z.int().min(0).max(MAX_OFFSET).default(0),
  include_buildings: z.boolean().default(false),
})
export type QueryRequest = z.input<typeof QueryRequestSchema>
export type ParsedQueryRequest = z.output<typeof QueryRequestSchema>

/**
 * Buildings: the spec names geom, sq_feet, sq_meters and height; occupancy and address names are
 * "not shown" — ours are `occupancy`, `occupancy_code`, `address`, `city`, `state`, `postal`.
 * Clients must tolerate other names.
 */
export const BuildingSchema = z.looseObject({
  geom: z.unknown().optional(),
  sq_feet: z.number().nullable().optional(),
  sq_meters: z.number().nullable().optional(),
  height: z.number().nullable().optional(),
})
export type Building = z.infer<typeof BuildingSchema>

/** A parcel record is an open object; only the identifier is relied on. */
const ParcelRecordSchema = z.looseObject({
  svc_uuid: z.string(),
  buildings: z.array(BuildingSchema).optional(),
})
export type ParcelRecord = z.infer<typeof ParcelRecordSchema> & Record<string, unknown>

export const QueryResponseSchema = z.object({
  results: z.array(ParcelRecordSchema),
  count: z.int().nonnegative(),
  limit: z.int(),
  offset: z.int(),
})
export type QueryResponse = z.infer<typeof QueryResponseSchema>

export const AreaResponseSchema = z.object({ svc_uuids: z.array(z.string()) })
export type AreaResponse = z.infer<typeof AreaResponseSchema>

/** GET /parcels/point and /parcels/address share this shape (our choice; the spec says "not shown"). */
export const LookupResponseSchema = z.object({
  results: z.array(ParcelRecordSchema),
  count: z.int().nonnegative(),
})
export type LookupResponse = z.infer<typeof LookupResponseSchema>

const lookupLimit = z.coerce.number().int().min(1).max(LOOKUP_MAX_LIMIT).default(LOOKUP_DEFAULT_LIMIT)
/** A query-string number: an empty parameter is missing, not 0 (which `z.coerce` would make it). */
const queryNumber = (min: number, max: number) =>
  z.string().trim().min(1, 'a number is required').transform(Number).pipe(z.number().min(min).max(max))
const flag = z
  .enum(['true', 'false', '1', '0'])
  .default('false')
  .transform((v) => v === 'true' || v === '1')

export const PointQuerySchema = z.object({
  lat: queryNumber(-90, 90),
  lon: queryNumber(-180, 180),
  limit: lookupLimit,
  include_buildings: flag,
})
export type PointQuery = z.output<typeof PointQuerySchema>

export const AddressQuerySchema = z.object({
  address: z
    .string()
    .trim()
    .min(1)
    .max(ADDRESS_MAX_LENGTH)
    .refine((s) => !s.includes('\u0000'), 'must not contain the NUL character'),
  limit: lookupLimit,
  state: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((s) => s.toUpperCase())
    .optional(),
  county_fp: z
    .string()
    .regex(/^\d{1,3}$/)
    .transform((s) => s.padStart(3, '0'))
    .optional(),
  include_buildings: flag,
})
export type AddressQuery = z.output<typeof AddressQuerySchema>
