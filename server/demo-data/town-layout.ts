import { apportion } from './apportion'
import { CELL } from './frame'
import type { Rng } from './prng'
import { Kind, type SiteTable } from './site-table'

/** Town blocks sit on a 64-unit (330 ft) pitch: four by four blocks per quarter-quarter cell. */
export const BLOCK = 64
/** Half a street (≈31 ft) on every side of a block: lots across a street do not touch. */
const HALF_STREET = 6
const BLOCK_INNER = BLOCK - 2 * HALF_STREET
const ROW_DEPTH = BLOCK_INNER / 2
/** Seven lots a row (≈38 ft × 134 ft, 0.11 ac) is as small as lots get. */
const MAX_PER_ROW = 7
const MAX_PER_BLOCK = 2 * MAX_PER_ROW
const BLOCKS_PER_CELL = (CELL / BLOCK) ** 2
export const MIN_LOTS_PER_CELL = BLOCKS_PER_CELL
export const MAX_LOTS_PER_CELL = BLOCKS_PER_CELL * MAX_PER_BLOCK

export interface TownCell {
  readonly cx: number
  readonly cy: number
  readonly town: number
  /** 0 for the cell at the town centre (the original town), then 1, 2… (additions). */
  readonly ordinal: number
  readonly lots: number
}

/** Where a town's streets are: its centre in lattice units and the block line of its main street. */
export interface TownGrid {
  readonly centerX: number
  readonly centerY: number
  readonly mainLine: number
  /** Blocks either side of the centre that front the main street with shops. */
  readonly downtownHalfWidth: number
}

/**
 * Lays one town cell out as 16 blocks of lots, `cell.lots` parcels in all. Lots face the east–west
 * streets (north row and south row of each block); a block holding a single parcel is civic land
 * (school, church, city hall, park); now and then a lot carries stacked condominium parcels.
 */
export function layoutTownCell(sites: SiteTable, cell: TownCell, grid: TownGrid, rng: Rng): void {
  // About one block in twenty is civic land (one parcel), when the cell's lot count leaves room.
  const civic = Array.from({ length: BLOCKS_PER_CELL }, () => rng.chance(0.05))
  let civicBlocks = civic.filter(Boolean).length
  if (cell.lots - civicBlocks > (BLOCKS_PER_CELL - civicBlocks) * MAX_PER_BLOCK) {
    civic.fill(false)
    civicBlocks = 0
  }
  const weights = civic.map((c) => (c ? 0 : rng.range(0.4, 1.6)))
  const others = apportion(
    cell.lots - civicBlocks,
    weights.filter((w) => w > 0),
    1,
    MAX_PER_BLOCK,
  )
  const perBlock = civic.map((c) => (c ? 1 : (others.shift() as number)))
  for (let b = 0; b < BLOCKS_PER_CELL; b++) {
    const bx = cell.cx * (CELL / BLOCK) + (b % 4)
    const by = cell.cy * (CELL / BLOCK) + Math.floor(b / 4)
    const x = bx * BLOCK + HALF_STREET
    const y = by * BLOCK + HALF_STREET
    let lots = perBlock[b] as number
    const downtown =
      (by === grid.mainLine || by === grid.mainLine - 1) &&
      Math.abs(bx * BLOCK + BLOCK / 2 - grid.centerX) <= grid.downtownHalfWidth * BLOCK
    const rowKind = downtown ? Kind.COMMERCIAL : Kind.RESIDENTIAL
    if (lots === 1) {
      sites.add(
        x,
        y,
        x + BLOCK_INNER,
        y + BLOCK_INNER,
        downtown ? Kind.COMMERCIAL : Kind.CIVIC,
        cell.town,
        cell.ordinal,
        1,
      )
      continue
    }
    let stacked = -1
    let extra = 0
    if (!downtown && lots >= 6 && rng.chance(0.04)) {
      extra = Math.min(rng.int(1, 7), lots - 2)
      lots -= extra
      stacked = rng.int(0, lots - 1)
    }
    const north = Math.floor(lots / 2)
    let lotNo = 0
    // Lots numbered west to east along the north row, then east to west along the south row.
    for (const [row, n] of [
      [1, north],
      [0, lots - north],
    ] as const) {
      const widths = partition(BLOCK_INNER, n, rng)
      const y0 = y + row * ROW_DEPTH
      const order = row === 1 ? widths.map((_, i) => i) : widths.map((_, i) => n - 1 - i)
      const starts: number[] = []
      let at = x
      for (const w of widths) {
        starts.push(at)
        at += w
      }
      for (const i of order) {
        const x0 = starts[i] as number
        const isStack = lotNo === stacked
        const kind = isStack ? Kind.CONDO : rowKind
        sites.add(
          x0,
          y0,
          x0 + (widths[i] as number),
          y0 + ROW_DEPTH,
          kind,
          cell.town,
          cell.ordinal,
          ++lotNo,
          isStack ? extra + 1 : 1,
        )
      }
    }
  }
}

/** `total` units cut into `n` integer widths that differ by at most one, the wider ones at random. */
function partition(total: number, n: number, rng: Rng): number[] {
  const base = Math.floor(total / n)
  const widths = new Array<number>(n).fill(base)
  for (let left = total - base * n; left > 0; ) {
    const i = rng.int(0, n - 1)
    if (widths[i] === base) {
      widths[i] = base + 1
      left--
    }
  }
  return widths
}
