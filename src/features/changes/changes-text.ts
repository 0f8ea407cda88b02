/**
 * The words of the changes notice (issue 23): the headline ("4 of these 228 parcels changed since
 * Mar 3, 2025: 2 sold, 1 new owner, 1 split") and one line per changed parcel. Pure.
 */
import { CHANGE_LABELS, type ChangeKind, changeCountsText, type ParcelChange } from '../../../contract/changes'
import { formatInteger, formatUsd, formatValue } from '../../format/format-value'
import type { ChangedParcel, ChangesSummary } from './changes-summary'

export const day = (iso: string) => formatValue(iso.slice(0, 10), 'date')

export function headline(summary: ChangesSummary, results: number, since: string): string {
  const n = summary.changed.length
  const of = `${formatInteger(n)}${summary.truncated ? '+' : ''} of ${n === 1 && results === 1 ? 'this' : 'these'} ${formatInteger(results)} parcel${results === 1 ? '' : 's'}`
  if (n === 0)
    return results === 1
      ? `This parcel did not change since ${day(since)}.`
      : `None of these ${formatInteger(results)} parcels changed since ${day(since)}.`
  return `${of} changed since ${day(since)}: ${changeCountsText(summary.counts)}.`
}

export function removedLine(summary: ChangesSummary): string | null {
  const n = summary.removed.length
  return n === 0
    ? null
    : `${formatInteger(n)} parcel${n === 1 ? '' : 's'} in these areas ${n === 1 ? 'was' : 'were'} removed.`
}

export const kindLabel = (k: ChangeKind) => {
  const l = CHANGE_LABELS[k].one
  return l[0]!.toUpperCase() + l.slice(1)
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null)

/** What changed, in words, after the parcel's name (successor links are the component's). */
export function detailOf(item: ChangedParcel): string {
  const c: ParcelChange = item.change
  const before = c.before ?? {}
  const after = c.after ?? {}
  const owner =
    item.facets.includes('new_owner') && text(after.owner)
      ? `${text(before.owner) ?? '—'} → ${text(after.owner)}`
      : null
  switch (c.kind) {
    case 'sold': {
      const when = text(after.sale_date) ? ` ${day(after.sale_date as string)}` : ''
      const price =
        typeof after.sale_price === 'number' && after.sale_price > 0 ? ` for ${formatUsd(after.sale_price)}` : ''
      return [`sold${when}${price}`, owner && `owner ${owner}`].filter(Boolean).join(' · ')
    }
    case 'new_owner':
      return `owner ${owner ?? 'changed'}`
    case 'value_changed':
      return `assessed value ${formatUsd(before.parcel_value)} → ${formatUsd(after.parcel_value)}`
    case 'split':
      return `split into ${c.related.length} parcels`
    case 'merged':
      return `merged from ${c.related.length} parcels`
    case 'renumbered':
      return 'now under a new number'
    case 'added':
      return 'new parcel'
    case 'reshaped':
      return 'boundary changed'
    default:
      return CHANGE_LABELS[c.kind].one
  }
}

/** The parcel's name in the list: its number and address as the log has them. */
export function nameOf(c: ParcelChange): string {
  return [c.parcel_id, c.situs].filter(Boolean).join(' · ') || c.svc_uuid.slice(0, 8)
}
