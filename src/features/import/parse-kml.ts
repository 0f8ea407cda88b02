/**
 * KML (and KMZ) → polygons: each Polygon becomes an area; LineStrings and Points come back as
 * `others` to buffer. The file is read by formats/kml.ts; this decides what is kept and says why
 * the rest was left out, within the import's vertex budget.
 */
import { kmlDocument, kmlLines, kmlPoints, kmlPolygons, type XmlParse } from '../../../formats/kml'
import { kmlOfKmz } from '../../../formats/kmz'
import { emptyResult, type ImportResult, MAX_TOTAL_VERTICES, reportOthers } from './import-result'

export function parseKml(text: string, parse: XmlParse): ImportResult {
  const result = emptyResult()
  const doc = kmlDocument(text, parse)
  if (typeof doc === 'string') {
    result.problems.push(doc)
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
  let i = 0
  for (const [outer = [], ...holes] of kmlPolygons(doc)) {
    i++
    if (outer.length < 4) {
      result.problems.push(`KML polygon ${i} has no usable outer boundary and was skipped.`)
      continue
    }
    if (overBudget(outer.length + holes.reduce((n, h) => n + h.length, 0))) {
      capped()
      return result
    }
    result.polygons.push({ type: 'Polygon', coordinates: [outer, ...holes] })
  }
  for (const coordinates of kmlLines(doc)) {
    if (overBudget(coordinates.length)) {
      capped()
      break
    }
    if (coordinates.length >= 2) result.others.push({ type: 'LineString', coordinates })
  }
  for (const coordinates of kmlPoints(doc)) if (coordinates) result.others.push({ type: 'Point', coordinates })
  if (result.polygons.length === 0 && result.others.length === 0) result.problems.push('The KML holds no shapes.')
  reportOthers(result)
  return result
}

export function parseKmz(bytes: Uint8Array, parse: XmlParse): ImportResult {
  const kml = kmlOfKmz(bytes)
  if ('problem' in kml) return { ...emptyResult(), problems: [kml.problem] }
  return parseKml(kml.text, parse)
}
