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

export interface ParcelRecord extends Record<string, unknown> {
  svc_uuid: string
  buildings?: Building[]
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * A parcel record is an open object; only the identifier (and the buildings, when asked for) is
 * relied on. Checked in place rather than as a `z.looseObject`, which copies each of a record's 100+
 * keys into a new object: the record passes through unchanged either way, and the copies cost a
 * 10,000-parcel search ~0.3 s of browser CPU (bench:app), taken from the search itself.
 */
const ParcelRecordSchema = z.custom<ParcelRecord>().superRefine((v, ctx) => {
  if (!isPlainObject(v)) {
    ctx.addIssue({ code: 'custom', message: 'expected a parcel record (an object)' })
    return
  }
  if (typeof v.svc_uuid !== 'string') {
    ctx.addIssue({ code: 'custom', path: ['svc_uuid'], message: 'expected a string' })
  }
  if (v.buildings === undefined) return
  if (!Array.isArray(v.buildings)) {
    ctx.addIssue({ code: 'custom', path: ['buildings'], message: 'expected an array' })
    return
  }
  v.buildings.forEach((b, i) => {
    const checked = BuildingSchema.safeParse(b)
    if (checked.success) return
    for (const issue of checked.error.issues) {
      ctx.addIssue({ code: 'custom', path: ['buildings', i, ...issue.path], message: issue.message })
    }
  })
})

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
