/**
 * Search areas in a link: coordinates quantized to 1e-5° (about 1.1 m), each ring as an encoded
 * polyline without its closing vertex. `p`/`r`/`c`/`f` give the kind, `.` separates rings (holes),
 * `~` separates areas, and `*` starts an area's name where it has one (UTF-8 in base64url, so any
 * name stays URL-safe and clear of the separators; a bare `*`: the same name as the area before). The app stores drawn areas at this precision
 * too (`quantizeArea`), so the search a link runs is exactly the one its sender ran.
 */
import type { Position } from 'geojson'
import { checkPolygonCoords } from '../../../contract/area-rules'
import { AREA_MAX_FEATURES, AREA_MAX_VERTICES } from '../../../contract/limits'
import type { DrawnArea } from '../../state/search-spec'
import { decodeIntPairs, encodeIntPairs } from './polyline'

const AREA_COORD_DIGITS = 5
const SCALE = 10 ** AREA_COORD_DIGITS

const KIND_CODE: Record<DrawnArea['kind'], string> = { polygon: 'p', rectangle: 'r', circle: 'c', freehand: 'f' }
const CODE_KIND = new Map(Object.entries(KIND_CODE).map(([k, c]) => [c, k as DrawnArea['kind']]))

function quantizeCoord(x: number): number {
  return Math.round(x * SCALE) / SCALE + 0 // + 0 turns -0 into 0
}

/** Rounds every vertex to the link precision and drops vertices that rounding made repeat. */
export function quantizeArea(area: DrawnArea): DrawnArea {
  const rings = area.geometry.coordinates.map((ring) => {
    const out: Position[] = []
    for (const p of ring) {
      const q: Position = [quantizeCoord(p[0] as number), quantizeCoord(p[1] as number)]
      const prev = out.at(-1)
      if (!prev || prev[0] !== q[0] || prev[1] !== q[1]) out.push(q)
    }
    return out
  })
  return { ...area, geometry: { type: 'Polygon', coordinates: rings } }
}

function encodeRing(ring: readonly Position[]): string {
  const open = ring.length > 1 && samePoint(ring[0], ring.at(-1)) ? ring.slice(0, -1) : ring
  return encodeIntPairs(open.map((p) => [Math.round((p[0] as number) * SCALE), Math.round((p[1] as number) * SCALE)]))
}

const samePoint = (a: Position | undefined, b: Position | undefined) => !!a && !!b && a[0] === b[0] && a[1] === b[1]

export function encodeAreas(areas: readonly DrawnArea[]): string {
  let previous = ''
  return areas
    .map((a) => {
      const label = a.label ? cleanLabel(a.label) : ''
      // The pieces of one county share its name: a bare `*` says "the name before", so a county of
      // thirty islands does not spend thirty copies of its name on the link's length.
      const named = !label ? '' : label === previous ? '*' : `*${toBase64Url(label)}`
      previous = label
      return KIND_CODE[a.kind] + a.geometry.coordinates.map(encodeRing).join('.') + named
    })
    .join('~')
}

/** Longest area name kept (a county's, a field's): the rest of a longer one is dropped. */
const AREA_LABEL_MAX = 80

/** One line of plain text: control characters (and so line breaks) out, spaces collapsed, capped. */
function cleanLabel(text: string): string {
  return [
    ...text
      .replace(/\p{Cc}+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  ]
    .slice(0, AREA_LABEL_MAX)
    .join('')
    .trim()
}

export function toBase64Url(text: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** The name, or undefined where it is not base64url of UTF-8 (a garbled link keeps its area). */
export function fromBase64Url(text: string): string | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0))
    return cleanLabel(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) || undefined
  } catch {
    return undefined
  }
}

export function decodeAreas(text: string): { areas: DrawnArea[]; problems: string[] } {
  const parts = text.split('~')
  const problems: string[] = []
  if (parts.length > AREA_MAX_FEATURES) {
    problems.push(`The link has ${parts.length} search areas; the first ${AREA_MAX_FEATURES} were kept.`)
  }
  const areas: DrawnArea[] = []
  let vertexBudget = AREA_MAX_VERTICES
  let previous: string | undefined
  parts.slice(0, AREA_MAX_FEATURES).forEach((part, i) => {
    const star = part.indexOf('*')
    const label = star < 0 ? undefined : star === part.length - 1 ? previous : fromBase64Url(part.slice(star + 1))
    previous = label
    const result = decodeArea(star < 0 ? part : part.slice(0, star), i, vertexBudget)
    if (typeof result === 'string') problems.push(`Search area ${i + 1} ${result} and was left out.`)
    else {
      areas.push(label ? { ...result, label } : result)
      vertexBudget -= result.geometry.coordinates.reduce((n, r) => n + r.length, 0)
    }
  })
  return { areas, problems }
}

function decodeArea(part: string, index: number, vertexBudget: number): DrawnArea | string {
  const kind = CODE_KIND.get(part.charAt(0))
  if (!kind) return 'could not be read'
  const rings: Position[][] = []
  for (const text of part.slice(1).split('.')) {
    const pairs = decodeIntPairs(text, vertexBudget)
    if (pairs === 'too-many') return `has more vertices than the ${AREA_MAX_VERTICES} all areas may have together`
    if (!pairs) return 'could not be read (the link may be cut short)'
    const ring = pairs.map(([x, y]): Position => [x / SCALE, y / SCALE])
    if (ring.some(([x, y]) => Math.abs(x as number) > 180 || Math.abs(y as number) > 90)) {
      return 'has coordinates outside longitude/latitude range'
    }
    const first = ring[0]
    if (first) ring.push([first[0] as number, first[1] as number])
    rings.push(ring)
    vertexBudget -= ring.length
  }
  const check = checkPolygonCoords(rings, ['area'])
  const issue = check.issues[0]
  if (issue) return `is not a usable polygon (${issue.msg})`
  return { id: `shared-${index + 1}`, kind, geometry: { type: 'Polygon', coordinates: rings } }
}
