/**
 * Drawing a polygon with the keyboard (issue 18, problem 10): the map's centre is the cursor (a
 * crosshair), the arrow keys pan the map under it, Enter adds the point under the crosshair,
 * Backspace takes the last one back, and the shape closes with F, with Enter on the first point, or
 * with Enter again without moving. Pure: a list of vertices in, the next list, a polygon or a
 * refusal out; the workspace feeds it keys and the map's centre.
 */
import type { Polygon } from 'geojson'
import { haversineMetres } from '../../../contract/distance'

export type Vertex = readonly [number, number]

export type SketchStep =
  | { kind: 'vertices'; vertices: readonly Vertex[]; message: string }
  | { kind: 'refused'; vertices: readonly Vertex[]; message: string }
  | { kind: 'closed'; polygon: Polygon }

/** How near (in screen pixels) the crosshair must be to the first point for Enter to close there. */
export const CLOSE_PIXELS = 12

/** What the live region says: how many points, and what the keys do next. */
export function sketchMessage(count: number): string {
  if (count === 0) return 'Keyboard drawing: arrow keys move the map under the crosshair; Enter adds a point.'
  const points = `${count} ${count === 1 ? 'point' : 'points'}`
  if (count < 3) return `${points}; Enter adds a point, Backspace removes the last, Escape cancels.`
  return `${points}; Enter adds a point, F finishes, Backspace removes the last, Escape cancels.`
}

type Pt = readonly number[]
type Seg = readonly [Pt, Pt]

function orient(a: Pt, b: Pt, c: Pt): number {
  const v =
    ((b[0] ?? 0) - (a[0] ?? 0)) * ((c[1] ?? 0) - (a[1] ?? 0)) -
    ((b[1] ?? 0) - (a[1] ?? 0)) * ((c[0] ?? 0) - (a[0] ?? 0))
  return Math.sign(v)
}

/** Proper crossing of two segments (touching at an end point does not count). */
function crosses([a, b]: Seg, [c, d]: Seg): boolean {
  return orient(a, b, c) * orient(a, b, d) < 0 && orient(c, d, a) * orient(c, d, b) < 0
}

/** Whether the segment from the last vertex to `to` crosses an earlier edge (`closing`: `to` is the first vertex). */
function crossesEdges(vertices: readonly Vertex[], to: Vertex, closing: boolean): boolean {
  const last = vertices[vertices.length - 1]
  if (!last) return false
  const seg: Seg = [last, to]
  // Edges that share an end with the new one (the previous edge; the first edge when closing) cannot cross it.
  const from = closing ? 1 : 0
  for (let i = from; i < vertices.length - 2; i++) {
    if (crosses(seg, [vertices[i] ?? [], vertices[i + 1] ?? []])) return true
  }
  return false
}

const same = (a: Vertex | undefined, b: Vertex, tolerance: number) => !!a && haversineMetres(a, b) <= tolerance

/** The polygon the vertices close into, or why not. */
export function closeSketch(vertices: readonly Vertex[]): SketchStep {
  if (vertices.length < 3)
    return { kind: 'refused', vertices, message: `An area needs at least 3 points; ${sketchMessage(vertices.length)}` }
  const first = vertices[0] as Vertex
  if (crossesEdges(vertices, first, true))
    return { kind: 'refused', vertices, message: 'Closing here would make the edges cross; move or remove a point.' }
  const ring = [...vertices, first].map((v) => [v[0], v[1]])
  return { kind: 'closed', polygon: { type: 'Polygon', coordinates: [ring] } }
}

/**
 * Enter at `at`: adds it, or closes the shape when `at` is on the first point or on the last one
 * (Enter twice) and there are three points. `tolerance` is in metres (CLOSE_PIXELS at this zoom).
 */
export function enterAt(vertices: readonly Vertex[], at: Vertex, tolerance: number): SketchStep {
  if (vertices.length >= 3 && (same(vertices[0], at, tolerance) || same(vertices[vertices.length - 1], at, tolerance)))
    return closeSketch(vertices)
  if (same(vertices[vertices.length - 1], at, tolerance))
    return {
      kind: 'refused',
      vertices,
      message: `Move the map first: that point is already there. ${sketchMessage(vertices.length)}`,
    }
  if (crossesEdges(vertices, at, false))
    return { kind: 'refused', vertices, message: 'That point would make the edges cross; choose another point.' }
  const next = [...vertices, at]
  return { kind: 'vertices', vertices: next, message: sketchMessage(next.length) }
}

/** Backspace: the last point goes. */
export function removeLast(vertices: readonly Vertex[]): SketchStep {
  const next = vertices.slice(0, -1)
  return { kind: 'vertices', vertices: next, message: sketchMessage(next.length) }
}
