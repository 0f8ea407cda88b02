/**
 * A watch's events as an Atom feed (RFC 4287) at its secret address: feed readers cannot send a
 * bearer key, so the unguessable address is the key (192 random bits; docs/watches.md "Atom feed").
 * Each entry links to the parcel in the app (the share link's `p`, docs/url-format.md).
 */
import { Feed } from 'feed'
import type { WatchEvent } from '../../contract/watches/watch-schemas'
import { eventTitle, parcelLink } from './watch-event-words'
import type { WatchRow } from './watches-repo'

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
      link: parcelLink(o.origin, e.svc_uuid),
      date: new Date(e.at),
      description: title,
      content: `<pre>${escapeXml(JSON.stringify({ kind: e.kind, before: e.before, after: e.after, county: e.county, data_version: e.data_version }, null, 2))}</pre>`,
      category: [{ term: e.kind }],
    })
  }
  return feed.atom1()
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
