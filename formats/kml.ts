/**
 * KML 2.2 (OGC 07-147r2), both directions (KMZ, the zipped form, is formats/kmz.ts). Reading: Polygon
 * elements anywhere (inside Placemarks and MultiGeometry) with their outer and inner boundaries,
 * LineStrings and Points, for the area import (src/features/import/parse-kml.ts decides what becomes
 * an area and says what was left out). Writing: the results export's parcels with their fields as
 * ExtendedData (src/features/export/kml.ts) and the field packs' waypoints. The XML parser is passed
 * in (the browser's DOMParser, @xmldom/xmldom in Node), so this module runs in both.
 */
import type { MultiPolygon, Polygon, Position } from 'geojson'
import { closeRing } from './geojson'
import type { Waypoint } from './gpx'
import { degrees, xmlText } from './xml-text'

export type XmlParse = (text: string) => Document

/** The parsed document, or why the text is not KML. */
export function kmlDocument(text: string, parse: XmlParse): Document | string {
  let doc: Document
  try {
    doc = parse(text)
  } catch (err) {
    return `This KML could not be read (${(err as Error).message}).`
  }
  if (byTag(doc, 'parsererror').length > 0 || byTag(doc, 'kml').length === 0) return 'This file is not valid KML.'
  return doc
}

const byTag = (el: Element | Document, tag: string) => Array.from(el.getElementsByTagName(tag))

/** `lon,lat[,alt]` tuples separated by white space; unreadable tuples are skipped. */
function parsePositions(text: string | null | undefined): Position[] {
  const out: Position[] = []
  for (const tuple of (text ?? '').trim().split(/\s+/)) {
    if (!tuple) continue
    const [x, y] = tuple.split(',').map(Number)
    if (Number.isFinite(x) && Number.isFinite(y)) out.push([x as number, y as number])
  }
  return out
}

const ringOf = (boundary: Element | undefined) => {
  const coords = boundary ? byTag(boundary, 'coordinates')[0] : undefined
  return closeRing(parsePositions(coords?.textContent))
}

/**
 * Each Polygon's rings in document order, the outer first (closed; fewer than 4 positions when the
 * outline is unusable), then the inner ones that are usable. Lazy: a reader may stop early.
 */
export function* kmlPolygons(doc: Document): Generator<Position[][]> {
  for (const poly of byTag(doc, 'Polygon')) {
    const holes = byTag(poly, 'innerBoundaryIs')
      .map(ringOf)
      .filter((r) => r.length >= 4)
    yield [ringOf(byTag(poly, 'outerBoundaryIs')[0]), ...holes]
  }
}

/** Each LineString's positions, in document order. */
export function* kmlLines(doc: Document): Generator<Position[]> {
  for (const line of byTag(doc, 'LineString')) yield parsePositions(byTag(line, 'coordinates')[0]?.textContent)
}

/** Each Point's position (undefined when unreadable), in document order. */
export function* kmlPoints(doc: Document): Generator<Position | undefined> {
  for (const point of byTag(doc, 'Point')) yield parsePositions(byTag(point, 'coordinates')[0]?.textContent)[0]
}

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

function geometryKml(geometry: Polygon | MultiPolygon | null): string {
  if (!geometry) return ''
  if (geometry.type === 'Polygon') return polygonKml(geometry.coordinates)
  return `<MultiGeometry>${geometry.coordinates.map(polygonKml).join('')}</MultiGeometry>`
}

/** Raw value as text: numbers stay plain, objects become JSON. */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value)
  return JSON.stringify(value) ?? ''
}

/** One ExtendedData field: its name, the label a viewer shows when there is one, the value. */
export interface KmlData {
  name: string
  label?: string
  value: unknown
}

function dataKml({ name, label, value }: KmlData): string {
  const display = label ? `<displayName>${xmlText(label)}</displayName>` : ''
  return `<Data name="${xmlText(name)}">${display}<value>${xmlText(valueText(value))}</value></Data>`
}

/** A Placemark with its fields and outline. Every string is escaped: owner names are anyone's text. */
export function kmlPlacemark(name: string, data: readonly KmlData[], geometry: Polygon | MultiPolygon | null): string {
  return `<Placemark><name>${xmlText(name)}</name><ExtendedData>${data.map(dataKml).join('')}</ExtendedData>${geometryKml(geometry)}</Placemark>\n`
}

/** The start of a document whose placemarks come in folders, each opened with `kmlFolderStart`. */
export const kmlDocumentStart = (title: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>${xmlText(title)}</name>\n`
export const kmlFolderStart = (name: string) => `<Folder><name>${xmlText(name)}</name>\n`
export const KML_FOLDER_END = '</Folder>\n'
export const KML_DOCUMENT_END = '</Document></kml>\n'

/** A Placemark with a Point per waypoint (Google Earth, Avenza). */
export function writeKmlWaypoints(points: readonly Waypoint[], title: string): string {
  const marks = points.map(
    (p) =>
      `    <Placemark><name>${xmlText(p.name)}</name><description>${xmlText(p.description)}</description>` +
      `<Point><coordinates>${degrees(p.lng)},${degrees(p.lat)}</coordinates></Point></Placemark>\n`,
  )
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<kml xmlns="http://www.opengis.net/kml/2.2">\n' +
    `  <Document><name>${xmlText(title)}</name>\n` +
    marks.join('') +
    '  </Document>\n</kml>\n'
  )
}
