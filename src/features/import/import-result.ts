/** What every importer returns: polygons to become search areas, other shapes (for Buffer), and messages. */
import type { Geometry, Polygon, Position } from 'geojson'
import { closeRing } from '../../../formats/geojson'

export interface ImportResult {
  polygons: Polygon[]
  /** Points and lines: not areas themselves, but they can be buffered into areas. */
  others: Geometry[]
  /** Why something was left out. */
  problems: string[]
  /** Things done on the user's behalf (reprojected, assumed WGS84). */
  notices: string[]
  /** A feature's own name ("Good field") by polygon, kept as the area's label (issue 18, problem 9). */
  names?: Map<Polygon, string>
}

export const emptyResult = (): ImportResult => ({ polygons: [], others: [], problems: [], notices: [] })

/** Limits that keep a hostile or huge file from hanging the tab. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024
export const MAX_TOTAL_VERTICES = 2_000_000

export function isLonLat(ring: readonly Position[]): boolean {
  return ring.every((p) => Math.abs(p[0] as number) <= 180 && Math.abs(p[1] as number) <= 90)
}

/** Splits any geometry into polygons and the rest. */
export function collect(g: Geometry | null | undefined, into: ImportResult, name?: string): void {
  if (!g) return
  switch (g.type) {
    case 'Polygon': {
      const polygon: Polygon = {
        type: 'Polygon',
        coordinates: g.coordinates.map((r) => closeRing(r.map((p) => [p[0] as number, p[1] as number]))),
      }
      into.polygons.push(polygon)
      if (name) {
        into.names ??= new Map()
        into.names.set(polygon, name)
      }
      return
    }
    case 'MultiPolygon':
      for (const coordinates of g.coordinates) collect({ type: 'Polygon', coordinates }, into, name)
      return
    case 'GeometryCollection':
      for (const part of g.geometries) collect(part, into, name)
      return
    default:
      into.others.push(g)
  }
}

/**
 * One message for the points and lines found, naming the first few: a file of 10,000 points must
 * not produce 10,000 lines of text.
 */
export function reportOthers(result: ImportResult, labels: readonly string[] = []): void {
  const n = result.others.length
  if (n === 0) return
  const hint = 'only polygons can be search areas (use Buffer to turn points and lines into areas).'
  if (labels.length > 0) {
    const shown = labels.slice(0, 3).join('; ')
    const more = labels.length > 3 ? ` and ${(labels.length - 3).toLocaleString('en-US')} more` : ''
    result.problems.push(`${shown}${more}; ${hint}`)
    return
  }
  const types = [...new Set(result.others.map((g) => g.type))].join(', ')
  result.problems.push(`${n.toLocaleString('en-US')} shape(s) are not polygons (${types}); ${hint}`)
}
