/** Pure conversions from API records to the GeoJSON the map draws. */

import bbox from '@turf/bbox'
import type { Feature, FeatureCollection, Geometry, MultiPolygon, Polygon } from 'geojson'
import type { ParcelRecord } from '../../../../contract/schemas'
import { themeProps } from '../../../format/themes'

export interface ParcelBatch {
  data: FeatureCollection
  /** Feature id (array index) → svc_uuid. */
  uuids: string[]
  idByUuid: Map<string, number>
}

function isArea(g: unknown): g is Polygon | MultiPolygon {
  if (typeof g !== 'object' || g === null) return false
  const t = (g as { type?: unknown }).type
  return (t === 'Polygon' || t === 'MultiPolygon') && Array.isArray((g as { coordinates?: unknown }).coordinates)
}

/** Records → features with numeric ids. Rows not loaded yet (undefined) and rows without geometry are skipped. */
export function parcelsToFeatures(records: readonly (ParcelRecord | undefined)[]): ParcelBatch {
  const features: Feature[] = []
  const uuids: string[] = []
  const idByUuid = new Map<string, number>()
  for (const r of records) {
    if (!r || !isArea(r.geom) || idByUuid.has(r.svc_uuid)) continue
    const id = uuids.length
    uuids.push(r.svc_uuid)
    idByUuid.set(r.svc_uuid, id)
    // The tile properties themes read, so one paint expression colours tiles and GeoJSON alike.
    features.push({ type: 'Feature', id, geometry: r.geom, properties: { u: r.svc_uuid, ...themeProps(r) } })
  }
  return { data: { type: 'FeatureCollection', features }, uuids, idByUuid }
}

/** Building footprints of every record that has a `buildings` array. */
export function buildingsToFeatures(records: readonly (ParcelRecord | undefined)[]): FeatureCollection {
  const features: Feature[] = []
  for (const r of records) {
    if (!r?.buildings) continue
    for (const b of r.buildings) {
      if (isArea(b.geom))
        features.push({ type: 'Feature', geometry: b.geom as Geometry, properties: { u: r.svc_uuid } })
    }
  }
  return { type: 'FeatureCollection', features }
}

/** The centre of the first ring's box: enough to show where a result is at low zoom. */
function anchor(g: Polygon | MultiPolygon): [number, number] | null {
  const ring = g.type === 'Polygon' ? g.coordinates[0] : g.coordinates[0]?.[0]
  if (!ring?.length) return null
  const [w = 0, s = 0, e = 0, n = 0] = bbox({ type: 'Polygon', coordinates: [ring] })
  return [(w + e) / 2, (s + n) / 2]
}

/**
 * A result as a point with its theme properties (a tenth of the data of its polygon), under `id`
 * (the parcel's tile feature id, so dots are added and removed by id, result-dots.ts); null without geometry.
 */
export function parcelPoint(r: ParcelRecord, id: number): Feature | null {
  if (!isArea(r.geom)) return null
  const at = anchor(r.geom)
  if (!at) return null
  return {
    type: 'Feature',
    id,
    geometry: { type: 'Point', coordinates: at },
    properties: { u: r.svc_uuid, ...themeProps(r) },
  }
}

/** A result's polygon with its theme properties, under `id` (its tile feature id); null without geometry. */
export function parcelPolygon(r: ParcelRecord, id: number): Feature | null {
  if (!isArea(r.geom)) return null
  return { type: 'Feature', id, geometry: r.geom, properties: { u: r.svc_uuid, ...themeProps(r) } }
}
