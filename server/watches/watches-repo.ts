/**
 * Watches kept per API key: every read and write names the key, so one key never sees, changes or
 * deletes another's (an id of someone else's watch reads as unknown).
 */
import { randomBytes } from 'node:crypto'
import type { FilterItem } from '../../contract/schemas'
import {
  type AreaWatchInput,
  DEFAULT_VALUE_SHARE,
  DELIVERY_CHANNELS,
  type DeliveryChannel,
  type OwnerWatchInput,
  type ParcelsWatchInput,
  WATCH_LIMITS,
  type WatchDelivery,
  type WatchEvent,
  type WatchEventKind,
  type WatchPatch,
} from '../../contract/watches/watch-schemas'
import type { Database } from '../db/database'
import { buildWhere } from '../db/filter-sql'

export type WatchSpec =
  | { kind: 'parcels'; parcels: string[] }
  | { kind: 'owner'; owner: string; variants: string[]; states: string[] }
  | { kind: 'area'; area: AreaWatchInput['area']; filters: FilterItem[] }

export interface WatchRow extends Record<string, unknown> {
  id: string
  key_id: string
  name: string
  kind: WatchSpec['kind']
  spec: WatchSpec | string
  value_share: number
  paused: boolean
  feed_secret: string
  created_at: string | Date
  area_parcels?: number | null
  /** the address the watch was made at: its links' and feed's origin when no request is at hand */
  origin: string | null
  webhook_url: string | null
  webhook_secret: string | null
  webhook_failures: number
  webhook_disabled_at: string | Date | null
  webhook_disabled_reason: string | null
  email: string | null
  email_failures: number
  email_disabled_at: string | Date | null
  email_disabled_reason: string | null
}

export type NewWatch =
  | (ParcelsWatchInput & { kind: 'parcels' })
  | (OwnerWatchInput & { kind: 'owner' })
  | (AreaWatchInput & { kind: 'area' })

export const specOf = (row: WatchRow): WatchSpec =>
  typeof row.spec === 'string' ? (JSON.parse(row.spec) as WatchSpec) : row.spec

/** The parcels an area watch covers: its area and filters, over every loaded county or one. */
export function areaMembersSql(watchParam: string, filters: readonly FilterItem[], params: unknown[], county?: string) {
  const where = buildWhere(filters, params)
  return `SELECT p.svc_uuid, p.state_fp, p.county_fp FROM parcels p, watches w
          WHERE w.id = ${watchParam} AND p.geom && w.area AND ST_Intersects(p.geom, w.area)${county ?? ''} AND ${where}`
}

const SELECT = `SELECT w.*, (SELECT count(*)::int FROM watch_members m WHERE m.watch_id = w.id) AS area_parcels FROM watches w`

export type CreateResult = { ok: true; row: WatchRow } | { ok: false; status: 409 | 422; detail: string }

/**
 * `canEmail`: the server has SMTP_URL, so a watch may have an `email`. `privateWebhooks`:
 * WATCH_WEBHOOKS_PRIVATE=on, so a `webhook_url` may name a private address (webhook-target.ts).
 */
export function watchesRepo(
  db: Database,
  { timeoutMs, canEmail, privateWebhooks }: { timeoutMs: number; canEmail: boolean; privateWebhooks: boolean },
) {
  const opts = { timeoutMs }
  return {
    canEmail,
    privateWebhooks,
    async create(keyId: string, input: NewWatch, origin: string): Promise<CreateResult> {
      const id = `w_${randomBytes(12).toString('base64url')}`
      const secret = randomBytes(24).toString('base64url')
      const webhookSecret = input.webhook_url ? newWebhookSecret() : null
      const spec: WatchSpec =
        input.kind === 'parcels'
          ? { kind: 'parcels', parcels: [...new Set(input.parcels)] }
          : input.kind === 'owner'
            ? { kind: 'owner', owner: input.owner, variants: input.variants, states: [...new Set(input.states)] }
            : { kind: 'area', area: input.area, filters: input.filters as FilterItem[] }
      return db
        .transaction(async (tx): Promise<CreateResult> => {
          const [count] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM watches WHERE key_id = $1', [
            keyId,
          ])
          if ((count?.n ?? 0) >= WATCH_LIMITS.perKey)
            return {
              ok: false,
              status: 409,
              detail: `This key keeps ${WATCH_LIMITS.perKey} watches, the most it may; delete one first.`,
            }
          await tx.query(
            `INSERT INTO watches (id, key_id, name, kind, spec, value_share, feed_secret, origin, webhook_url, webhook_secret, email)
           VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10, $11)`,
            [
              id,
              keyId,
              input.name,
              spec.kind,
              JSON.stringify(spec),
              input.value_share ?? DEFAULT_VALUE_SHARE,
              secret,
              origin,
              input.webhook_url ?? null,
              webhookSecret,
              input.email ?? null,
            ],
          )
          if (spec.kind === 'area') {
            // The drawn shapes as one valid multipolygon: the members' query and every reload's
            // entered/left check test parcels against it.
            await tx.query(
              `UPDATE watches SET area = (
                 SELECT ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_Union(
                   ST_SetSRID(ST_GeomFromGeoJSON((f->'geometry')::text), 4326))), 3))
                 FROM jsonb_array_elements($2::jsonb->'features') f)
               WHERE id = $1`,
              [id, JSON.stringify(spec.area)],
            )
            const params: unknown[] = [id]
            const [n] = await tx.query<{ n: number }>(
              `WITH ins AS (INSERT INTO watch_members (watch_id, svc_uuid, state_fp, county_fp)
                          SELECT $1, m.svc_uuid, m.state_fp, m.county_fp FROM (${areaMembersSql('$1', spec.filters, params)}) m
                          RETURNING 1)
             SELECT count(*)::int AS n FROM ins`,
              params,
            )
            if ((n?.n ?? 0) > WATCH_LIMITS.areaParcels) {
              throw new AreaTooLargeError(n!.n)
            }
          }
          const [row] = await tx.query<WatchRow>(`${SELECT} WHERE w.id = $1`, [id])
          return { ok: true, row: row! }
        })
        .catch((e: unknown) => {
          if (e instanceof AreaTooLargeError)
            return {
              ok: false,
              status: 422,
              detail: `The area and filters cover ${e.parcels.toLocaleString('en-US')} parcels; an area watch covers at most ${WATCH_LIMITS.areaParcels.toLocaleString('en-US')}. Draw a smaller area or add filters.`,
            } as const
          throw e
        })
    },
    list: (keyId: string) =>
      db.query<WatchRow>(`${SELECT} WHERE w.key_id = $1 ORDER BY w.created_at, w.id`, [keyId], opts),
    async get(keyId: string, id: string): Promise<WatchRow | null> {
      const rows = await db.query<WatchRow>(`${SELECT} WHERE w.key_id = $1 AND w.id = $2`, [keyId, id], opts)
      return rows[0] ?? null
    },
    async bySecret(secret: string): Promise<WatchRow | null> {
      const rows = await db.query<WatchRow>(`${SELECT} WHERE w.feed_secret = $1`, [secret], opts)
      return rows[0] ?? null
    },
    async update(keyId: string, id: string, patch: WatchPatch): Promise<WatchRow | null> {
      const { sets, params } = patchSets(patch)
      const found = await db.transaction(async (tx) => {
        const rows = await tx.query<{ id: string }>(
          `UPDATE watches SET ${sets.join(', ')} WHERE key_id = $1 AND id = $2 RETURNING id`,
          [keyId, id, ...params],
        )
        if (!rows.length) return false
        // Turned on again: what was not delivered while it was off is delivered now (delivery-outbox.ts).
        for (const channel of DELIVERY_CHANNELS)
          if (patch[`${channel}_enabled`] === true)
            await tx.query(
              `UPDATE watch_outbox SET state = 'pending', next_at = now() WHERE watch_id = $1 AND channel = $2 AND state = 'dropped'`,
              [id, channel],
            )
        return true
      })
      return found ? this.get(keyId, id) : null
    },
    async remove(keyId: string, id: string): Promise<boolean> {
      const rows = await db.query('DELETE FROM watches WHERE key_id = $1 AND id = $2 RETURNING id', [keyId, id], opts)
      return rows.length > 0
    },
    /** The watch's latest delivery attempts, newest first. */
    async deliveries(watchId: string): Promise<WatchDelivery[]> {
      const rows = await db.query<DeliveryRow>(
        `SELECT d.*, o.data_version,
                (SELECT count(*)::int FROM watch_events e WHERE e.watch_id = o.watch_id AND e.data_version = o.data_version) AS events
         FROM watch_deliveries d JOIN watch_outbox o ON o.id = d.outbox_id
         WHERE d.watch_id = $1 ORDER BY d.id DESC LIMIT $2`,
        [watchId, WATCH_LIMITS.deliveries],
        opts,
      )
      return rows.map((r) => ({
        delivery: Number(r.outbox_id),
        channel: r.channel,
        attempt: r.attempt,
        ok: r.ok,
        status: r.status,
        error: r.error,
        at: new Date(r.at).toISOString(),
        duration_ms: r.duration_ms,
        data_version: r.data_version,
        events: Number(r.events),
      }))
    },
    /** The watch's latest `n` events, oldest first (its feed). */
    async latestEvents(watchId: string, n: number): Promise<WatchEvent[]> {
      const rows = await db.query<EventRow>(
        'SELECT e.* FROM watch_events e WHERE e.watch_id = $1 ORDER BY e.id DESC LIMIT $2',
        [watchId, n],
        opts,
      )
      return rows.map(toEvent).reverse()
    },
    /** The watch's events after the one numbered `since` (0: from the first), oldest first. */
    async events(watchId: string, o: { since: number; limit: number }): Promise<WatchEvent[]> {
      const rows = await db.query<EventRow>(
        'SELECT e.* FROM watch_events e WHERE e.watch_id = $1 AND e.id > $2 ORDER BY e.id LIMIT $3',
        [watchId, o.since, o.limit],
        opts,
      )
      return rows.map(toEvent)
    },
  }
}
export type WatchesRepo = ReturnType<typeof watchesRepo>

/** The key a webhook's signatures are made with (docs/watches.md "Verifying a delivery"). */
const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`

/** The SET list of a PATCH; its parameters follow the key and id ($1, $2). */
function patchSets(patch: WatchPatch): { sets: string[]; params: unknown[] } {
  const sets: string[] = []
  const params: unknown[] = []
  const set = (column: string, value: unknown) => {
    params.push(value)
    sets.push(`${column} = $${params.length + 2}`)
  }
  if (patch.name !== undefined) set('name', patch.name)
  if (patch.paused !== undefined) set('paused', patch.paused)
  if (patch.value_share !== undefined) set('value_share', patch.value_share)
  if (patch.webhook_url !== undefined) {
    set('webhook_url', patch.webhook_url)
    // A new address gets a new secret (answered once) and a clean slate of failures.
    set('webhook_secret', patch.webhook_url === null ? null : newWebhookSecret())
  }
  if (patch.email !== undefined) set('email', patch.email)
  for (const channel of DELIVERY_CHANNELS) {
    const enabled = patch[`${channel}_enabled`]
    const replaced = channel === 'webhook' ? patch.webhook_url !== undefined : patch.email !== undefined
    if (enabled === true || (replaced && enabled === undefined))
      sets.push(`${channel}_failures = 0`, `${channel}_disabled_at = NULL`, `${channel}_disabled_reason = NULL`)
    else if (enabled === false) {
      sets.push(`${channel}_disabled_at = coalesce(${channel}_disabled_at, now())`)
      set(
        `${channel}_disabled_reason`,
        `turned off (PATCH {"${channel}_enabled": false}); {"${channel}_enabled": true} turns it on`,
      )
    }
  }
  return { sets, params }
}

interface DeliveryRow extends Record<string, unknown> {
  outbox_id: string | number
  channel: DeliveryChannel
  attempt: number
  ok: boolean
  status: number | null
  error: string | null
  at: string | Date
  duration_ms: number
  data_version: string
  events: number | string
}

class AreaTooLargeError extends Error {
  constructor(readonly parcels: number) {
    super('area too large')
  }
}

export interface EventRow extends Record<string, unknown> {
  id: string | number
  svc_uuid: string
  kind: WatchEventKind
  before: Record<string, unknown> | string | null
  after: Record<string, unknown> | string | null
  state_fp: string
  county_fp: string
  parcel_id: string | null
  situs: string | null
  data_version: string
  at: string | Date
}

const json = (v: Record<string, unknown> | string | null) => (typeof v === 'string' ? JSON.parse(v) : v)

export const toEvent = (r: EventRow): WatchEvent => ({
  id: Number(r.id),
  svc_uuid: r.svc_uuid,
  kind: r.kind,
  before: json(r.before),
  after: json(r.after),
  county: r.state_fp + r.county_fp,
  parcel_id: r.parcel_id,
  situs: r.situs,
  data_version: r.data_version,
  at: new Date(r.at).toISOString(),
})
