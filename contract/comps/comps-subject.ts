/**
 * Whose value is asked: one parcel (from its card) or a site — a drawn area, a holding — described
 * by the facts comps are found and ranked by. Both become one `CompsSubject`, so the plan, the
 * ranking and the panel never ask which kind they have.
 */
import booleanPointInPolygon from '@turf/boolean-point-in-polygon'
import type { Geometry, MultiPolygon, Polygon } from 'geojson'
import type { ParcelRecord } from '../schemas'
import type { CompsSite } from './comps-choices'
import { type LonLat, parcelPoint } from './comps-geo'

export interface CompsSubject {
  kind: 'parcel' | 'site'
  /** svc_uuid of a parcel; the area's id (or the caller's label) for a site. */
  id: string
  label: string
  point: LonLat
  acres: number
  landUse: string | null
  crop: string | null
  csr2: number | null
  /** Assessed value (the price band is around its $/acre), where known. */
  assessedValue: number | null
  /** Outline for the map; for a site also which parcels are its own (never its comps). */
  geometry: Geometry | null
  /** The parcel's record (its own sale is never a comp; its sale date shows the county's date style). */
  record: ParcelRecord | null
}

const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN
  return Number.isFinite(n) ? n : null
}
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null)

/** A parcel as a subject; null when it has no location to measure distances from. */
export function parcelSubject(record: ParcelRecord): CompsSubject | null {
  const point = parcelPoint(record)
  if (!point) return null
  return {
    kind: 'parcel',
    id: record.svc_uuid,
    label: text(record.parcel_id) ?? record.svc_uuid,
    point,
    acres: num(record.acres) ?? 0,
    landUse: text(record.land_use),
    crop: text(record.cdl_majority_category),
    csr2: num(record.csr2),
    assessedValue: num(record.parcel_value),
    geometry: record.geom && typeof record.geom === 'object' ? (record.geom as Geometry) : null,
    record,
  }
}

/** A site as a subject; `outline` is the drawn area's polygon when the site came from one. */
export function siteSubject(site: CompsSite, outline: Polygon | null = null): CompsSubject {
  return {
    kind: 'site',
    id: site.areaId ?? site.label,
    label: site.label,
    point: site.point,
    acres: site.acres,
    landUse: site.landUse,
    crop: site.crop,
    csr2: site.csr2,
    assessedValue: null,
    geometry: outline ?? site.geometry,
    record: null,
  }
}

/** Is this sold parcel the subject itself (a parcel subject, or a parcel inside a site)? */
export function isSubjectsOwn(subject: CompsSubject, record: ParcelRecord, at: LonLat): boolean {
  if (subject.kind === 'parcel') return record.svc_uuid === subject.id
  const g = subject.geometry
  if (!g || (g.type !== 'Polygon' && g.type !== 'MultiPolygon')) return false
  return booleanPointInPolygon([at[0], at[1]], g as Polygon | MultiPolygon)
}

/**
 * Same facts, same comps: a parcel's record may arrive again as another object (a search row after a
 * fetched card), which must not start the comps search again.
 */
export function sameSubject(a: CompsSubject, b: CompsSubject): boolean {
  return (
    a.kind === b.kind &&
    a.id === b.id &&
    a.label === b.label &&
    a.point[0] === b.point[0] &&
    a.point[1] === b.point[1] &&
    a.acres === b.acres &&
    a.landUse === b.landUse &&
    a.crop === b.crop &&
    a.csr2 === b.csr2 &&
    a.assessedValue === b.assessedValue &&
    a.geometry === b.geometry &&
    a.record?.sale_date === b.record?.sale_date
  )
}
