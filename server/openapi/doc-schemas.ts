/**
 * Zod schemas for the answers and inputs the contract checks by hand or not at all (the area body is
 * checked ring by ring in contract/area-rules.ts, a record in place for speed, /changes' query by
 * its route), written here for the document only, so nothing the browser loads grows. Every schema
 * the contract has in zod is used as it is (openapi-components.ts).
 */
import { z } from 'zod'
import { CHANGES_PAGE } from '../../contract/changes'
import { FIELDS, type FieldDef } from '../../contract/fields'
import { AREA_MAX_FEATURES } from '../../contract/limits'
import type { FilterItem } from '../../contract/schemas'

const fieldValue = (f: FieldDef) =>
  (f.group === 'numeric' ? z.number().nullable() : z.string().nullable()).meta({
    description: `${f.meaning}${f.extension ? ' (our extension)' : ''}`,
  })

/**
 * A parcel record: an open object (the spec: additional properties allowed). The contract checks
 * only `svc_uuid` and `buildings` (contract/schemas.ts, in place for speed); the queryable fields
 * are listed from the catalog so a reader sees their types.
 */
export const ParcelRecordDoc = z
  .looseObject({
    ...Object.fromEntries(FIELDS.map((f) => [f.name, fieldValue(f).optional()])),
    svc_uuid: z.string().meta({ description: 'parcel identifier (UUID)' }),
    geom: z.unknown().optional().meta({ description: 'the boundary, GeoJSON (EPSG:4326, 6 decimals)' }),
  })
  .meta({ description: 'A parcel record: the queryable fields and 100+ others (docs/api.md "Records").' })

const Position = z.array(z.number()).min(2).meta({ description: '[longitude, latitude] (a third number is ignored)' })
const Ring = z.array(Position).min(4).meta({ description: 'a closed ring: the last position repeats the first' })
const Polygon = z.object({ type: z.literal('Polygon'), coordinates: z.array(Ring).min(1) })
const MultiPolygon = z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(Ring).min(1)).min(1) })

/** The area body's shape; the ring rules (closed, in range, not crossing, holes inside) are 422s of their own. */
export const AreaRequestDoc = z.object({
  type: z.literal('FeatureCollection'),
  features: z
    .array(
      z.object({
        type: z.literal('Feature'),
        geometry: z.union([Polygon, MultiPolygon]),
        properties: z.record(z.string(), z.unknown()).nullable(),
      }),
    )
    .max(AREA_MAX_FEATURES),
})

const Span = z.object({ start: z.int(), end: z.int() }).meta({ description: 'characters [start, end) of `q`' })
const FilterRow = z.object({
  field: z.string(),
  op: z.string(),
  value: z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()]))]),
}) satisfies z.ZodType<FilterItem>

/** `GET /parse-query` (server/words/parse-query-routes.ts; the parse's types are contract/words/words-types.ts). */
export const ParseQueryAnswerDoc = z.object({
  filters: z.array(FilterRow).meta({ description: 'rows POST /parcels/query takes as they are (scope rows included)' }),
  spans: z.array(Span),
  scope: z
    .object({
      kind: z.enum(['state', 'county']),
      fips: z.string(),
      name: z.string(),
      state: z.string(),
      span: Span,
    })
    .nullable(),
  area: z.object({ kind: z.enum(['around-me', 'view', 'drawn']), miles: z.number().optional(), span: Span }).nullable(),
  order: z.object({ field: z.string(), direction: z.enum(['asc', 'desc']), span: Span }).nullable(),
  theme: z.object({ id: z.string(), span: Span }).nullable(),
  unknown: z.array(z.object({ text: z.string(), span: Span, reason: z.string().optional() })),
  link: z.string().meta({ description: 'a Plat link (path and query) that opens this search, not run' }),
})

export const ChangesQueryDoc = z.object({
  since: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .meta({ description: 'a data version, as GET /coverage reports it' }),
  state: z.string().optional().meta({ description: 'a two-letter state abbreviation' }),
  county: z
    .string()
    .optional()
    .meta({ description: 'a county FIPS code: three digits with `state`, or all five digits' }),
  bbox: z.string().optional().meta({ description: 'west,south,east,north in degrees' }),
  id: z.string().optional().meta({ description: 'one parcel (svc_uuid)' }),
  limit: z
    .int()
    .min(1)
    .max(CHANGES_PAGE.max)
    .optional()
    .meta({ description: `changes per page (default ${CHANGES_PAGE.default})` }),
  after: z.int().min(0).optional().meta({ description: "the previous page's `next`" }),
})

export const TilePathDoc = z.object({
  z: z.int().min(0).max(16),
  x: z.int().min(0),
  y: z.int().min(0),
})

export const StatusDoc = z.object({ status: z.string() })
export const DemoKeyDoc = z.object({ key: z.string() })

const UsageCounts = z.record(z.string(), z.number())
/** `GET /proxy/usage` (server/proxy/usage-route.ts, proxy-usage.ts). */
export const ProxyUsageDoc = z.object({
  month: z.string(),
  upstream: z.object({ calls: z.number(), failed_calls: z.number(), records: z.number() }),
  served_from_cache: z.object({ requests: z.number(), records: z.number() }),
  coalesced: z.object({ requests: z.number(), records: z.number() }),
  by_endpoint: z.record(z.string(), UsageCounts),
  cache: z.object({ entries: z.number(), bytes: z.number(), max_bytes: z.number(), ttl_hours: z.number() }),
  upstream_url: z.string(),
})
