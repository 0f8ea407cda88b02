/**
 * A holding as one thing: its outline, total acres (each footprint once: stacked condo units and
 * duplicate records share one), parcel count, counties, assessed value, crop mix and dominant land
 * use. A plain serialisable object (no Maps, no classes) so reports, exports, links and the comps
 * feature can take it as it is.
 */
import turfArea from '@turf/area'
import type { MultiPolygon, Polygon } from 'geojson'
import { boxOf } from '../../../contract/bbox'
import type { ParcelRecord } from '../../../contract/schemas'
import { SQ_M_PER_ACRE } from '../../../contract/units'
import { type AcreTotals, acreTotals, footprintKey } from '../../format/acreage'
import type { DissolvedGroup } from './dissolve'
import { countyLabel } from './portfolio'

export interface CropShare {
  category: string
  acres: number
  /** Of the holding's acres, 0–1. */
  share: number
}

export interface HoldingSummary {
  id: string
  label: string
  owners: string[]
  parcelIds: string[]
  parcelCount: number
  /** Measured acres (Σ acres_calc, each footprint once), rounded: what sorts, exports and comps use. */
  acres: number
  /** Both acreages unrounded, with what each leaves out (format/acreage.ts): what panels show. */
  acreTotals: AcreTotals
  /** Geodesic area of the merged outline (the same land, measured on the union). */
  outlineAcres: number
  counties: string[]
  /** Σ parcel_value of the parcels that have one; `valuedParcels` says how many. */
  assessedValue: number
  valuedParcels: number
  cropMix: CropShare[]
  /** The land use covering the most acres, for comparable sales. */
  landUse: string | null
  geometry: Polygon | MultiPolygon
  bbox: [number, number, number, number]
  /** Mailing addresses with their owners (assemblages show them). */
  mailing: { owner: string; address: string }[]
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null)
const round2 = (n: number) => Math.round(n * 100) / 100

/** A record's weight in the crop and land-use shares: measured acres, else recorded. */
const recordAcres = (r: ParcelRecord): number => num(r.acres_calc) ?? num(r.acres) ?? 0

/** Measured acres with each footprint counted once (the figure every holdings total shows). */
export function distinctAcres(records: readonly ParcelRecord[]): number {
  return round2(acreTotals(records).measured.acres)
}

/** Acres by a text field, largest first, over distinct footprints. */
function acresBy(records: readonly ParcelRecord[], field: string): [string, number][] {
  const seen = new Set<string>()
  const by = new Map<string, number>()
  for (const r of records) {
    const k = footprintKey(r)
    if (seen.has(k)) continue
    seen.add(k)
    const v = typeof r[field] === 'string' && r[field] ? (r[field] as string) : 'Unknown'
    by.set(v, (by.get(v) ?? 0) + recordAcres(r))
  }
  return [...by].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
}

export function summarizeHolding(
  id: string,
  label: string,
  records: readonly ParcelRecord[],
  geometry: Polygon | MultiPolygon,
): HoldingSummary {
  const totals = acreTotals(records)
  const exact = acresBy(records, 'svc_stack_uuid').reduce((s, [, a]) => s + a, 0)
  const values = records.map((r) => num(r.parcel_value)).filter((v): v is number => v !== null)
  const crops = acresBy(records, 'cdl_majority_category')
  const uses = acresBy(records, 'land_use').filter(([u]) => u !== 'Unknown')
  const mailing = new Map<string, { owner: string; address: string }>()
  for (const r of records) {
    const owner = typeof r.owner === 'string' ? r.owner : ''
    const address = typeof r.mail_addr === 'string' ? r.mail_addr : ''
    if (owner || address) mailing.set(`${owner}\n${address}`, { owner, address })
  }
  return {
    id,
    label,
    owners: [...new Set(records.map((r) => (typeof r.owner === 'string' ? r.owner : '')).filter(Boolean))].sort(),
    parcelIds: records.map((r) => r.svc_uuid),
    parcelCount: records.length,
    acres: round2(totals.measured.acres),
    acreTotals: totals,
    outlineAcres: round2(turfArea(geometry) / SQ_M_PER_ACRE),
    counties: [...new Set(records.map(countyLabel))].sort(),
    assessedValue: values.reduce((s, v) => s + v, 0),
    valuedParcels: values.length,
    cropMix: crops.map(([category, a]) => ({ category, acres: round2(a), share: exact > 0 ? a / exact : 0 })),
    landUse: uses[0]?.[0] ?? null,
    geometry,
    bbox: boxOf(geometry),
    mailing: [...mailing.values()].sort((a, b) => (a.owner + a.address < b.owner + b.address ? -1 : 1)),
  }
}

/** Holdings of a set of parcels: each dissolved group summarised, largest first, numbered. */
export function holdingsOf(records: readonly ParcelRecord[], groups: readonly DissolvedGroup[]): HoldingSummary[] {
  const byId = new Map(records.map((r) => [r.svc_uuid, r]))
  const sized = groups.map((g) => {
    const members = g.ids.map((id) => byId.get(id)).filter((r): r is ParcelRecord => !!r)
    return { g, members, acres: distinctAcres(members) }
  })
  sized.sort((a, b) => b.acres - a.acres || (a.g.ids[0]! < b.g.ids[0]! ? -1 : 1))
  return sized.map(({ g, members }, i) => summarizeHolding(`H${i + 1}`, `Holding ${i + 1}`, members, g.outline))
}

/** What the comps feature takes as a subject: the holding's land, its size and its use. */
export interface HoldingSubject {
  geometry: Polygon | MultiPolygon
  acres: number
  landUse: string | null
  crop: string | null
  label: string
}

export const holdingSubject = (h: HoldingSummary): HoldingSubject => ({
  geometry: h.geometry,
  acres: h.acres,
  landUse: h.landUse,
  crop: h.cropMix[0]?.category ?? null,
  label: h.label,
})

/** Parcels with a polygon footprint, the input of the dissolve. */
export function footprints(records: readonly ParcelRecord[]): { id: string; geometry: Polygon | MultiPolygon }[] {
  return records.flatMap((r) => {
    const g = r.geom as { type?: string } | undefined
    return g && (g.type === 'Polygon' || g.type === 'MultiPolygon')
      ? [{ id: r.svc_uuid, geometry: g as Polygon | MultiPolygon }]
      : []
  })
}
