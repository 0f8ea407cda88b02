import { CELL, SECTION } from './frame'
import type { Rng } from './prng'
import { Kind, type SiteTable } from './site-table'

/**
 * Cuts one square-mile section into exactly `count` rural parcels the PLSS way: halves, quarters
 * (160 ac), half-quarters (80), quarter-quarters (40) and on down, each cut splitting a node in two.
 * `mask` has bit (row * 4 + col) set for each usable quarter-quarter (row 0 = south); nodes that are
 * only partly usable are cut further and their unusable cells left empty. With fewer parcels than
 * usable pieces, the smaller pieces stay empty, which only happens at the ragged edge of a block.
 */
export function splitSection(
  sites: SiteTable,
  originX: number,
  originY: number,
  mask: number,
  count: number,
  sectionIndex: number,
  rng: Rng,
): void {
  const split = (x: number, y: number, w: number, h: number, c: number): void => {
    if (c === 0) return
    const usable = usableCells(mask, x, y, w, h)
    if (usable === 0) return
    const full = usable === cellCount(w, h)
    if (full && (c === 1 || (w === 1 && h === 1))) {
      sites.add(originX + x, originY + y, originX + x + w, originY + y + h, Kind.RURAL, -1, sectionIndex)
      return
    }
    const vertical = w > h || (w === h && rng.chance(0.5))
    const [ax, ay, aw, ah, bx, by] = vertical ? [x, y, w / 2, h, x + w / 2, y] : [x, y, w, h / 2, x, y + h / 2]
    let ca: number
    if (full) {
      // Uneven splits leave some quarters whole while their neighbours are cut into 40s. Many
      // parcels under one node split evenly, or repeated uneven cuts would leave slivers.
      const spread = 0.22 * Math.min(1, 40 / c)
      ca = Math.min(c - 1, Math.max(1, Math.round(c * rng.range(0.5 - spread, 0.5 + spread))))
    } else {
      const ua = usableCells(mask, ax, ay, aw, ah)
      const ub = usable - ua
      if (ua === 0) ca = 0
      else if (ub === 0) ca = c
      else if (c === 1) ca = ua >= ub ? 1 : 0
      else ca = Math.min(c - 1, Math.max(1, Math.round((c * ua) / usable)))
    }
    split(ax, ay, aw, ah, ca)
    split(bx, by, aw, ah, c - ca)
  }
  split(0, 0, SECTION, SECTION, count)
}

/** Quarter-quarter cells a node covers (at least one: nodes inside a cell count as that cell). */
const cellCount = (w: number, h: number): number => Math.max(1, (w / CELL) * (h / CELL))

/** Usable cells under a node; a node smaller than a cell inherits its cell's bit. */
function usableCells(mask: number, x: number, y: number, w: number, h: number): number {
  const c0 = Math.floor(x / CELL)
  const r0 = Math.floor(y / CELL)
  const c1 = Math.max(c0 + 1, (x + w) / CELL)
  const r1 = Math.max(r0 + 1, (y + h) / CELL)
  let n = 0
  for (let r = r0; r < r1; r++) for (let c = c0; c < c1; c++) if (mask & (1 << (r * 4 + c))) n++
  return n
}
