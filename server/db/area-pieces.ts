/**
 * An area search cut into pieces of bounded cost (issue 19: one search of 100 polygons × 1,000
 * vertices held the embedded database's one connection for seconds, and every other request waited).
 * PGlite cannot pre-empt a running statement, so no statement may be long: each polygon's bounding
 * box is cut into cells until each cell's estimated work fits a budget, cells the polygon does not
 * touch are dropped, and cells are grouped into pieces (one statement each) of at most that budget.
 *
 * Cost model, measured on the embedded database (BENCHMARKS.md, bench:api): a statement pays per
 * vertex of each polygon it tests (parse and PostGIS's prepared geometry) and per candidate parcel
 * (a parcel whose box overlaps the cell: a heap read and an intersection test). Vertices cannot be
 * split away — a 20,000-vertex ring is one piece however small — candidates can.
 */
import type { Polygon, Position } from 'geojson'
import { ringBox } from '../../contract/bbox'
import { segmentMeetsBox } from '../../contract/ring-geometry'

/** [west, south, east, north] in degrees. */
export type Box = readonly [number, number, number, number]

export interface CostModel {
  /** Cost of one polygon vertex in a statement (µs, measured). */
  vertexCost: number
  /** Cost of one candidate parcel (µs, measured). */
  candidateCost: number
  /** The most one piece may cost (µs). */
  budget: number
  /** Cells are not cut below this width or height (degrees): a tiny dense spot stays one cell. */
  minCellDegrees: number
  /** Planning stops cutting beyond this many cells (planning itself must stay cheap). */
  maxCells: number
}

/**
 * ~3 µs per vertex and ~8 µs per candidate on this machine's embedded database at rest (the
 * 9,942-parcel square in 86 ms); a piece of 40 ms leaves point lookups (~2 ms) a wait well under
 * the 500 ms the issue asks for, even on a busy machine.
 */
export const DEFAULT_COST_MODEL: CostModel = {
  vertexCost: 3,
  candidateCost: 8,
  budget: 40_000,
  minCellDegrees: 0.0005,
  maxCells: 4_096,
}

export interface Cell {
  /** Index of the polygon in the request. */
  polygon: number
  box: Box
  /** Estimated candidate parcels (parcels whose box overlaps the cell). */
  estimate: number
}

export interface Piece {
  /** The polygons the piece tests, each once, in request order. */
  polygons: number[]
  cells: Cell[]
  /** Estimated cost (µs). */
  cost: number
}

export function vertexCount(polygon: Polygon): number {
  let n = 0
  for (const ring of polygon.coordinates) n += ring.length
  return n
}

/** The outer ring's bounding box (holes lie inside it). */
export const polygonBox = (polygon: Polygon): Box => ringBox(polygon.coordinates[0] ?? [])

/** Slack so rounding never drops a cell PostGIS would find touching (a kept cell only costs work). */
const SLACK = 1e-9

/**
 * Planning work (segment-against-cell tests and point-in-polygon vertex visits) one request may
 * spend on the main thread, ~10 ms; past it cells are no longer cut (they stay correct, only coarser).
 */
const MAX_PLAN_WORK = 2_000_000

/** Each ring edge as x0, y0, x1, y1. */
function edgesOf(polygon: Polygon): Float64Array {
  let n = 0
  for (const ring of polygon.coordinates) n += Math.max(0, ring.length - 1)
  const out = new Float64Array(n * 4)
  let at = 0
  for (const ring of polygon.coordinates) {
    for (let i = 1; i < ring.length; i++) {
      const a = ring[i - 1] as Position
      const b = ring[i] as Position
      out[at++] = a[0] as number
      out[at++] = a[1] as number
      out[at++] = b[0] as number
      out[at++] = b[1] as number
    }
  }
  return out
}

/** Does edge `k` have a point inside the closed box (widened by SLACK)? */
function edgeMeetsBox(edges: Float64Array, k: number, box: Box): boolean {
  return segmentMeetsBox(
    edges[k * 4] as number,
    edges[k * 4 + 1] as number,
    edges[k * 4 + 2] as number,
    edges[k * 4 + 3] as number,
    box[0] - SLACK,
    box[1] - SLACK,
    box[2] + SLACK,
    box[3] + SLACK,
  )
}

/** Even–odd over every edge, so a point in a hole is outside. */
function pointInPolygon(x: number, y: number, edges: Float64Array): boolean {
  let inside = false
  for (let k = 0; k < edges.length; k += 4) {
    const xi = edges[k] as number
    const yi = edges[k + 1] as number
    const xj = edges[k + 2] as number
    const yj = edges[k + 3] as number
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
  }
  return inside
}

function quadrants([w, s, e, n]: Box): Box[] {
  const mx = (w + e) / 2
  const my = (s + n) / 2
  return [
    [w, s, mx, my],
    [mx, s, e, my],
    [w, my, mx, n],
    [mx, my, e, n],
  ]
}

interface Cut extends Cell {
  /** The edges that meet the cell (a quadrant can only meet these), or null: inside the polygon. */
  edges: Int32Array | null
}

/**
 * Each polygon's box, cut into quadrants while a cell's candidates would not fit in a piece beside
 * the polygon's own vertex cost. Quadrants the polygon does not touch (no edge meets them and they
 * lie outside it) are dropped, so a thin or ragged shape is not charged for its whole box.
 */
export function planCells(
  polygons: readonly Polygon[],
  estimate: (box: Box) => number,
  model: CostModel = DEFAULT_COST_MODEL,
): Cell[] {
  const out: Cell[] = []
  let cellsLeft = model.maxCells
  let work = 0
  polygons.forEach((polygon, index) => {
    const vertexCost = vertexCount(polygon) * model.vertexCost
    // A polygon too complex for the budget still gets half a piece's worth of candidates per cell.
    const allowance = Math.max(model.budget / 2, model.budget - vertexCost) / model.candidateCost
    const edges = edgesOf(polygon)
    const box = polygonBox(polygon)
    const all = Int32Array.from({ length: edges.length / 4 }, (_, k) => k)
    const stack: Cut[] = [{ polygon: index, box, estimate: estimate(box), edges: all }]
    cellsLeft--
    while (stack.length) {
      const { edges: near, ...cell } = stack.pop() as Cut
      const [w, s, e, n] = cell.box
      const small = e - w < 2 * model.minCellDegrees || n - s < 2 * model.minCellDegrees
      if (cell.estimate <= allowance || small || cellsLeft < 4 || work > MAX_PLAN_WORK) {
        out.push(cell)
        continue
      }
      for (const quadrant of quadrants(cell.box)) {
        cellsLeft--
        let meeting: Int32Array | null = null
        if (near) {
          work += near.length
          meeting = near.filter((k) => edgeMeetsBox(edges, k, quadrant))
          if (meeting.length === 0) {
            work += edges.length / 4
            // No edge in it: wholly inside the polygon, or wholly outside (dropped).
            if (!pointInPolygon((quadrant[0] + quadrant[2]) / 2, (quadrant[1] + quadrant[3]) / 2, edges)) continue
            meeting = null
          }
        }
        stack.push({ polygon: index, box: quadrant, estimate: estimate(quadrant), edges: meeting })
      }
    }
  })
  return out
}

/** Cells grouped in request order into pieces of at most the budget (a cell over it goes alone). */
export function groupPieces(
  cells: readonly Cell[],
  vertices: readonly number[],
  model: CostModel = DEFAULT_COST_MODEL,
): Piece[] {
  const pieces: Piece[] = []
  let piece: Piece | undefined
  for (const cell of cells) {
    const vertexCost = (vertices[cell.polygon] ?? 0) * model.vertexCost
    const candidateCost = cell.estimate * model.candidateCost
    const tested = piece?.polygons.includes(cell.polygon) ?? false
    const add = (tested ? 0 : vertexCost) + candidateCost
    if (!piece || piece.cost + add > model.budget) {
      piece = { polygons: [cell.polygon], cells: [cell], cost: vertexCost + candidateCost }
      pieces.push(piece)
      continue
    }
    if (!tested) piece.polygons.push(cell.polygon)
    piece.cells.push(cell)
    piece.cost += add
  }
  return pieces
}
