/**
 * KML 2.2: a Document with a "Parcels" Folder (one Placemark per parcel, fields as
 * ExtendedData/Data) and, when buildings were loaded, a "Buildings" Folder after it. Every string
 * goes through xmlEscape — owner names and addresses are attacker-controlled text.
 */
import type { Position } from 'geojson'
import { fieldDef } from '../../../contract/fields'
import type { ParcelRecord } from '../../../contract/schemas'
import { columnValue, exportName } from '../../format/record-columns'
import type { ExportFormat } from './export-runner'
import { type AreaGeometry, areaGeometry } from './geometry'
import { valueText, xmlEscape } from './xml'

export const KML_MIME = 'application/vnd.google-earth.kml+xml'

// String() writes tiny numbers as 1e-7, which KML readers do not accept; such offsets are < 1 cm.
const coord = (n: number) => (Math.abs(n) < 1e-6 ? '0' : String(n))

function coordinates(ring: readonly Position[]): string {
  // KML is lon,lat[,alt] like GeoJSON; tuples separated by spaces.
  return ring.map((p) => p.map(coord).join(',')).join(' ')
}

function polygonKml(rings: readonly Position[][]): string {
  const [outer, ...inner] = rings
  if (!outer) return ''
  const boundary = (tag: string, ring: readonly Position[]) =>
    `<${tag}><LinearRing><coordinates>${coordinates(ring)}</coordinates></LinearRing></${tag}>`
  return `<Polygon>${boundary('outerBoundaryIs', outer)}${inner.map((r) => boundary('innerBoundaryIs', r)).join('')}</Polygon>`
}

function geometryKml(geometry: AreaGeometry | null): string {
  if (!geometry) return ''
  if (geometry.type === 'Polygon') return polygonKml(geometry.coordinates)
  return `<MultiGeometry>${geometry.coordinates.map(polygonKml).join('')}</MultiGeometry>`
}

function dataKml(name: string, value: unknown): string {
  const label = fieldDef(name)?.label
  const display = label ? `<displayName>${xmlEscape(label)}</displayName>` : ''
  return `<Data name="${xmlEscape(name)}">${display}<value>${xmlEscape(valueText(value))}</value></Data>`
}

function placemark(name: string, fields: [string, unknown][], geom: unknown): string {
  const data = fields.map(([k, v]) => dataKml(k, v)).join('')
  return `<Placemark><name>${xmlEscape(name)}</name><ExtendedData>${data}</ExtendedData>${geometryKml(areaGeometry(geom))}</Placemark>\n`
}

/** Missing values are left out rather than written as empty strings, so "absent" stays absent. */
function parcelPlacemark(record: ParcelRecord, columns: readonly string[]): string {
  const fields: [string, unknown][] = []
  for (const c of columns) {
    const v = columnValue(record, c)
    if (v !== null && v !== undefined) fields.push([exportName(c), v])
  }
  const owner = typeof record.owner === 'string' && record.owner.trim() ? record.owner : record.svc_uuid
  return placemark(owner, fields, record.geom)
}

function buildingPlacemarks(record: ParcelRecord): string {
  if (!Array.isArray(record.buildings)) return ''
  return record.buildings
    .map((b, i) => {
      const fields: [string, unknown][] = [['parcel_svc_uuid', record.svc_uuid]]
      for (const [k, v] of Object.entries(b)) if (k !== 'geom' && v !== null && v !== undefined) fields.push([k, v])
      return placemark(`Building ${i + 1} of ${record.svc_uuid}`, fields, b.geom)
    })
    .join('')
}

export function kmlFormat(columns: readonly string[], title: string): ExportFormat<ParcelRecord> {
  // Buildings are gathered while parcels stream and written once the Parcels folder is closed.
  const buildings: string[] = []
  return {
    begin: () =>
      '<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document>' +
      `<name>${xmlEscape(title)}</name>\n<Folder><name>Parcels</name>\n`,
    item(record) {
      const b = buildingPlacemarks(record)
      if (b) buildings.push(b)
      return parcelPlacemark(record, columns)
    },
    end() {
      const folder = buildings.length > 0 ? `<Folder><name>Buildings</name>\n${buildings.join('')}</Folder>\n` : ''
      return `</Folder>\n${folder}</Document></kml>\n`
    },
  }
}
