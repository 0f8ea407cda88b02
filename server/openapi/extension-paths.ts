/**
 * Every endpoint server/app.ts mounts beyond the spec's four (docs/api.md "Extensions"): tiles,
 * coverage, changes, parse-query, health and readiness, the demo key, proxy mode's usage, and this
 * document with its reference page. A route added to app.ts without an entry here fails
 * openapi-document.test.ts, which walks the app's routes.
 */
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi'
import { z } from 'zod'
import { PARCEL_TILE_MAX_ZOOM, PARCEL_TILE_MIN_ZOOM, TILE_CONTENT_TYPE } from '../../contract/tiles'
import { ChangesQueryDoc, DemoKeyDoc, ProxyUsageDoc, StatusDoc, TilePathDoc } from './doc-schemas'
import { ChangesResponse, CoverageResponse, errors, ParseQueryAnswer } from './openapi-components'

const JSON_BODY = 'application/json'
const json = (schema: z.ZodType) => ({ [JSON_BODY]: { schema } })
const NO_KEY: Record<string, string[]>[] = []
const etag = { ETag: { description: 'Revalidate with If-None-Match.', schema: { type: 'string' as const } } }

export function registerExtensionPaths(registry: OpenAPIRegistry): void {
  registry.registerPath({
    method: 'get',
    path: '/tiles/parcels/{z}/{x}/{y}.mvt',
    operationId: 'parcelTile',
    tags: ['Map'],
    summary: 'A parcel vector tile',
    description: `Mapbox Vector Tile 2.1 (layers \`parcels\`, \`places\`, \`texture\`), made from z${PARCEL_TILE_MIN_ZOOM} to z${PARCEL_TILE_MAX_ZOOM}; below z${PARCEL_TILE_MIN_ZOOM} empty. Needs a plan with \`tiles\`; never counted against the allowance. \`?v=<coverage version>\` makes it immutable. Not in proxy mode (404).`,
    request: {
      params: TilePathDoc,
      query: z.object({ v: z.string().optional().meta({ description: "the coverage's `version`" }) }),
    },
    responses: {
      200: {
        description: 'The tile (an empty body below the first zoom).',
        headers: {
          ...etag,
          'X-Tile-Detail': {
            description: '`full`, or `reduced; tolerance=…px; smallest=…px` when the size cap took detail out.',
            schema: { type: 'string' },
          },
        },
        content: { [TILE_CONTENT_TYPE]: { schema: { type: 'string', contentMediaType: TILE_CONTENT_TYPE } } },
      },
      ...errors(304, 400, 401, 403, 404),
    },
  })
  registry.registerPath({
    method: 'get',
    path: '/coverage',
    operationId: 'coverage',
    tags: ['Map'],
    summary: 'The counties this server holds, its data version and extensions',
    description:
      'Any valid, active key, never counted; no key needed where the server shows the app (its page holds the coverage already). Not in proxy mode (404).',
    security: [{ bearerAuth: [] }, {}],
    responses: {
      200: { description: 'The coverage.', headers: etag, content: json(CoverageResponse) },
      ...errors(304, 401, 403, 404),
    },
  })
  registry.registerPath({
    method: 'get',
    path: '/changes',
    operationId: 'changes',
    tags: ['Map'],
    summary: 'What reloads changed since a data version',
    description:
      'The loads after `since` and their changed parcels (split, merged, sold, new owner, …), oldest first, paged by `after`. Any valid, active key, never counted. An unknown version → 400 naming the current one. Not in proxy mode (404).',
    request: { query: ChangesQueryDoc },
    responses: {
      200: { description: 'The changes.', content: json(ChangesResponse) },
      ...errors(400, 401, 403, 404, 422),
    },
  })
  registry.registerPath({
    method: 'get',
    path: '/parse-query',
    operationId: 'parseQuery',
    tags: ['Words'],
    summary: 'A sentence as a search',
    description:
      'Turns a question such as "corn over 80 acres in Story County" into filter rows POST /parcels/query takes as they are, with the scope, area, order and theme the words name, the words it could not place, and a Plat link. Any valid, active key, never counted. Missing `q` → 422.',
    request: { query: z.object({ q: z.string().meta({ description: 'the question in words' }) }) },
    responses: {
      200: { description: 'The parse.', content: json(ParseQueryAnswer) },
      ...errors(401, 403, 422),
    },
  })
  registry.registerPath({
    method: 'get',
    path: '/proxy/usage',
    operationId: 'proxyUsage',
    tags: ['Operator'],
    summary: "Proxy mode: a month's upstream calls and what the cache saved",
    description:
      "Only in proxy mode, for the server's operator key (404 otherwise). `month` is YYYY-MM (UTC), default the current one.",
    request: {
      query: z.object({
        month: z
          .string()
          .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
          .optional(),
      }),
    },
    responses: {
      200: { description: 'The usage report.', content: json(ProxyUsageDoc) },
      ...errors(401, 403, 404, 422),
    },
  })
  registry.registerPath({
    method: 'get',
    path: '/demo-key',
    operationId: 'demoKey',
    tags: ['Server'],
    summary: 'The demo key (demo mode only)',
    description: 'The key the app uses on a fresh clone; 404 when the server is not in demo mode.',
    security: NO_KEY,
    responses: { 200: { description: 'The key.', content: json(DemoKeyDoc) }, ...errors(404) },
  })
  registry.registerPath({
    method: 'get',
    path: '/healthz',
    operationId: 'health',
    tags: ['Server'],
    summary: 'The process answers',
    description: 'Never waits on the database.',
    security: NO_KEY,
    responses: { 200: { description: '`{"status":"ok"}`', content: json(StatusDoc) } },
  })
  registry.registerPath({
    method: 'get',
    path: '/readyz',
    operationId: 'ready',
    tags: ['Server'],
    summary: 'The database answers too',
    security: NO_KEY,
    responses: {
      200: {
        description:
          '`{"status":"ready"}`; with read replicas (DATABASE_REPLICA_URLS) also `replicas` (each: `name`, `in_use`, `reason` when skipped, `lag_ms`, `reads`) and `reads_on_primary`.',
        content: json(StatusDoc),
      },
      ...errors(503),
    },
  })
  registry.registerPath({
    method: 'get',
    path: '/openapi.json',
    operationId: 'openapi',
    tags: ['Server'],
    summary: 'This document (OpenAPI 3.1)',
    security: NO_KEY,
    responses: {
      200: {
        description: 'The document.',
        headers: etag,
        content: { [JSON_BODY]: { schema: { type: 'object' } } },
      },
      ...errors(304),
    },
  })
  registry.registerPath({
    method: 'get',
    path: '/docs',
    operationId: 'docs',
    tags: ['Server'],
    summary: 'The API reference page (this document, rendered)',
    security: NO_KEY,
    responses: { 200: { description: 'An HTML page.', content: { 'text/html': { schema: { type: 'string' } } } } },
  })
}
