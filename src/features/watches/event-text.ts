/**
 * A watch event in words (docs/watches.md "Events"): one line for the inbox ("Owner changed: SMITH
 * JOHN → DOE FARMS LLC", "Sold for $1,234,000 on 2026-03-02", a value change with its share) and the
 * before/after table an opened event shows. Pure: the server's `before`/`after` are open objects, so
 * every value is read defensively and an unknown one shows as itself.
 */
import { fieldDef } from '../../../contract/fields'
import { landUseClassLabel } from '../../../contract/land-use-classes'
import type { WatchEvent } from '../../../contract/watches/watch-schemas'
import { EMPTY, formatAcres, formatText, formatUsd, isEmptyValue, toNumber } from '../../format/format-value'

type Side = Record<string, unknown> | null

const get = (side: Side, key: string): unknown => (side ? side[key] : undefined)
const text = (v: unknown) => (isEmptyValue(v) ? EMPTY : formatText(v))
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`

/** "+20%", "−12.5%": the change from `a` to `b` as a share of `a` (null when `a` is 0 or missing). */
function changeShare(a: unknown, b: unknown): string | null {
  const from = toNumber(a)
  const to = toNumber(b)
  if (from === null || to === null || from === 0) return null
  const pct = ((to - from) / Math.abs(from)) * 100
  const rounded = Math.round(pct * 10) / 10
  return `${rounded >= 0 ? '+' : '−'}${Math.abs(rounded)}%`
}

function ids(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
}

function landUseText(v: unknown): string {
  return isEmptyValue(v) ? EMPTY : (landUseClassLabel(v) ?? formatText(v))
}

/** The event as one line of the inbox. */
export function eventHeadline(e: WatchEvent): string {
  const { before, after } = e
  switch (e.kind) {
    case 'owner_changed':
      return `Owner changed: ${text(get(before, 'owner'))} → ${text(get(after, 'owner'))}`
    case 'sold': {
      const price = get(after, 'sale_price')
      const date = get(after, 'sale_date')
      const forPrice = isEmptyValue(price) ? 'Sold' : `Sold for ${formatUsd(price)}`
      return isEmptyValue(date) ? forPrice : `${forPrice} on ${formatText(date)}`
    }
    case 'value_changed': {
      const a = get(before, 'parcel_value')
      const b = get(after, 'parcel_value')
      const share = changeShare(a, b)
      return `Value changed: ${formatUsd(a)} → ${formatUsd(b)}${share ? ` (${share})` : ''}`
    }
    case 'acreage_changed': {
      const a = get(before, 'acres')
      const b = get(after, 'acres')
      const share = changeShare(a, b)
      return `Acreage changed: ${formatAcres(a)} → ${formatAcres(b)} acres${share ? ` (${share})` : ''}`
    }
    case 'split_merged': {
      const change = get(after, 'change') ?? get(before, 'change')
      const now = ids(get(after, 'svc_uuids')).length
      const was = ids(get(before, 'svc_uuids')).length
      if (change === 'split') return `Split into ${plural(now, 'parcel')}`
      if (change === 'merged') return `Merged: ${plural(was, 'parcel')} became ${plural(now, 'parcel')}`
      return 'Renumbered: the parcel has a new id'
    }
    case 'land_use_changed':
      return `Land use changed: ${landUseText(get(before, 'land_use_class'))} → ${landUseText(get(after, 'land_use_class'))}`
    case 'entered_area': {
      const owner = get(after, 'owner')
      return isEmptyValue(owner) ? 'Entered the watched area' : `Entered the watched area (owner ${formatText(owner)})`
    }
    case 'left_area':
      return 'Left the watched area'
    case 'removed':
      return 'Parcel removed from the county’s data'
  }
}

/** Where the event happened, as a person names a parcel: its address, else its APN, else its id. */
export function eventPlace(e: WatchEvent): string {
  if (!isEmptyValue(e.situs)) return String(e.situs)
  if (!isEmptyValue(e.parcel_id)) return `APN ${e.parcel_id}`
  return `parcel ${e.svc_uuid.slice(0, 8)}`
}

export interface ChangeRow {
  field: string
  label: string
  before: string
  after: string
}

const LABELS: Record<string, string> = { change: 'Change', svc_uuids: 'Parcel ids' }

function formatField(key: string, v: unknown): string {
  if (isEmptyValue(v)) return EMPTY
  if (key === 'sale_price' || key === 'parcel_value') return formatUsd(v)
  if (key === 'acres') return formatAcres(v)
  if (key === 'land_use_class') return landUseText(v)
  if (Array.isArray(v)) return v.length ? v.map((x) => formatText(x)).join(', ') : EMPTY
  if (typeof v === 'object') return JSON.stringify(v)
  return formatText(v)
}

/** The before/after table: one row per field either side names, in the order they first appear. */
export function changeRows(e: WatchEvent): ChangeRow[] {
  const keys = [...new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})])]
  return keys.map((key) => ({
    field: key,
    label: LABELS[key] ?? fieldDef(key)?.label ?? key,
    before: e.before ? formatField(key, e.before[key]) : EMPTY,
    after: e.after ? formatField(key, e.after[key]) : EMPTY,
  }))
}
