import { segmentMeetsBox } from '../../contract/ring-geometry'
import type { Rings } from './county-shape'
import { CELL, type Frame } from './frame'

/** Quarter-quarter cells of a county lattice; `ok[cy * w + cx]` is 1 when the cell may hold parcels. */
export interface CellGrid {
  readonly w: number
  readonly h: number
  readonly ok: Uint8Array
}

/**
 * Marks the cells lying wholly inside the county (and inside the optional fill mask). A cell touched
 * by any outline edge is left out, so every parcel built from whole cells is inside the real county
 * boundary, not just its corners.
 */
export function availableCells(frame: Frame, county: Rings, mask: Rings | null, w: number, h: number): CellGrid {
  const ok = insideCells(toCells(frame, county), w, h)
  if (mask) {
    const inMask = insideCells(toCells(frame, mask), w, h)
    for (let i = 0; i < ok.length; i++) ok[i] = (ok[i] as number) & (inMask[i] as number)
  }
  return { w, h, ok }
}

const toCells = (frame: Frame, rings: Rings): number[][][] =>
  rings.map((ring) => ring.map(([lon, lat]) => [frame.x(lon as number) / CELL, frame.y(lat as number) / CELL]))

function insideCells(rings: number[][][], w: number, h: number): Uint8Array {
  const boundary = new Uint8Array(w * h)
  for (const ring of rings) {
    for (let i = 1; i < ring.length; i++) markEdge(boundary, w, h, ring[i - 1] as number[], ring[i] as number[])
  }
  const ok = new Uint8Array(w * h)
  // Scanline through the cell centres: even–odd crossings give the inside spans of each row.
  for (let cy = 0; cy < h; cy++) {
    const y = cy + 0.5
    const xs: number[] = []
    for (const ring of rings) {
      for (let i = 1; i < ring.length; i++) {
        const [x0, y0] = ring[i - 1] as [number, number]
        const [x1, y1] = ring[i] as [number, number]
        if (y0 > y !== y1 > y) xs.push(x0 + ((y - y0) * (x1 - x0)) / (y1 - y0))
      }
    }
    xs.sort((a, b) => a - b)
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const from = Math.max(0, Math.ceil((xs[k] as number) - 0.5))
      const to = Math.min(w - 1, Math.floor((xs[k + 1] as number) - 0.5))
      for (let cx = from; cx <= to; cx++) if (!boundary[cy * w + cx]) ok[cy * w + cx] = 1
    }
  }
  return ok
}

// A county edge lying exactly on a lattice line (Story County's west and south sides) must not cost
// the cells beside it, so the square is shrunk by a hair before the test.
const HAIR = 1e-7

/** Flags every cell whose square the segment a→b crosses (Liang–Barsky clip per cell). */
function markEdge(boundary: Uint8Array, w: number, h: number, a: number[], b: number[]): void {
  const [ax, ay] = a as [number, number]
  const [bx, by] = b as [number, number]
  const cx0 = Math.max(0, Math.floor(Math.min(ax, bx)) - 1)
  const cx1 = Math.min(w - 1, Math.floor(Math.max(ax, bx)) + 1)
  const cy0 = Math.max(0, Math.floor(Math.min(ay, by)) - 1)
  const cy1 = Math.min(h - 1, Math.floor(Math.max(ay, by)) + 1)
  for (let cy = cy0; cy <= cy1; cy++) {
    for (let cx = cx0; cx <= cx1; cx++) {
      if (segmentMeetsBox(ax, ay, bx, by, cx + HAIR, cy + HAIR, cx + 1 - HAIR, cy + 1 - HAIR)) boundary[cy * w + cx] = 1
    }
  }
}
