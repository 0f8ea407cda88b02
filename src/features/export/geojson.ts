/**
 * GeoJSON FeatureCollection (RFC 7946). One Feature per parcel: geometry is the parcel's geom (null
 * when missing), properties are every other field as loaded (raw values; `buildings` omitted).
 *
 * Buildings, when loaded, become *separate* Features after their parcel, with
 * `properties.kind = 'building'` and `properties.parcel_svc_uuid`. Flat features load in every GIS
 * tool (QGIS, geojson.io, Mapbox); nested geometry inside properties is invisible to all of them.
 * Parcel features carry no `kind`, so their properties stay exactly the record's fields, plus the
 * crop history's flat columns (history-columns.ts) beside the nested `cdl_history`.
 */
import type { ParcelRecord } from '../../../contract/schemas'
import { FEATURE_COLLECTION } from '../../../formats/geojson'
import { flatHistory } from '../../format/history-columns'
import type { ExportFormat } from './export-runner'
import { areaGeometry } from './geometry'

function parcelFeature(record: ParcelRecord) {
  const { geom, buildings: _buildings, ...properties } = record
  return {
    type: 'Feature' as const,
    geometry: areaGeometry(geom),
    properties: { ...properties, ...flatHistory(record) },
  }
}

function buildingFeatures(record: ParcelRecord) {
  if (!Array.isArray(record.buildings)) return []
  return record.buildings.map((b) => {
    const { geom, ...rest } = b
    return {
      type: 'Feature' as const,
      geometry: areaGeometry(geom),
      properties: { ...rest, kind: 'building', parcel_svc_uuid: record.svc_uuid },
    }
  })
}

/** Streams the FeatureCollection a parcel at a time, its buildings' features after it. */
export function geoJsonFormat(): ExportFormat<ParcelRecord> {
  const { start, separator, end } = FEATURE_COLLECTION
  return {
    begin: () => start,
    item(record, index) {
      const features = [parcelFeature(record), ...buildingFeatures(record)]
      return (index > 0 ? separator : '') + features.map((f) => JSON.stringify(f)).join(separator)
    },
    end: () => end,
  }
}
