/**
 * What the comps panel needs from the rooms around it: the subject made from the store's reference
 * (a parcel's record, a drawn area's outline), a drawn area turned into a site, the Buffer tool's
 * circle (the import engine's), the export engine's CSV writer, and the map overlay. Comps is a
 * domain feature, so it may use those engines (.dependency-cruiser.cjs, engine tier). The panel's
 * sources are the workspace's own (`workspace.sources`: one response cache, IndexedDB under it).
 */
import type { Geometry, Polygon } from 'geojson'
import type { CompsResult } from '../../../contract/comps/comps-analysis'
import { type LonLat, parcelPoint } from '../../../contract/comps/comps-geo'
import { type CompsSubject, parcelSubject, siteSubject } from '../../../contract/comps/comps-subject'
import type { ParcelRecord } from '../../../contract/schemas'
import { csvDocument } from '../../../formats/csv'
import { mimeOf } from '../../../formats/format-registry'
import type { CompsOverlay } from '../../ports/workspace-ports'
import type { CompsSite, CompsSubjectRef } from '../../state/comps-slice'
import type { DrawnArea } from '../../state/search-spec'
import { downloadBlob } from '../../ui/download'
import { bufferGeometry } from '../import/buffer-area'
import { siteFromArea } from './comps-site'

const circles = new Map<string, Polygon[]>()
/**
 * The radius circle (the Buffer tool's code), kept for the last few centres: a buffer costs ~10 ms
 * (~30 under load), and the same polygons make the same area key, so a repeat is answered from memory.
 */
export function compsCircle(center: LonLat, meters: number): Polygon[] {
  const key = `${center[0]},${center[1]},${meters}`
  let polygons = circles.get(key)
  if (!polygons) {
    polygons = bufferGeometry({ type: 'Point', coordinates: [center[0], center[1]] }, meters).polygons
    if (circles.size >= 8) circles.delete(circles.keys().next().value as string)
    circles.set(key, polygons)
  }
  return polygons
}

export function downloadCompsCsv(csv: { header: readonly string[]; rows: unknown[][] }, fileName: string): void {
  downloadBlob(new Blob([csvDocument(csv.header, csv.rows)], { type: mimeOf('csv') }), fileName)
}

/** Today as YYYY-MM-DD (local date): the valuation date of comps opened now. */
export function todayIso(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`
}

/**
 * The subject the store refers to, made whole: a parcel from its record (null until it is loaded),
 * a site with its drawn area's outline when the area is still there.
 */
export function compsSubjectOf(
  ref: CompsSubjectRef,
  record: ParcelRecord | null,
  areas: readonly DrawnArea[],
): CompsSubject | null {
  if (ref.kind === 'parcel') return record && record.svc_uuid === ref.id ? parcelSubject(record) : null
  const area = ref.areaId ? areas.find((a) => a.id === ref.areaId) : undefined
  return siteSubject(ref, area?.geometry ?? null)
}

const KIND_NAME: Record<DrawnArea['kind'], string> = {
  polygon: 'Polygon',
  rectangle: 'Rectangle',
  circle: 'Circle',
  freehand: 'Freehand',
}

/** The name the area list shows for an area (its own name, else kind and number). */
function areaName(areas: readonly DrawnArea[], area: DrawnArea): string {
  return area.label ?? `${KIND_NAME[area.kind]} ${areas.indexOf(area) + 1}`
}

/** The drawn areas comps can be asked for, by the names the area list shows. */
export function compsAreaChoices(areas: readonly DrawnArea[]): { id: string; name: string }[] {
  return areas.map((a) => ({ id: a.id, name: areaName(areas, a) }))
}

/** A drawn area as a comps site, its land use, cover and CSR2 from the loaded parcels inside it. */
export function siteForArea(
  areas: readonly DrawnArea[],
  area: DrawnArea,
  rows: Iterable<ParcelRecord | undefined>,
): CompsSite {
  return siteFromArea(area, areaName(areas, area), rows).site
}

/** The comps panel's result as the map's overlay: each comp's outline, rank and $/acre; the subject. */
export function compsOverlay(result: CompsResult | null, subject: CompsSubject): CompsOverlay | null {
  if (!result) return null
  const geometry = (r: ParcelRecord) => (r.geom && typeof r.geom === 'object' ? (r.geom as Geometry) : null)
  return {
    subject: subject.geometry ?? (pointGeometry(subject.point) as Geometry),
    comps: result.comps.flatMap((c) => {
      const point = parcelPoint(c.record)
      return point
        ? [{ rank: c.rank, perAcre: c.perAcre, included: c.included, geometry: geometry(c.record), point }]
        : []
    }),
  }
}

function pointGeometry(p: LonLat): Geometry {
  return { type: 'Point', coordinates: [p[0], p[1]] }
}
