/**
 * Parcel Watch (issue 41): our server's extension `/watches` (docs/watches.md). A watch is kept per
 * API key and told, on every county reload, what changed among the parcels it covers; the events
 * come from the change log (contract/changes.ts), so watches spend none of a key's allowance.
 * Shared with the app, which lists, renames, pauses and deletes watches and shows their events.
 */
import { z } from 'zod'
import { MAX_FILTERS } from '../limits'

/** Limits a request is checked against (422 past them; docs/watches.md "Limits"). */
export const WATCH_LIMITS = {
  /** parcels in one parcel watch */
  parcels: 1000,
  /** spellings besides the name in one owner watch */
  variants: 50,
  states: 56,
  nameLength: 200,
  /** watches one key may keep */
  perKey: 200,
  /** parcels an area watch's area and filters may cover when it is made */
  areaParcels: 10_000,
  filters: MAX_FILTERS,
  /** events per page of GET /watches/{id}/events */
  eventsPage: 1000,
  /** delivery attempts GET /watches/{id}/deliveries lists (the newest) */
  deliveries: 100,
} as const

/** A value change below this share of the old value is no event, unless a watch sets its own. */
export const DEFAULT_VALUE_SHARE = 0.1

/**
 * What a watch reports, at most one of each per watch, parcel and reload:
 * - owner_changed: another owner name (spelling, case and a trailing ET AL ignored);
 * - sold: a new sale date or price;
 * - value_changed: `parcel_value` moved by more than the watch's `value_share` of the old value;
 * - acreage_changed: the boundary moved by more than 1 % of its area (acres before and after);
 * - split_merged: the parcel was split, merged or renumbered (`before`/`after` list the ids);
 * - land_use_changed: another land-use class;
 * - entered_area / left_area: an area watch's parcel set gained or lost the parcel;
 * - removed: the parcel is gone and no overlap explains where.
 */
const WATCH_EVENT_KINDS = [
  'owner_changed',
  'sold',
  'value_changed',
  'acreage_changed',
  'split_merged',
  'land_use_changed',
  'entered_area',
  'left_area',
  'removed',
] as const
export type WatchEventKind = (typeof WATCH_EVENT_KINDS)[number]

const Name = z.string().trim().min(1).max(WATCH_LIMITS.nameLength)
const ValueShare = z.number().gt(0).max(100)
const State = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'a two-letter state abbreviation, e.g. IA')
  .transform((s) => s.toUpperCase())
const Filter = z.object({
  field: z.string(),
  op: z.string(),
  value: z
    .union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()])), z.null()])
    .optional(),
})

/**
 * Where a watch's events are POSTed (docs/watches.md "Webhooks"): an http(s) address without
 * credentials in it (the signature is the credential).
 */
const WebhookUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((s) => {
    const u = URL.canParse(s) ? new URL(s) : null
    return (u?.protocol === 'http:' || u?.protocol === 'https:') && !u.username && !u.password
  }, 'an http:// or https:// address without a user name or password in it, e.g. https://example.com/plat-hook')
const Email = z
  .string()
  .trim()
  .max(254)
  .regex(/^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/, 'an e-mail address, e.g. name@example.com')

const Common = {
  name: Name,
  value_share: ValueShare.optional(),
  webhook_url: WebhookUrl.optional(),
  /** needs a server with SMTP_URL set (422 otherwise) */
  email: Email.optional(),
}

export const ParcelsWatchInputSchema = z.strictObject({
  ...Common,
  parcels: z
    .array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a parcel id (svc_uuid)'))
    .min(1)
    .max(WATCH_LIMITS.parcels),
})
export const OwnerWatchInputSchema = z.strictObject({
  ...Common,
  owner: z.string().trim().min(1).max(WATCH_LIMITS.nameLength),
  variants: z.array(z.string().trim().min(1).max(WATCH_LIMITS.nameLength)).max(WATCH_LIMITS.variants).default([]),
  states: z.array(State).min(1).max(WATCH_LIMITS.states),
})
/** `area` is checked as POST /parcels/area checks its body (contract/area-rules.ts). */
export const AreaWatchInputSchema = z.strictObject({
  ...Common,
  area: z.looseObject({ type: z.literal('FeatureCollection') }),
  filters: z.array(Filter).max(WATCH_LIMITS.filters).default([]),
})

export type ParcelsWatchInput = z.output<typeof ParcelsWatchInputSchema>
export type OwnerWatchInput = z.output<typeof OwnerWatchInputSchema>
export type AreaWatchInput = z.output<typeof AreaWatchInputSchema>

export const WatchPatchSchema = z
  .strictObject({
    name: Name.optional(),
    paused: z.boolean().optional(),
    value_share: ValueShare.optional(),
    /** a new address (and a new secret, answered once) or null: no webhook */
    webhook_url: WebhookUrl.nullable().optional(),
    /** true: deliver again after the webhook was disabled; false: stop delivering */
    webhook_enabled: z.boolean().optional(),
    email: Email.nullable().optional(),
    email_enabled: z.boolean().optional(),
  })
  .refine(
    (p) => Object.keys(p).length > 0,
    'give name, paused, value_share, webhook_url, webhook_enabled, email or email_enabled',
  )
export type WatchPatch = z.output<typeof WatchPatchSchema>

const WATCH_KINDS = ['parcels', 'owner', 'area'] as const
const DeliveryStop = z.object({ at: z.string(), reason: z.string() })

export const WatchSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(WATCH_KINDS),
  paused: z.boolean(),
  value_share: z.number(),
  created_at: z.string(),
  /** the watch's Atom feed: a secret address (anyone holding it reads the events, no key needed) */
  feed_url: z.string(),
  parcels: z.array(z.string()).optional(),
  owner: z.string().optional(),
  variants: z.array(z.string()).optional(),
  states: z.array(z.string()).optional(),
  area: z.looseObject({ type: z.literal('FeatureCollection') }).optional(),
  filters: z.array(Filter).optional(),
  /** parcels the area and filters cover now (area watches) */
  area_parcels: z.int().optional(),
  webhook_url: z.string().nullable().optional(),
  /** the key the webhook's signatures are made with: answered only when the address is set */
  webhook_secret: z.string().optional(),
  /** why and since when the webhook delivers nothing (failures in a row, or turned off); null: it delivers */
  webhook_disabled: DeliveryStop.nullable().optional(),
  email: z.string().nullable().optional(),
  email_disabled: DeliveryStop.nullable().optional(),
})
export type Watch = z.infer<typeof WatchSchema>

export const WatchListSchema = z.object({ watches: z.array(WatchSchema) })

/** The values an event compares; which appear depends on its kind. */
const EventSide = z.record(z.string(), z.unknown()).nullable()

const WatchEventSchema = z.object({
  /** the event's position in the watch's log: `after=` pages on from it */
  id: z.int(),
  svc_uuid: z.string(),
  kind: z.enum(WATCH_EVENT_KINDS),
  before: EventSide,
  after: EventSide,
  /** five-digit county FIPS code */
  county: z.string(),
  parcel_id: z.string().nullable(),
  situs: z.string().nullable(),
  /** the data version the reload made (GET /coverage), and when it was committed */
  data_version: z.string(),
  at: z.string(),
})
export type WatchEvent = z.infer<typeof WatchEventSchema>

export const WatchEventsResponseSchema = z.object({
  events: z.array(WatchEventSchema),
  /** pass as `after=` for the next page; null on the last page */
  next: z.int().nullable(),
})
export type WatchEventsResponse = z.infer<typeof WatchEventsResponseSchema>

export const DELIVERY_CHANNELS = ['webhook', 'email'] as const
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number]

/** One attempt to deliver a reload's events for a watch (GET /watches/{id}/deliveries). */
const WatchDeliverySchema = z.object({
  /** the delivery (its `X-Plat-Delivery` header); every retry of it keeps the id */
  delivery: z.int(),
  channel: z.enum(DELIVERY_CHANNELS),
  /** 1 for the first try of this delivery, then 2, 3, … */
  attempt: z.int(),
  ok: z.boolean(),
  /** the receiver's HTTP status (webhooks); null when none came or for e-mail */
  status: z.int().nullable(),
  /** what went wrong, in words; null when it worked */
  error: z.string().nullable(),
  at: z.string(),
  duration_ms: z.int(),
  /** the reload whose events it carried, and how many */
  data_version: z.string(),
  events: z.int(),
})
export type WatchDelivery = z.infer<typeof WatchDeliverySchema>

export const WatchDeliveriesResponseSchema = z.object({
  /** newest first */
  deliveries: z.array(WatchDeliverySchema),
})
