/**
 * Records as KML 2.2: a Document with a "Parcels" Folder (one Placemark per parcel, fields as
 * ExtendedData/Data with the catalog's labels) and, when buildings were loaded, a "Buildings"
 * Folder after it. The KML itself (escaping, geometry, the document's frame) is formats/kml.ts.
 */
import { fieldDef } from '../../../contract/fields'
import type { ParcelRecord } from '../../../contract/schemas'
import {
  KML_DOCUMENT_END,
  KML_FOLDER_END,
  type KmlData,
  kmlDocumentStart,
  kmlFolderStart,
  kmlPlacemark,
} from '../../../formats/kml'
import { columnValue, exportName } from '../../format/record-columns'
import type { ExportFormat } from './export-runner'
import { areaGeometry } from './geometry'

const data = (name: string, value: unknown): KmlData => ({ name, label: fieldDef(name)?.label, value })

/** Missing values are left out rather than written as empty strings, so "absent" stays absent. */
function parcelPlacemark(record: ParcelRecord, columns: readonly string[]): string {
  const fields: KmlData[] = []
  for (const c of columns) {
    const v = columnValue(record, c)
    if (v !== null && v !== undefined) fields.push(data(exportName(c), v))
  }
  const owner = typeof record.owner === 'string' && record.owner.trim() ? record.owner : record.svc_uuid
  return kmlPlacemark(owner, fields, areaGeometry(record.geom))
}

function buildingPlacemarks(record: ParcelRecord): string {
  if (!Array.isArray(record.buildings)) return ''
  return record.buildings
    .map((b, i) => {
      const fields: KmlData[] = [data('parcel_svc_uuid', record.svc_uuid)]
      for (const [k, v] of Object.entries(b)) if (k !== 'geom' && v !== null && v !== undefined) fields.push(data(k, v))
      return kmlPlacemark(`Building ${i + 1} of ${record.svc_uuid}`, fields, areaGeometry(b.geom))
    })
    .join('')
}

export function kmlFormat(columns: readonly string[], title: string): ExportFormat<ParcelRecord> {
  // Buildings are gathered while parcels stream and written once the Parcels folder is closed.
  const buildings: string[] = []
  return {
    begin: () => kmlDocumentStart(title) + kmlFolderStart('Parcels'),
    item(record) {
      const b = buildingPlacemarks(record)
      if (b) buildings.push(b)
      return parcelPlacemark(record, columns)
    },
    end() {
      const folder = buildings.length > 0 ? kmlFolderStart('Buildings') + buildings.join('') + KML_FOLDER_END : ''
      return KML_FOLDER_END + folder + KML_DOCUMENT_END
    },
  }
}
