/**
 * An event in words and its link, the same in the Atom feed, the webhook's JSON and the e-mail: one
 * line a person reads, and the address that opens the parcel in the app (the share link's `p`,
 * docs/url-format.md).
 */
import type { WatchEvent } from '../../contract/watches/watch-schemas'

const money = (v: unknown) => (typeof v === 'number' ? `$${v.toLocaleString('en-US')}` : 'none')
const text = (v: unknown) => (v === null || v === undefined || v === '' ? 'none' : String(v))

/** One line a person reads in a feed reader or an e-mail: which parcel, what changed, from what to what. */
export function eventTitle(e: WatchEvent): string {
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

export const parcelLink = (origin: string, svcUuid: string) => `${origin}/?p=${encodeURIComponent(svcUuid)}&v=1`
