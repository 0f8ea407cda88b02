/**
 * A watch's events as an Atom feed (RFC 4287) at its secret address: feed readers cannot send a
 * bearer key, so the unguessable address is the key (192 random bits; docs/watches.md "Atom feed").
 * Each entry links to the parcel in the app (the share link's `p`, docs/url-format.md).
 */
import { Feed } from 'feed'
import type { WatchEvent } from '../../contract/watches/watch-schemas'
import type { WatchRow } from './watches-repo'

const money = (v: unknown) => (typeof v === 'number' ? `$${v.toLocaleString('en-US')}` : 'none')
const text = (v: unknown) => (v === null || v === undefined || v === '' ? 'none' : String(v))

/** One line a person reads in a feed reader or an e-mail: which parcel, what changed, from what to what. */
function eventTitle(e: WatchEvent): string {
  const parcel = e.parcel_id ? `Parcel ${e.parcel_id}` : `Parcel ${e.svc_uuid}`
  const b = e.before ?? {}
  const a = e.after ?? {}
  switch (e.kind) {
    case 'owner_changed':
      return `${parcel}: new owner ${text(a.owner)} (was ${text(b.owner)})`
    case 'sold':
      return `${parcel}: sold ${text(a.sale_date)} for ${money(a.sale_price)} (before: ${text(b.sale_date)}, ${money(b.sale_price)})`
    case 'value_changed':
      return `${parcel}: value ${money(a.parcel_value)} (was ${money(b.parcel_value)})`
    case 'acreage_changed':
      return `${parcel}: ${text(a.acres)} acres (was ${text(b.acres)})`
    case 'split_merged':
      return `${parcel}: ${text(a.change)} (${(b.svc_uuids as string[]).length} → ${(a.svc_uuids as string[]).length} parcels)`
    case 'land_use_changed':
      return `${parcel}: land use ${text(a.land_use_class)} (was ${text(b.land_use_class)})`
    case 'entered_area':
      return `${parcel} entered the area`
    case 'left_area':
      return `${parcel} left the area`
    case 'removed':
      return `${parcel} was removed`
  }
}

export function watchFeed(watch: WatchRow, events: readonly WatchEvent[], o: { origin: string; self: string }): string {
  const created = new Date(watch.created_at)
  const feed = new Feed({
    id: `${o.origin}/watches/${watch.id}`,
    title: `Plat watch: ${watch.name}`,
    description: 'What changed among the watched parcels at each county reload.',
    link: `${o.origin}/`,
    updated: events.length ? new Date(events.at(-1)!.at) : created,
    feedLinks: { atom: o.self },
    author: { name: 'Plat' },
    copyright: 'County parcel records as published by each county.',
    generator: 'Plat',
  })
  for (const e of [...events].reverse()) {
    const title = eventTitle(e)
    feed.addItem({
      id: `${o.origin}/watches/${watch.id}/events/${e.id}`,
      title,
      link: `${o.origin}/?p=${encodeURIComponent(e.svc_uuid)}&v=1`,
      date: new Date(e.at),
      description: title,
      content: `<pre>${escapeXml(JSON.stringify({ kind: e.kind, before: e.before, after: e.after, county: e.county, data_version: e.data_version }, null, 2))}</pre>`,
      category: [{ term: e.kind }],
    })
  }
  return feed.atom1()
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
