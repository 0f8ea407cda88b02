import { apportion } from './apportion'
import type { CellGrid } from './cell-mask'
import type { CountyProfile } from './county-profiles'
import { hashUnit } from './prng'
import { MAX_LOTS_PER_CELL, MIN_LOTS_PER_CELL, type TownCell } from './town-layout'

/** A town cell holds about this many lots (≈0.2 ac each) when the county has room. */
const LOTS_PER_CELL = 120

export interface SectionPlan {
  readonly si: number
  readonly sj: number
  /** Usable rural quarter-quarters, bit (row * 4 + col). */
  readonly mask: number
  readonly parcels: number
}

export interface FillPlan {
  readonly townCells: TownCell[]
  readonly sections: SectionPlan[]
}

/** A town centre in quarter-quarter cell coordinates, with its share weight. */
export interface TownSeed {
  readonly cx: number
  readonly cy: number
  readonly weight: number
}

/**
 * Decides where a county's `total` parcels go: which cells become town lots (around each town
 * centre) and how many rural parcels each section gets. Sections are taken nearest the county seat
 * first until the region's usual density is reached, so a small data set is one contiguous block
 * around the seat and a large one covers the county and subdivides it further.
 */
export function planFill(
  grid: CellGrid,
  profile: CountyProfile,
  towns: TownSeed[],
  total: number,
  key: number,
): FillPlan {
  const sw = Math.ceil(grid.w / 4)
  const sh = Math.ceil(grid.h / 4)
  const masks = new Uint16Array(sw * sh)
  for (let cy = 0; cy < grid.h; cy++) {
    for (let cx = 0; cx < grid.w; cx++) {
      if (!grid.ok[cy * grid.w + cx]) continue
      const i = (cy >> 2) * sw + (cx >> 2)
      masks[i] = masks[i]! | (1 << ((cy & 3) * 4 + (cx & 3)))
    }
  }
  const seat = towns[0] as TownSeed
  const centre = [seat.cx / 4, seat.cy / 4]
  const dist = (i: number) =>
    Math.hypot((i % sw) + 0.5 - (centre[0] as number), Math.floor(i / sw) + 0.5 - (centre[1] as number))
  const order: number[] = []
  for (let i = 0; i < masks.length; i++) if (masks[i]) order.push(i)
  order.sort((a, b) => dist(a) - dist(b) || a - b)

  // The block's radius if it were all rural decides which towns fall inside it.
  const prefix = (list: number[], parcels: number): number => {
    let area = 0
    for (let k = 0; k < list.length; k++) {
      area += popcount(masks[list[k] as number] as number) / 16
      if (area * profile.ruralDensity >= parcels) return k + 1
    }
    return list.length
  }
  let townLots = Math.round(total * profile.townFraction)
  // Too few for one cell of 16 blocks: no town lots at all.
  if (townLots < MIN_LOTS_PER_CELL) townLots = 0
  const firstCut = prefix(order, total - townLots)
  const radius = firstCut > 0 ? dist(order[firstCut - 1] as number) + 1 : 0

  const inside = towns
    .map((t, index) => ({ ...t, index }))
    .filter(
      (t) =>
        grid.ok[t.cy * grid.w + t.cx] &&
        (t.index === 0 || Math.hypot(t.cx / 4 - (centre[0] as number), t.cy / 4 - (centre[1] as number)) <= radius),
    )
  const townCells = inside.length > 0 && townLots > 0 ? placeTowns(grid, inside, townLots, key) : []
  townLots = townCells.reduce((sum, c) => sum + c.lots, 0)

  for (const c of townCells) {
    const i = (c.cy >> 2) * sw + (c.cx >> 2)
    masks[i] = masks[i]! & ~(1 << ((c.cy & 3) * 4 + (c.cx & 3)))
  }
  const rural = total - townLots
  const ruralOrder = order.filter((i) => masks[i])
  const chosen = rural > 0 ? ruralOrder.slice(0, prefix(ruralOrder, rural)) : []
  if (rural > 0 && chosen.length === 0) throw new Error(`county ${profile.fips} has no room for rural parcels`)
  const weights = chosen.map((i) => {
    const area = popcount(masks[i] as number) / 16
    const sx = (i % sw) * 4 + 2
    const sy = Math.floor(i / sw) * 4 + 2
    let near = Infinity
    for (const t of towns) near = Math.min(near, Math.hypot(t.cx - sx, t.cy - sy) / 4)
    // Acreages cluster around towns; elsewhere the subdivision varies smoothly, not by coin flip.
    return area * (1 + 1.2 * Math.exp(-near / 1.5)) * (0.6 + 0.8 * hashUnit(key, 2, i))
  })
  const counts = apportion(rural, weights)
  const sections = chosen
    .map((i, k) => ({ si: i % sw, sj: Math.floor(i / sw), mask: masks[i] as number, parcels: counts[k] as number }))
    .filter((s) => s.parcels > 0)
    .sort((a, b) => a.sj - b.sj || a.si - b.si)
  return { townCells, sections }
}

/**
 * Town cells around each town centre (nearest free cells first), as many per town as its weight
 * earns, and about `lots` town lots over them (fewer if the towns ran out of room).
 */
function placeTowns(grid: CellGrid, towns: (TownSeed & { index: number })[], lots: number, key: number): TownCell[] {
  const wanted = Math.min(
    Math.floor(lots / MIN_LOTS_PER_CELL),
    Math.max(Math.ceil(lots / MAX_LOTS_PER_CELL), Math.round(lots / LOTS_PER_CELL)),
  )
  const perTown = apportion(
    wanted,
    towns.map((t) => t.weight),
  )
  const taken = new Uint8Array(grid.w * grid.h)
  const placed: Omit<TownCell, 'lots'>[] = []
  towns.forEach((t, n) => {
    nearestFreeCells(grid, taken, t.cx, t.cy, perTown[n] as number).forEach(([cx, cy], ordinal) => {
      taken[cy * grid.w + cx] = 1
      placed.push({ cx, cy, town: t.index, ordinal })
    })
  })
  const total = Math.min(Math.max(lots, placed.length * MIN_LOTS_PER_CELL), placed.length * MAX_LOTS_PER_CELL)
  // Cells near a town centre are denser (smaller lots) than those at its edge.
  const weights = placed.map((c, i) => 1.5 - Math.min(1, c.ordinal / 40) * 0.7 + 0.4 * hashUnit(key, 1, i))
  const counts = apportion(total, weights, MIN_LOTS_PER_CELL, MAX_LOTS_PER_CELL)
  return placed.map((c, i) => ({ ...c, lots: counts[i] as number }))
}

function popcount(v: number): number {
  let n = 0
  for (let x = v; x; x &= x - 1) n++
  return n
}

/** Up to `n` usable, untaken cells nearest (cx, cy), nearest first. */
function nearestFreeCells(grid: CellGrid, taken: Uint8Array, cx: number, cy: number, n: number): [number, number][] {
  if (n === 0) return []
  const r = Math.ceil(Math.sqrt(n) * 1.5) + 6
  const candidates: [number, number, number][] = []
  for (let dy = -r; dy <= r; dy++) {
    for (let dx = -r; dx <= r; dx++) {
      const x = cx + dx
      const y = cy + dy
      if (x < 0 || y < 0 || x >= grid.w || y >= grid.h) continue
      const i = y * grid.w + x
      if (grid.ok[i] && !taken[i]) candidates.push([x, y, dx * dx + dy * dy])
    }
  }
  candidates.sort((a, b) => a[2] - b[2] || a[1] - b[1] || a[0] - b[0])
  return candidates.slice(0, n).map(([x, y]) => [x, y])
}
