import type { Watch } from '../../contract/watches/watch-schemas'
import { specOf, type WatchRow } from './watches-repo'

/** A stored watch as the API shows it; `origin` makes its feed's address absolute. */
export function toWatch(row: WatchRow, origin: string): Watch {
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
  }
}
