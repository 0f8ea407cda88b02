import type { Watch } from '../../contract/watches/watch-schemas'
import { specOf, type WatchRow } from './watches-repo'

const stop = (at: string | Date | null, reason: string | null) =>
  at ? { at: new Date(at).toISOString(), reason: reason ?? 'turned off' } : null

/**
 * A stored watch as the API shows it; `origin` makes its feed's address absolute. The webhook's
 * secret is answered only by the request that set the address (`withSecret`), never again.
 */
export function toWatch(row: WatchRow, origin: string, o: { withSecret?: boolean } = {}): Watch {
  const spec = specOf(row)
  const { kind: _, ...what } = spec
  return {
    id: row.id,
    name: row.name,
    kind: spec.kind,
    paused: row.paused,
    value_share: Number(row.value_share),
    created_at: new Date(row.created_at).toISOString(),
    feed_url: `${origin}/watches/feed/${row.feed_secret}`,
    ...what,
    ...(spec.kind === 'area' ? { area_parcels: Number(row.area_parcels ?? 0) } : {}),
    webhook_url: row.webhook_url,
    ...(o.withSecret && row.webhook_secret ? { webhook_secret: row.webhook_secret } : {}),
    webhook_disabled: row.webhook_url ? stop(row.webhook_disabled_at, row.webhook_disabled_reason) : null,
    email: row.email,
    email_disabled: row.email ? stop(row.email_disabled_at, row.email_disabled_reason) : null,
  }
}
