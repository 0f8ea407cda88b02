/**
 * Answering the app's questions from a pack's records, with no network: which parcel is at a point,
 * which parcels an area touches, and a query page (filters evaluated in the browser with the
 * contract's evaluator, ordered and paged as our server does). Pure: the records come in, answers
 * go out, so the search session, the details and "where am I" work unchanged in airplane mode.
 */
import booleanIntersects from '@turf/boolean-intersects'
import booleanPointInPolygon from '@turf/boolean-point-in-polygon'
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson'
import { orderRecords, recordMatches } from '../../../contract/filter-eval'
import type { ParcelRecord, QueryRequest, QueryResponse } from '../../../contract/schemas'

function polygonOf(record: ParcelRecord): Polygon | MultiPolygon | null {
  const g = record.geom as { type?: string } | null | undefined
  return g?.type === 'Polygon' || g?.type === 'MultiPolygon' ? (g as Polygon | MultiPolygon) : null
}

/** Whether a point lies in (or on the edge of) a record's outline. */
export function recordContains(record: ParcelRecord, lng: number, lat: number): boolean {
  const g = polygonOf(record)
  return g !== null && booleanPointInPolygon([lng, lat], g)
}

/** The records whose outline contains the point (condo stacks give several), as GET /parcels/point answers. */
export function recordsAt(records: readonly ParcelRecord[], lng: number, lat: number): ParcelRecord[] {
  return records.filter((r) => recordContains(r, lng, lat))
}

/** The ids of the records whose outline touches any polygon of the area, ascending, as POST /parcels/area. */
export function areaIds(records: readonly ParcelRecord[], area: FeatureCollection): string[] {
  const polygons = area.features
    .map((f) => f.geometry)
    .filter((g): g is Polygon | MultiPolygon => g?.type === 'Polygon' || g?.type === 'MultiPolygon')
  return records
    .filter((r) => {
      const g = polygonOf(r)
      return g !== null && polygons.some((p) => booleanIntersects(g, p))
    })
    .map((r) => r.svc_uuid)
    .sort()
}

/** One query page from the records: filters, order, offset and limit; `count` is the total match. */
export function queryPage(records: readonly ParcelRecord[], req: QueryRequest): QueryResponse {
  // The planner sends ids in chunks of up to 50,000: a set, not a list scan per record.
  const idFilter = req.filters.find((f) => f.field === 'svc_uuid' && f.op === 'in' && Array.isArray(f.value))
  const ids = idFilter ? new Set((idFilter.value as unknown[]).map(String)) : null
  const rest = req.filters.filter((f) => f !== idFilter)
  const matched = records.filter((r) => (!ids || ids.has(r.svc_uuid)) && recordMatches(r, rest))
  const ordered = orderRecords(matched, req.order)
  const offset = req.offset ?? 0
  const limit = req.limit ?? 20
  const page = ordered.slice(offset, offset + limit).map((r) => (req.include_buildings ? r : withoutBuildings(r)))
  return { results: page, count: matched.length, limit, offset }
}

function withoutBuildings(r: ParcelRecord): ParcelRecord {
  if (!('buildings' in r)) return r
  const { buildings: _, ...rest } = r
  return rest as ParcelRecord
}
