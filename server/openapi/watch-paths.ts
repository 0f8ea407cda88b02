/**
 * Parcel Watch's endpoints (docs/watches.md), from the contract's zod schemas. Every one but the feed
 * takes any valid, active key and is never counted; in proxy mode they all answer 501.
 */
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi'
import { z } from 'zod'
import {
  AreaWatchInputSchema,
  OwnerWatchInputSchema,
  ParcelsWatchInputSchema,
  WATCH_LIMITS,
  WatchDeliveriesResponseSchema,
  WatchEventsResponseSchema,
  WatchListSchema,
  WatchPatchSchema,
  WatchSchema,
} from '../../contract/watches/watch-schemas'
import { errors } from './openapi-components'

const json = (schema: z.ZodType) => ({ 'application/json': { schema } })
const Watch = WatchSchema.meta({ id: 'Watch' })
const WatchList = WatchListSchema.extend({ watches: Watch.array() }).meta({ id: 'WatchList' })
const NewWatch = z
  .union([
    ParcelsWatchInputSchema.meta({ id: 'ParcelsWatchInput' }),
    OwnerWatchInputSchema.meta({ id: 'OwnerWatchInput' }),
    AreaWatchInputSchema.meta({ id: 'AreaWatchInput' }),
  ])
  .meta({ id: 'NewWatch' })
const WatchEvents = WatchEventsResponseSchema.meta({ id: 'WatchEvents' })
const WatchPatch = WatchPatchSchema.meta({ id: 'WatchPatch' })
const WatchDeliveries = WatchDeliveriesResponseSchema.meta({ id: 'WatchDeliveries' })
const IdParam = z.object({ id: z.string().meta({ description: 'the watch’s id' }) })
const NO_KEY: Record<string, string[]>[] = []

export function registerWatchPaths(registry: OpenAPIRegistry): void {
  const tags = ['Watches']
  registry.registerPath({
    method: 'post',
    path: '/watches',
    operationId: 'createWatch',
    tags,
    summary: 'Watch parcels, an owner or an area',
    description: `One of \`parcels\` (at most ${WATCH_LIMITS.parcels}), \`owner\` (+ \`variants\`, \`states\`) or \`area\` (a FeatureCollection checked as POST /parcels/area checks it, + \`filters\`; at most ${WATCH_LIMITS.areaParcels} parcels). A key keeps at most ${WATCH_LIMITS.perKey} watches (409 past it). A \`webhook_url\` naming a private, loopback or link-local address or \`localhost\` is a 422 unless the server allows private webhooks; other names are checked at each sending. Never counted. 501 in proxy mode.`,
    request: { body: { content: json(NewWatch) } },
    responses: {
      201: {
        description: 'The watch, with its feed address (and its webhook’s secret, answered only now).',
        content: json(Watch),
      },
      ...errors(401, 403, 409, 413, 422, 501),
    },
  })
  registry.registerPath({
    method: 'get',
    path: '/watches',
    operationId: 'listWatches',
    tags,
    summary: 'The key’s watches',
    responses: { 200: { description: 'Oldest first.', content: json(WatchList) }, ...errors(401, 403, 501) },
  })
  registry.registerPath({
    method: 'get',
    path: '/watches/{id}',
    operationId: 'getWatch',
    tags,
    summary: 'One of the key’s watches',
    request: { params: IdParam },
    responses: { 200: { description: 'The watch.', content: json(Watch) }, ...errors(401, 403, 404, 501) },
  })
  registry.registerPath({
    method: 'patch',
    path: '/watches/{id}',
    operationId: 'updateWatch',
    tags,
    summary: 'Rename, pause or resume a watch, set its value share, webhook or e-mail',
    description:
      'A new `webhook_url` is answered with a new `webhook_secret`, once. `webhook_enabled: true` (or `email_enabled`) delivers again after failures disabled it, what was held back too.',
    request: { params: IdParam, body: { content: json(WatchPatch) } },
    responses: { 200: { description: 'The watch.', content: json(Watch) }, ...errors(401, 403, 404, 422, 501) },
  })
  registry.registerPath({
    method: 'delete',
    path: '/watches/{id}',
    operationId: 'deleteWatch',
    tags,
    summary: 'Delete a watch and its events',
    request: { params: IdParam },
    responses: { 204: { description: 'Deleted.' }, ...errors(401, 403, 404, 501) },
  })
  registry.registerPath({
    method: 'get',
    path: '/watches/{id}/events',
    operationId: 'watchEvents',
    tags,
    summary: 'What reloads changed among the watched parcels',
    description: `Events after the one numbered \`since\` (default 0: all), oldest first, at most \`limit\` (default and most ${WATCH_LIMITS.eventsPage}); \`next\` pages on.`,
    request: {
      params: IdParam,
      query: z.object({
        since: z.string().optional().meta({ description: 'the last event id seen' }),
        limit: z
          .string()
          .optional()
          .meta({ description: `events per page, 1–${WATCH_LIMITS.eventsPage}` }),
      }),
    },
    responses: { 200: { description: 'The events.', content: json(WatchEvents) }, ...errors(401, 403, 404, 422, 501) },
  })
  registry.registerPath({
    method: 'get',
    path: '/watches/{id}/deliveries',
    operationId: 'watchDeliveries',
    tags,
    summary: 'The watch’s webhook and e-mail delivery log',
    description: `Every attempt to deliver a reload's events, newest first (the latest ${WATCH_LIMITS.deliveries}): channel, attempt, whether it worked, the receiver's status and what went wrong in words.`,
    request: { params: IdParam },
    responses: {
      200: { description: 'The attempts.', content: json(WatchDeliveries) },
      ...errors(401, 403, 404, 501),
    },
  })
  registry.registerPath({
    method: 'get',
    path: '/watches/feed/{secret}',
    operationId: 'watchFeed',
    tags,
    summary: 'A watch’s events as an Atom feed',
    description: 'No key: the secret address (a watch’s `feed_url`) is the key, for feed readers that cannot send one.',
    security: NO_KEY,
    request: { params: z.object({ secret: z.string() }) },
    responses: {
      200: {
        description: 'Atom 1.0 (RFC 4287), the latest 200 events.',
        content: { 'application/atom+xml': { schema: { type: 'string' } } },
      },
      ...errors(404, 501),
    },
  })
}
