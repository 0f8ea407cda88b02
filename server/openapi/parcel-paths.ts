/**
 * The spec's four endpoints (shared/spec/parcel-api.md "Endpoints") with its rules in words where
 * JSON Schema cannot hold them (operators by field group, the scope rule), and our choices where it
 * says "not shown" (docs/api.md). Examples are run against the demo data by openapi.api.test.ts.
 */
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi'
import { FIELDS, type FieldGroup, GROUP_OPERATORS, SCOPE_FIELDS, SCOPED_FIELDS } from '../../contract/fields'
import { MAX_FILTERS } from '../../contract/limits'
import { AddressQuerySchema, PointQuerySchema } from '../../contract/schemas'
import {
  AreaRequest,
  AreaResponse,
  errors,
  KEY_ERRORS,
  LookupResponse,
  QueryRequest,
  QueryResponse,
} from './openapi-components'
import { AREA_EXAMPLES, QUERY_EXAMPLES } from './openapi-examples'

const GROUP_TITLES: Record<FieldGroup, string> = {
  text: 'Text fields',
  numeric: 'Numeric fields',
  id: 'Identifier and categorical fields',
}
const code = (s: string) => `\`${s}\``

/** The field tables of the spec, from the catalog: each group with its operators. */
function fieldTables(): string {
  return (Object.keys(GROUP_TITLES) as FieldGroup[])
    .map((group) => {
      const fields = FIELDS.filter((f) => f.group === group)
        .map((f) => `${code(f.name)}${f.extension ? ' (our extension)' : ''}`)
        .join(', ')
      return `- **${GROUP_TITLES[group]}** (operators ${GROUP_OPERATORS[group].map(code).join(', ')}): ${fields}`
    })
    .join('\n')
}

const QUERY_RULES = `Filters parcels by field values and returns full records, sorted and paged.

Rules (the spec's, and ours where it says "not shown"):
1. All filters (at most ${MAX_FILTERS}) are combined with AND. Only the operators of a field's group are valid for it:

${fieldTables()}

   An unknown field, an operator not valid for the field, or an unknown \`order.field\` → 400.
2. A filter on ${SCOPED_FIELDS.map(code).join(', ')} needs a filter on ${SCOPE_FIELDS.map(code).join(', ')} too; otherwise 400 (missing required scope).
3. \`value\` by operator: \`eq\`/\`ne\` a string or number; \`gt\`…\`lte\` a number; \`between\` \`[min, max]\` (inclusive); \`in\`/\`nin\` an array; \`ilike\` a string (case-insensitive substring); \`isnull\` \`true\`/\`false\`. A value of the wrong shape → 422 at \`["body","filters",i,"value"]\`.
4. A body that violates the schema (no \`filters\`, \`limit\` outside 1–100, \`offset\` outside 0–10000, more than ${MAX_FILTERS} filters, a direction outside asc/desc) → 422.
5. \`count\` is the total number of matching records. Without \`order\`, records come by \`svc_uuid\`; ties are broken by \`svc_uuid\` and nulls sort last, so offset paging never repeats or skips.
6. With \`include_buildings: true\` every parcel has \`buildings\`; otherwise the key is absent.

Typical flow: an area search, then \`svc_uuid\` \`in\` the returned identifiers (pages of at most 100 records).`

const AREA_RULES = `The identifiers of every parcel whose geometry intersects the polygons (their union: a parcel is listed once, in ascending order).

Polygon and MultiPolygon features (properties may be null). Caps → 422 with \`loc\`: 100 features, 100,000 vertices per request, 50,000 per feature, 20,000 positions per ring, 1,000 holes, 1,000 polygons per MultiPolygon. Rings must be closed, hold \`[lon, lat]\` in range, enclose area and not cross; holes must lie inside their outer ring. An area matching more than 100,000 parcels → 400 (draw a smaller area). More than 2 area searches running for one key → 503 with Retry-After.`

const JSON_BODY = 'application/json'

export function registerParcelPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'post',
    path: '/parcels/area',
    operationId: 'searchArea',
    tags: ['Parcels'],
    summary: 'Identifiers of the parcels intersecting polygons',
    description: AREA_RULES,
    request: { body: { required: true, content: { [JSON_BODY]: { schema: AreaRequest, examples: AREA_EXAMPLES } } } },
    responses: {
      200: { description: 'The intersecting parcels.', content: { [JSON_BODY]: { schema: AreaResponse } } },
      ...errors(400, ...KEY_ERRORS, 413, 422, 503),
    },
  })
  registry.registerPath({
    method: 'post',
    path: '/parcels/query',
    operationId: 'queryParcels',
    tags: ['Parcels'],
    summary: 'Parcel records by filter',
    description: QUERY_RULES,
    request: { body: { required: true, content: { [JSON_BODY]: { schema: QueryRequest, examples: QUERY_EXAMPLES } } } },
    responses: {
      200: { description: 'A page of records.', content: { [JSON_BODY]: { schema: QueryResponse } } },
      ...errors(400, ...KEY_ERRORS, 413, 422, 503),
    },
  })
  registry.registerPath({
    method: 'get',
    path: '/parcels/point',
    operationId: 'parcelsAtPoint',
    tags: ['Parcels'],
    summary: 'Parcels at a point',
    description:
      'The parcels whose boundary contains or touches the point (our choice of names and shape; the spec says "not shown"). `include_buildings` takes true/false/1/0.',
    request: { query: PointQuerySchema },
    responses: {
      200: { description: 'The parcels there.', content: { [JSON_BODY]: { schema: LookupResponse } } },
      ...errors(...KEY_ERRORS, 422, 503),
    },
  })
  registry.registerPath({
    method: 'get',
    path: '/parcels/address',
    operationId: 'parcelsAtAddress',
    tags: ['Parcels'],
    summary: 'Parcels by street address',
    description:
      'Fuzzy (trigram) match against the full situs address, best first; tolerates typos. Text with fewer than 3 letters or digits → 422 at `["query","address"]`. `state` narrows to a state, `county_fp` (with it) to a county. At most 2,000 candidates are ranked (1,000 holding every word of 3+ letters or digits, 1,000 fuzzy matches): a text matching more parcels is ranked among the first found.',
    request: { query: AddressQuerySchema },
    responses: {
      200: { description: 'The best matches.', content: { [JSON_BODY]: { schema: LookupResponse } } },
      ...errors(...KEY_ERRORS, 422, 503),
    },
  })
}
