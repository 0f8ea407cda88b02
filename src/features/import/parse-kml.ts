/**
 * KML (and KMZ, a zip holding a .kml) → polygons. Polygon elements anywhere (inside Placemarks and
 * MultiGeometry), outer and inner boundaries; LineStrings and Points come back as `others` to buffer.
 * The XML parser is passed in: the browser's DOMParser, or @xmldom/xmldom in Node tests.
 */
import type { Position } from 'geojson'
import { closeRing, emptyResult, type ImportResult, MAX_TOTAL_VERTICES, reportOthers } from './import-result'
import { unzipEntries } from './unzip'

export type XmlParse = (text: string) => Document

function parsePositions(text: string | null | undefined): Position[] {
  const out: Position[] = []
  for (const tuple of (text ?? '').trim().split(/\s+/)) {
    if (!tuple) continue
    const [x, y] = tuple.split(',').map(Number)
    if (Number.isFinite(x) && Number.isFinite(y)) out.push([x as number, y as number])
  }
  return out
}

const byTag = (el: Element | Document, tag: string) => Array.from(el.getElementsByTagName(tag))
const ringOf = (boundary: Element | undefined) => {
  const coords = boundary ? byTag(boundary, 'coordinates')[0] : undefined
  return closeRing(parsePositions(coords?.textContent))
}

export function parseKml(text: string, parse: XmlParse): ImportResult {
  const result = emptyResult()
  let doc: Document
  try {
    doc = parse(text)
  } catch (err) {
    result.problems.push(`This KML could not be read (${(err as Error).message}).`)
    return result
  }
  if (byTag(doc, 'parsererror').length > 0 || byTag(doc, 'kml').length === 0) {
    result.problems.push('This file is not valid KML.')
    return result
  }
  let vertices = 0
  const overBudget = (n: number) => {
    vertices += n
    return vertices > MAX_TOTAL_VERTICES
  }
  const capped = () =>
    result.problems.push(
      `The file has more than ${MAX_TOTAL_VERTICES.toLocaleString('en-US')} vertices; the rest was left out.`,
    )
  for (const [i, poly] of byTag(doc, 'Polygon').entries()) {
    const outer = ringOf(byTag(poly, 'outerBoundaryIs')[0])
    if (outer.length < 4) {
      result.problems.push(`KML polygon ${i + 1} has no usable outer boundary and was skipped.`)
      continue
    }
    const holes = byTag(poly, 'innerBoundaryIs')
      .map(ringOf)
      .filter((r) => r.length >= 4)
    if (overBudget(outer.length + holes.reduce((n, h) => n + h.length, 0))) {
      capped()
      return result
    }
    result.polygons.push({ type: 'Polygon', coordinates: [outer, ...holes] })
  }
  for (const line of byTag(doc, 'LineString')) {
    const coordinates = parsePositions(byTag(line, 'coordinates')[0]?.textContent)
    if (overBudget(coordinates.length)) {
      capped()
      break
    }
    if (coordinates.length >= 2) result.others.push({ type: 'LineString', coordinates })
  }
  for (const point of byTag(doc, 'Point')) {
    const [coordinates] = parsePositions(byTag(point, 'coordinates')[0]?.textContent)
    if (coordinates) result.others.push({ type: 'Point', coordinates })
  }
  if (result.polygons.length === 0 && result.others.length === 0) result.problems.push('The KML holds no shapes.')
  reportOthers(result)
  return result
}

export function parseKmz(bytes: Uint8Array, parse: XmlParse): ImportResult {
  const entries = unzipEntries(bytes, (name) => name.toLowerCase().endsWith('.kml'))
  if (typeof entries === 'string') return { ...emptyResult(), problems: [entries] }
  const kml = Object.keys(entries).sort((a, b) => (a.endsWith('doc.kml') ? -1 : b.endsWith('doc.kml') ? 1 : 0))[0]
  if (!kml) return { ...emptyResult(), problems: ['This KMZ holds no .kml file.'] }
  return parseKml(new TextDecoder().decode(entries[kml]), parse)
}
