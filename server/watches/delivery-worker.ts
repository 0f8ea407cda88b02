/**
 * Sends the outbox's due deliveries (delivery-outbox.ts): the server runs it every WATCH_POLL_MS
 * while it serves, and the load command runs one pass right after its commit, so a delivery usually
 * leaves within a second of the reload; whatever fails waits for the server's back-off.
 */
import type { DeliveryChannel } from '../../contract/watches/watch-schemas'
import type { ServerConfig } from '../config'
import type { Database } from '../db/database'
import {
  type Claimed,
  claimDue,
  type DeliveryContent,
  type DeliveryPolicy,
  deliveryContent,
  dropDelivery,
  recordAttempt,
} from './delivery-outbox'
import { createMailer, type Mailer } from './email-send'
import { parcelLink } from './watch-event-words'
import { postWebhook } from './webhook-send'

/** Deliveries one pass takes at once (sent side by side). */
const BATCH = 20

export interface DeliverySettings extends DeliveryPolicy {
  timeoutMs: number
  pollMs: number
  /** WATCH_WEBHOOKS_PRIVATE: webhooks may go to loopback and private addresses (webhook-target.ts) */
  privateWebhooks: boolean
  /** e-mail: none without SMTP_URL (its deliveries wait in the outbox for a server that has one) */
  smtp: { url: string; from: string } | null
}

export const deliverySettings = (c: ServerConfig): DeliverySettings => ({
  retryMs: c.WATCH_RETRY_MS,
  maxFailures: c.WATCH_MAX_FAILURES,
  timeoutMs: c.WATCH_DELIVERY_TIMEOUT_MS,
  pollMs: c.WATCH_POLL_MS,
  privateWebhooks: c.WATCH_WEBHOOKS_PRIVATE === 'on',
  smtp: c.SMTP_URL ? { url: c.SMTP_URL, from: c.WATCH_EMAIL_FROM } : null,
})

const mailerOf = (s: DeliverySettings) =>
  s.smtp ? createMailer(s.smtp.url, { from: s.smtp.from, timeoutMs: s.timeoutMs }) : null

interface Senders {
  signal: AbortSignal
  log: (line: string) => void
  mailer: Mailer | null
}

interface Pass {
  sent: number
  failed: number
  claimed: number
}

/** One pass over the due deliveries; an attempt cut short by `signal` is not logged (it is retried). */
async function deliverDue(db: Database, s: DeliverySettings, o: Senders): Promise<Pass> {
  const channels: DeliveryChannel[] = o.mailer ? ['webhook', 'email'] : ['webhook']
  // The lease outlasts an attempt, so no second process takes a delivery still being sent.
  const claimed = await claimDue(db, { channels, leaseMs: s.timeoutMs * 2 + 5000, limit: BATCH })
  const results = await Promise.all(claimed.map((d) => deliverOne(db, s, d, o)))
  return {
    claimed: claimed.length,
    sent: results.filter((r) => r === 'sent').length,
    failed: results.filter((r) => r === 'failed').length,
  }
}

async function deliverOne(
  db: Database,
  s: DeliverySettings,
  d: Claimed,
  o: Senders,
): Promise<'sent' | 'failed' | 'dropped' | 'stopped'> {
  const content = await deliveryContent(db, d)
  const send = content && sender(s, d, content, o)
  if (!send) {
    await dropDelivery(db, d)
    return 'dropped'
  }
  const result = await send()
  if (o.signal.aborted) return 'stopped'
  const { disabled } = await recordAttempt(db, d, result, s)
  if (disabled) o.log(`Watch ${d.watch_id}: its ${d.channel} is disabled after ${s.maxFailures} failures in a row.`)
  return result.ok ? 'sent' : 'failed'
}

/** How this delivery is sent, or null when its channel has no address any more or is off. */
function sender(s: DeliverySettings, d: Claimed, content: DeliveryContent, o: Senders) {
  const { watch } = content
  if (d.channel === 'email') {
    const { mailer } = o
    if (!mailer || !watch.email || watch.email_disabled_at) return null
    return () => mailer.send(watch.email!, content)
  }
  if (!watch.webhook_url || !watch.webhook_secret || watch.webhook_disabled_at) return null
  return () =>
    postWebhook(watch.webhook_url!, watch.webhook_secret!, webhookPayload(d, content), {
      timeoutMs: s.timeoutMs,
      signal: o.signal,
      allowPrivate: s.privateWebhooks,
    })
}

/** The webhook's JSON (docs/watches.md "Webhooks"): the reload's events for the watch, each with its link. */
function webhookPayload(d: Claimed, { watch, events, county }: DeliveryContent) {
  const origin = watch.origin ?? ''
  return {
    type: 'watch.events',
    delivery: d.id,
    sent_at: new Date().toISOString(),
    watch: { id: watch.id, name: watch.name, url: `${origin}/watches/${watch.id}` },
    county,
    data_version: d.data_version,
    events: events.map((e) => ({ ...e, link: parcelLink(origin, e.svc_uuid) })),
  }
}

/** The server's loop: a pass every `pollMs`, at once again after a full one; `stop` cuts attempts short. */
export function startDeliveryWorker(db: Database, s: DeliverySettings, log: (line: string) => void) {
  const stopping = new AbortController()
  const mailer = mailerOf(s)
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()
  const pass = async () => {
    try {
      while (!stopping.signal.aborted) {
        const { claimed } = await deliverDue(db, s, { signal: stopping.signal, log, mailer })
        if (claimed < BATCH) break
      }
    } catch (e) {
      if (!stopping.signal.aborted) log(`Watch deliveries: ${(e as Error).message}`)
    }
    if (!stopping.signal.aborted) timer = setTimeout(() => (running = pass()), s.pollMs)
  }
  running = pass()
  return {
    async stop() {
      stopping.abort()
      clearTimeout(timer)
      await running
      mailer?.close()
    },
  }
}

/** The load command's one pass after its commit: the first try, at once; the server retries failures. */
export async function deliverAfterCommit(db: Database, s: DeliverySettings, log: (line: string) => void) {
  const mailer = mailerOf(s)
  const { sent, failed } = await deliverDue(db, s, { signal: new AbortController().signal, log, mailer }).finally(() =>
    mailer?.close(),
  )
  if (sent || failed)
    log(
      `Watches: ${sent} deliver${sent === 1 ? 'y' : 'ies'} sent${failed ? `, ${failed} failed (the server retries)` : ''}.`,
    )
}
