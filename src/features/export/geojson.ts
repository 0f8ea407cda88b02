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
import { flatHistory } from '../../format/history-columns'
import type { ExportFormat } from './export-runner'
import { areaGeometry } from './geometry'

export const GEOJSON_MIME = 'application/geo+json'

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

/** Streams `{"type":"FeatureCollection","features":[ … ]}`; commas are emitted between items. */
export function geoJsonFormat(): ExportFormat<ParcelRecord> {
  return {
    begin: () => '{"type":"FeatureCollection","features":[\n',
    item(record, index) {
      const features = [parcelFeature(record), ...buildingFeatures(record)]
      return (index > 0 ? ',\n' : '') + features.map((f) => JSON.stringify(f)).join(',\n')
    },
    end: () => '\n]}\n',
  }
}
