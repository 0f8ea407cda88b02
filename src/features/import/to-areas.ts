/**
 * Imported or buffered polygons → search areas, by the same rules as a drawn shape (the contract's
 * ring checks, simplified to the drawing vertex budget), so the server never sees what it would refuse.
 */
import type { Polygon, Position } from 'geojson'
import { AREA_MAX_FEATURES } from '../../../contract/limits'
import { closeRing } from '../../../formats/geojson'
import { checkDrawnArea } from '../../geo/validate-area'
import type { DrawnArea } from '../../state/search-spec'

export interface ToAreasResult {
  areas: DrawnArea[]
  /** Things changed on the user's behalf (simplified). */
  notices: string[]
  /** Shapes left out, with the reason. */
  problems: string[]
}

export interface ToAreasOptions {
  makeId?(n: number): string
  /** How many areas still fit (the app may already hold some). */
  room?: number
  /** Feature names by polygon (from the importer): kept as the areas' labels. */
  names?: ReadonlyMap<Polygon, string>
}

const fmt = (n: number) => n.toLocaleString('en-US')

/**
 * Douglas-Peucker on a million-vertex ring takes over ten seconds, so rings beyond this many vertices
 * are first thinned by keeping every k-th vertex; the result is simplified far coarser anyway.
 */
const THIN_ABOVE_VERTICES = 5_000

function thin(polygon: Polygon): Polygon {
  const total = polygon.coordinates.reduce((n, r) => n + r.length, 0)
  if (total <= THIN_ABOVE_VERTICES) return polygon
  const step = Math.ceil(total / THIN_ABOVE_VERTICES)
  const coordinates = polygon.coordinates.map((ring) =>
    ring.length <= 4 * step ? ring : closeRing(ring.filter((_, i) => i % step === 0)),
  )
  return { type: 'Polygon', coordinates }
}

/** Drops repeated consecutive positions (common in exports) which would otherwise read as zero-length edges. */
export function dedupeRing(ring: readonly Position[]): Position[] {
  const out: Position[] = []
  for (const p of ring) {
    const prev = out.at(-1)
    if (!prev || prev[0] !== p[0] || prev[1] !== p[1]) out.push([p[0] as number, p[1] as number])
  }
  return closeRing(out)
}

export function toAreas(polygons: readonly Polygon[], options: ToAreasOptions = {}): ToAreasResult {
  const room = Math.max(0, Math.min(options.room ?? AREA_MAX_FEATURES, AREA_MAX_FEATURES))
  const makeId = options.makeId ?? ((n: number) => `import-${n}`)
  const result: ToAreasResult = { areas: [], notices: [], problems: [] }
  for (const [i, polygon] of polygons.entries()) {
    if (result.areas.length >= room) {
      result.problems.push(
        `Only ${room} areas fit in one search; ${fmt(polygons.length - i)} more shape(s) were left out.`,
      )
      break
    }
    const cleaned: Polygon = { type: 'Polygon', coordinates: polygon.coordinates.map(dedupeRing) }
    const before = cleaned.coordinates.reduce((n, r) => n + r.length, 0)
    const check = checkDrawnArea(thin(cleaned))
    if (!check.valid) {
      result.problems.push(`Shape ${i + 1} was left out: ${check.reason}.`)
      continue
    }
    if (check.vertices < before) {
      result.notices.push(`Shape ${i + 1} had ${fmt(before)} vertices and was simplified to ${fmt(check.vertices)}.`)
    }
    const label = options.names?.get(polygon)
    result.areas.push({
      id: makeId(result.areas.length + 1),
      kind: 'polygon',
      geometry: check.geometry,
      ...(label ? { label } : {}),
    })
  }
  return result
}
