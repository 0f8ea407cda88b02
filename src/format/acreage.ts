/**
 * The one acreage vocabulary (issue 37 item 6). A parcel carries two acreages that rarely agree:
 * **measured** (`acres_calc`, the area of its outline) and **recorded** (`acres`, the county's
 * roll). One holding showed 7,862.6 ac in the holdings panel (measured, each footprint once) and
 * 7,769.1 ac in the results summary (recorded, every record) with the same word "acres"; every total
 * now comes from here, names its kind, and counts a footprint once and a missing value as missing
 * (never as zero acres, never as the other kind).
 */
import type { ParcelRecord } from '../../contract/schemas'
import { toNumber } from './format-value'

export type AcreKind = 'measured' | 'recorded'

/** The words a total is shown under, and what each kind is, for notes and tooltips. */
export const ACRE_WORDS: Record<AcreKind, { label: string; source: string }> = {
  measured: { label: 'Measured acres', source: 'measured on each parcel’s outline (acres_calc)' },
  recorded: { label: 'Recorded acres', source: 'the county’s recorded acres (acres)' },
}

export const measuredAcres = (r: ParcelRecord): number | null => toNumber(r.acres_calc)
export const recordedAcres = (r: ParcelRecord): number | null => toNumber(r.acres)

/** The key of a footprint: the server's stack id, else the outline itself, else the parcel. */
export function footprintKey(r: ParcelRecord): string {
  if (typeof r.svc_stack_uuid === 'string' && r.svc_stack_uuid) return `s:${r.svc_stack_uuid}`
  const g = r.geom as { coordinates?: unknown } | undefined
  return g?.coordinates ? `g:${JSON.stringify(g.coordinates)}` : `u:${r.svc_uuid}`
}

export interface AcreTotal {
  /** Σ over the footprints that have this kind of acreage (unrounded: round once, when shown). */
  acres: number
  /** Footprints that contributed. */
  counted: number
  /** Footprints without this kind of acreage (not in `acres`). */
  missing: number
}

export type AcreTotals = Record<AcreKind, AcreTotal>

const noTotal = (): AcreTotal => ({ acres: 0, counted: 0, missing: 0 })

/**
 * Both totals of a set of parcels, each footprint once (stacked units and repeated records share
 * one): the first record of a footprint that has a value gives it.
 */
export function acreTotals(records: Iterable<ParcelRecord | undefined>): AcreTotals {
  const measured = new Map<string, number | null>()
  const recorded = new Map<string, number | null>()
  for (const r of records) {
    if (!r) continue
    const k = footprintKey(r)
    if (measured.get(k) == null) measured.set(k, measuredAcres(r))
    if (recorded.get(k) == null) recorded.set(k, recordedAcres(r))
  }
  return { measured: totalOf(measured.values()), recorded: totalOf(recorded.values()) }
}

function totalOf(values: Iterable<number | null>): AcreTotal {
  const t = noTotal()
  for (const v of values) {
    if (v === null) t.missing++
    else {
      t.acres += v
      t.counted++
    }
  }
  return t
}

/** Totals of disjoint sets (holdings share no footprint) added. */
export function addAcreTotals(parts: Iterable<AcreTotals>): AcreTotals {
  const sum: AcreTotals = { measured: noTotal(), recorded: noTotal() }
  for (const p of parts)
    for (const kind of ['measured', 'recorded'] as const) {
      sum[kind].acres += p[kind].acres
      sum[kind].counted += p[kind].counted
      sum[kind].missing += p[kind].missing
    }
  return sum
}

const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })
const twoDecimals = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

/** A total as every panel shows it ("7,862.6"; "12.35" under 100), "–" when none counted. */
export function formatAcreTotal(t: AcreTotal): string {
  return t.counted === 0 ? '–' : acreNumber(t.acres)
}

const acreNumber = (n: number) => (n < 100 ? twoDecimals : oneDecimal).format(n)

/**
 * A total with what it leaves out, "7,862.6 ac (3 parcels without)", or "–" when none counted;
 * `number` writes the figure (reports print two decimals).
 */
export function acreTotalText(t: AcreTotal, number: (acres: number) => string = (n) => `${acreNumber(n)} ac`): string {
  if (t.counted === 0) return '–'
  const gap = acreGap(t)
  return `${number(t.acres)}${gap ? ` (${gap})` : ''}`
}

/** What a total leaves out, in words ("3 parcels without"), or '' when it leaves nothing out. */
export function acreGap(t: AcreTotal): string {
  if (t.missing === 0 || t.counted === 0) return ''
  return `${t.missing.toLocaleString('en-US')} ${t.missing === 1 ? 'parcel' : 'parcels'} without`
}
