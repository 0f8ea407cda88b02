/**
 * Street addresses for demo parcels: real-looking numbers and street names on each town's grid, so
 * address lookups in the demo find what a person would type.
 */
import { Side } from './adjacency'
import type { CountyProfile } from './county-profiles'
import { SECTION, UNITS_PER_MILE } from './frame'
import { ordinal } from './legal'
import { BLOCK, type TownGrid } from './town-layout'
import type { Town } from './towns'

export interface Address {
  readonly number: number
  readonly prefix: string | null
  readonly street: string
  readonly suffix: string | null
}

export const formatAddress = (a: Address): string =>
  [String(a.number), a.prefix, a.street, a.suffix].filter((p) => p !== null).join(' ')

const SUFFIXES = new Set(['ST', 'AVE', 'RD', 'WAY', 'BLVD', 'HWY', 'DR', 'LN'])

/** "LINCOLN WAY" → street LINCOLN, suffix WAY; "BROADWAY" has no suffix. */
function splitStreet(full: string): { street: string; suffix: string | null } {
  const cut = full.lastIndexOf(' ')
  const last = full.slice(cut + 1)
  return cut > 0 && SUFFIXES.has(last) ? { street: full.slice(0, cut), suffix: last } : { street: full, suffix: null }
}

const SOUTH_STREETS =
  'OAK ELM MAPLE WALNUT CHESTNUT PINE CEDAR ASH LOCUST HICKORY LINDEN SPRUCE WILLOW BIRCH POPLAR CHERRY SYCAMORE MULBERRY LAUREL MAGNOLIA JUNIPER ASPEN ALDER HAZEL'.split(
    ' ',
  )

/** The east–west street on block line `line` of a town: main street, numbered to the north, trees to the south. */
export function townStreet(town: Town, grid: TownGrid, line: number): string {
  const d = line - grid.mainLine
  if (d === 0) return town.main
  if (d > 0) return `${ordinal(d)} ST`
  return `${SOUTH_STREETS[-d - 1] ?? `SOUTH ${ordinal(-d)}`} ST`
}

/**
 * A town lot's address: lots in a block's north row face the street north of the block (odd
 * numbers), the south row faces the street south of it (even); numbers run 100 per block east or
 * west of the town centre ("1204 W MAIN ST").
 */
export function townAddress(town: Town, grid: TownGrid, x0: number, y0: number, x1: number): Address {
  const blockRow = Math.floor(y0 / BLOCK)
  const northRow = y0 - blockRow * BLOCK >= BLOCK / 2
  const line = northRow ? blockRow + 1 : blockRow
  const dx = (x0 + x1) / 2 - grid.centerX
  const a = Math.abs(dx)
  const block = Math.floor(a / BLOCK)
  const within = Math.floor(((a - block * BLOCK) / BLOCK) * 48)
  const number = block * 100 + 2 * within + (northRow ? 1 : 2)
  const { street, suffix } = splitStreet(townStreet(town, grid, line))
  return { number, prefix: dx < 0 ? 'W' : 'E', street, suffix }
}

/** County-wide facts rural addressing needs. */
export interface RoadFrame {
  readonly profile: CountyProfile
  /** Section rows in the county lattice (grid-style numbers count from the north edge). */
  readonly rows: number
  readonly centerX: number
  readonly centerY: number
}

/** The side of a rural parcel nearest a section-line road (the farmstead drive comes off it). */
export function roadSide(x0: number, y0: number, x1: number, y1: number): number {
  const gaps = [y0 % SECTION, (SECTION - (x1 % SECTION)) % SECTION, (SECTION - (y1 % SECTION)) % SECTION, x0 % SECTION]
  let best = Side.SOUTH as number
  for (const side of [Side.WEST, Side.NORTH, Side.EAST])
    if ((gaps[side] as number) < (gaps[best] as number)) best = side
  return best
}

/**
 * A rural address on the road along `side`. Iowa counties number by position on the county grid
 * ("56488 240TH ST": between 564th and 565th Avenue); the California and Kansas counties use named
 * section-line roads with numbers counting out from the county seat ("12345 S ELM AVE").
 */
export function ruralAddress(rf: RoadFrame, side: number, x0: number, y0: number, x1: number, y1: number): Address {
  const eastWest = side === Side.SOUTH || side === Side.NORTH
  const along = eastWest ? (x0 + x1) / 2 : (y0 + y1) / 2
  const line = Math.round((eastWest ? (side === Side.SOUTH ? y0 : y1) : side === Side.WEST ? x0 : x1) / SECTION)
  // Odd numbers on the south and west sides of a road, even on the north and east.
  const odd = side === Side.NORTH || side === Side.EAST ? 1 : 0
  const miles = along / UNITS_PER_MILE
  const p = rf.profile
  if (p.addressStyle === 'grid') {
    const base = eastWest ? 500 + 10 * miles : 110 + 10 * (rf.rows - miles)
    const road = eastWest ? `${ordinal(110 + 10 * (rf.rows - line))} ST` : `${ordinal(500 + 10 * line)} AVE`
    return { number: Math.round(base * 10) * 10 + odd, prefix: null, ...splitStreet(road) }
  }
  const centre = eastWest ? rf.centerX : rf.centerY
  const seatLine = Math.round((eastWest ? rf.centerY : rf.centerX) / SECTION)
  const names = eastWest ? p.roadsEastWest : p.roadsNorthSouth
  const index = eastWest ? p.roadAnchor[0] + (seatLine - line) : p.roadAnchor[1] + (line - seatLine)
  const road = names[index] ?? (eastWest ? `AVENUE ${line * 2}` : `ROAD ${line * 2}`)
  const number = 2 * Math.round((Math.abs(along - centre) / UNITS_PER_MILE) * 500) + 2 + odd
  const prefix = eastWest ? (along < centre ? 'W' : 'E') : along < centre ? 'S' : 'N'
  return { number, prefix, ...splitStreet(road) }
}
