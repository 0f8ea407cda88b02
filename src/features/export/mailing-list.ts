/**
 * One row per owner for a mailing. Owners are grouped by a normalised key (name + mailing address,
 * ignoring case, spacing and punctuation, ZIP+4 cut to 5 digits) because county data spells the
 * same owner "SMITH, JOHN A." and "Smith John A" across parcels.
 */
import type { ParcelRecord } from '../../../contract/schemas'
import { csvDocument } from '../../../formats/csv'
import { recordedAcres } from '../../format/acreage'

export interface MailingEntry {
  key: string
  name: string
  /** One-line address as sent (`mail_addr`), or built from the parts when that is missing. */
  mailAddress: string
  address1: string
  city: string
  state: string
  zip: string
  parcelCount: number
  /** Sum of `acres`, rounded to 2 decimals; parcels without acres add nothing. */
  totalAcres: number
}

export interface MailingList {
  entries: MailingEntry[]
  /** Loaded parcels that had no owner name and were left out. */
  withoutOwner: number
  parcels: number
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '')

function normaliseKeyPart(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

function addressKey(e: Omit<MailingEntry, 'key' | 'parcelCount' | 'totalAcres'>): string {
  // Prefer the parts: they are what the label prints, and `mail_addr` formatting varies by county.
  if (e.address1) return normaliseKeyPart(`${e.address1} ${e.city} ${e.state} ${e.zip.slice(0, 5)}`)
  return normaliseKeyPart(e.mailAddress)
}

export function buildMailingList(rows: readonly (ParcelRecord | undefined)[]): MailingList {
  const byKey = new Map<string, MailingEntry & { acres: number }>()
  let withoutOwner = 0
  let parcels = 0
  for (const r of rows) {
    if (!r) continue
    parcels++
    const name = text(r.owner).replace(/\s+/g, ' ')
    if (!normaliseKeyPart(name)) {
      withoutOwner++
      continue
    }
    const parts = { address1: text(r.mail_address1), city: text(r.mail_city), state: text(r.mail_state) }
    const zip = text(r.mail_zip)
    const mailAddress =
      text(r.mail_addr) ||
      [parts.address1, parts.city, [parts.state, zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')
    const base = { name, mailAddress, ...parts, zip }
    const key = `${normaliseKeyPart(name)}|${addressKey(base)}`
    const acres = recordedAcres(r) ?? 0
    const found = byKey.get(key)
    if (found) {
      found.parcelCount++
      found.acres += acres
    } else {
      byKey.set(key, { key, ...base, parcelCount: 1, totalAcres: 0, acres })
    }
  }
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true, ignorePunctuation: true })
  const entries = [...byKey.values()]
    .map(({ acres, ...e }) => ({ ...e, totalAcres: Math.round(acres * 100) / 100 }))
    .sort((a, b) => collator.compare(a.name, b.name) || collator.compare(a.mailAddress, b.mailAddress))
  return { entries, withoutOwner, parcels }
}

export const MAILING_CSV_HEADER = [
  'owner',
  'mail_address1',
  'mail_city',
  'mail_state',
  'mail_zip',
  'mail_addr',
  'parcel_count',
  // The county's acres (format/acreage.ts): named, as every total is, so no one reads them as measured.
  'total_recorded_acres',
] as const

export function mailingCsv(entries: readonly MailingEntry[], bom = true): string {
  const rows = entries.map((e) => [
    e.name,
    e.address1,
    e.city,
    e.state,
    e.zip,
    e.mailAddress,
    e.parcelCount,
    e.totalAcres,
  ])
  return csvDocument(MAILING_CSV_HEADER, rows, bom)
}
