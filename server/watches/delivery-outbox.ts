/**
 * The watches' delivery outbox (docs/watches.md "Delivery"). A load writes one row per watch, channel
 * and reload in its own transaction, beside the events (`enqueueDeliveries`); the delivery worker
 * claims due rows after the commit, sends them, and writes each attempt to the delivery log.
 *
 * Why an outbox and not a send from inside the load: a receiver told of a load that then rolled back
 * would act on data that never was, and a slow receiver would hold the county's write transaction
 * (and its locks) open. Why not a send after the commit with nothing written first: a crash or a
 * restart between the commit and the send would lose the delivery. The row commits with the events
 * or not at all, and stays until it is delivered or given up, so a restart only delays it.
 */
import type { DeliveryChannel, WatchEvent } from '../../contract/watches/watch-schemas'
import type { Database, Queryable } from '../db/database'
import { type EventRow, toEvent, type WatchRow } from './watches-repo'

/** The longest wait between two attempts, however many failed. */
const MAX_DELAY_MS = 6 * 3600_000

export interface DeliveryPolicy {
  /** the first retry's delay; each later one doubles it (exponential back-off) */
  retryMs: number
  /** failed attempts in a row after which a watch's channel is disabled */
  maxFailures: number
}

export interface Claimed {
  id: number
  watch_id: string
  channel: DeliveryChannel
  data_version: string
  /** attempts made before this one */
  attempts: number
}

export interface AttemptResult {
  ok: boolean
  status: number | null
  error: string | null
  durationMs: number
}

/** In the load's transaction: a delivery for each watch that got events and has a channel on. */
export async function enqueueDeliveries(tx: Queryable, version: string, watchIds: readonly string[]): Promise<void> {
  if (watchIds.length === 0) return
  await tx.query(
    `INSERT INTO watch_outbox (watch_id, channel, data_version)
     SELECT w.id, c.channel, $1 FROM watches w
     JOIN LATERAL (VALUES ('webhook', w.webhook_url IS NOT NULL AND w.webhook_disabled_at IS NULL),
                          ('email', w.email IS NOT NULL AND w.email_disabled_at IS NULL)) AS c(channel, active) ON c.active
     WHERE w.id = ANY($2::text[])
     ORDER BY w.id, c.channel
     ON CONFLICT (watch_id, channel, data_version) DO NOTHING`,
    [version, watchIds],
  )
}

const retryDelayMs = (attempt: number, policy: DeliveryPolicy) =>
  Math.min(policy.retryMs * 2 ** (attempt - 1), MAX_DELAY_MS)

/**
 * Takes up to `limit` due deliveries of these channels for `leaseMs`: another process (a load's
 * first try beside the server, or a second server instance) skips them; a process that dies while
 * holding them leaves them to be taken again when the lease runs out.
 */
export async function claimDue(
  db: Database,
  o: { channels: readonly DeliveryChannel[]; leaseMs: number; limit: number },
): Promise<Claimed[]> {
  if (o.channels.length === 0) return []
  const rows = await db.query<Claimed & Record<string, unknown>>(
    `UPDATE watch_outbox SET lease_until = now() + $2 * interval '1 millisecond'
     WHERE id IN (SELECT id FROM watch_outbox
                  WHERE state = 'pending' AND next_at <= now() AND (lease_until IS NULL OR lease_until < now())
                    AND channel = ANY($1::text[])
                  ORDER BY next_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
     RETURNING id, watch_id, channel, data_version, attempts`,
    [o.channels, o.leaseMs, o.limit],
  )
  return rows.map((r) => ({ ...r, id: Number(r.id) }))
}

export interface DeliveryContent {
  watch: WatchRow
  events: WatchEvent[]
  /** the reloaded county's name, e.g. "Story County, IA" */
  county: string | null
}

/** What a claimed delivery carries, read when it is sent (an address changed since is honoured). */
export async function deliveryContent(db: Database, d: Claimed): Promise<DeliveryContent | null> {
  const [watch] = await db.query<WatchRow>('SELECT * FROM watches WHERE id = $1', [d.watch_id])
  if (!watch) return null
  const events = await db.query<EventRow>(
    'SELECT * FROM watch_events WHERE watch_id = $1 AND data_version = $2 ORDER BY id',
    [d.watch_id, d.data_version],
  )
  const [load] = await db.query<{ state: string; county: string }>(
    'SELECT state, county FROM change_loads WHERE version = $1 ORDER BY id DESC LIMIT 1',
    [d.data_version],
  )
  return { watch, events: events.map(toEvent), county: load ? `${load.county} County, ${load.state}` : null }
}

/** The channel's address and secret are gone or it is off: the delivery is dropped, no attempt made. */
export async function dropDelivery(db: Database, d: Claimed): Promise<void> {
  await db.query(`UPDATE watch_outbox SET state = 'dropped', lease_until = NULL WHERE id = $1`, [d.id])
}

/**
 * Logs an attempt and moves the delivery on: delivered; or due again after the back-off; or, at the
 * channel's `maxFailures`-th failure in a row, the channel disabled (the watch says why) and its
 * pending deliveries set aside until it is turned on again.
 */
export async function recordAttempt(
  db: Database,
  d: Claimed,
  r: AttemptResult,
  policy: DeliveryPolicy,
): Promise<{ disabled: boolean }> {
  const attempt = d.attempts + 1
  // The column names come from the fixed channel list, never from a request.
  const failures = `${d.channel}_failures`
  return db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO watch_deliveries (outbox_id, watch_id, channel, attempt, ok, status, error, duration_ms)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [d.id, d.watch_id, d.channel, attempt, r.ok, r.status, r.error, Math.round(r.durationMs)],
    )
    if (r.ok) {
      await tx.query(`UPDATE watch_outbox SET state = 'delivered', attempts = $2, lease_until = NULL WHERE id = $1`, [
        d.id,
        attempt,
      ])
      await tx.query(`UPDATE watches SET ${failures} = 0 WHERE id = $1`, [d.watch_id])
      return { disabled: false }
    }
    const [row] = await tx.query<{ n: number }>(
      `UPDATE watches SET ${failures} = ${failures} + 1 WHERE id = $1 RETURNING ${failures} AS n`,
      [d.watch_id],
    )
    if ((row?.n ?? 0) >= policy.maxFailures) {
      const reason = `${row!.n} deliveries in a row failed, the last: ${r.error}. PATCH {"${d.channel}_enabled": true} delivers again, what was held back too.`
      await tx.query(
        `UPDATE watches SET ${d.channel}_disabled_at = coalesce(${d.channel}_disabled_at, now()),
                            ${d.channel}_disabled_reason = coalesce(${d.channel}_disabled_reason, $2)
         WHERE id = $1`,
        [d.watch_id, reason],
      )
      await tx.query(`UPDATE watch_outbox SET attempts = $2 WHERE id = $1`, [d.id, attempt])
      await tx.query(
        `UPDATE watch_outbox SET state = 'dropped', lease_until = NULL
         WHERE watch_id = $1 AND channel = $2 AND state = 'pending'`,
        [d.watch_id, d.channel],
      )
      return { disabled: true }
    }
    await tx.query(
      `UPDATE watch_outbox SET attempts = $2, lease_until = NULL, next_at = now() + $3 * interval '1 millisecond'
       WHERE id = $1`,
      [d.id, attempt, retryDelayMs(attempt, policy)],
    )
    return { disabled: false }
  })
}
