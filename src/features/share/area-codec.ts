/**
 * Reading a link's search areas (`a`, docs/url-format.md); the writing half is
 * `contract/link-areas.ts`, shared with the server. The app stores drawn areas at the link's
 * precision (`quantizeArea`), so the search a link runs is exactly the one its sender ran.
 */
import type { Position } from 'geojson'
import { checkPolygonCoords } from '../../../contract/area-rules'
import { AREA_MAX_FEATURES, AREA_MAX_VERTICES } from '../../../contract/limits'
import { AREA_COORD_SCALE, AREA_KIND_CODE, fromBase64Url } from '../../../contract/link-areas'
import { decodeIntPairs } from '../../../contract/link-polyline'
import type { DrawnArea } from '../../state/search-spec'

const SCALE = AREA_COORD_SCALE
const CODE_KIND = new Map(Object.entries(AREA_KIND_CODE).map(([k, c]) => [c, k as DrawnArea['kind']]))

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
