/**
 * What stands on a demo site and its footprints, drawn from the same seeds as land use and values so
 * a "farmstead" has a house and barns, a vacant lot none, and the buildings toggle has something true to show.
 */
import { boxPolygon } from '../../contract/bbox'
import type { BuildingRow } from '../db/parcel-row'
import { Side } from './adjacency'
import type { Region } from './county-profiles'
import { FEET_PER_UNIT, type Frame } from './frame'
import type { CivicUse } from './owner-names'
import type { Rng } from './prng'
import { Kind } from './site-table'

export type Improvement = 'none' | 'farmstead' | 'house' | 'store' | 'civic' | 'condo'

const FARMSTEAD_ODDS: Record<Region, number> = { iowa: 0.16, valley: 0.12, plains: 0.1 }

/** What stands on a site, from one uniform draw `u` (so land use, values and footprints agree). */
export function improvementOf(region: Region, kind: number, acres: number, civic: CivicUse, u: number): Improvement {
  switch (kind) {
    case Kind.RURAL:
      if (acres >= 20) return u < FARMSTEAD_ODDS[region] ? 'farmstead' : 'none'
      return u < (acres >= 2 ? 0.55 : 0.4) ? 'house' : 'none'
    case Kind.RESIDENTIAL:
      return u < 0.92 ? 'house' : 'none'
    case Kind.COMMERCIAL:
      return u < 0.85 ? 'store' : 'none'
    case Kind.CIVIC:
      return civic === 'PARK' ? 'none' : 'civic'
    default:
      return 'condo'
  }
}

export const civicUseOf = (u: number): CivicUse =>
  u < 0.3 ? 'SCHOOL' : u < 0.6 ? 'CHURCH' : u < 0.75 ? 'CITY HALL' : 'PARK'

export interface Footprint {
  readonly use: string
  readonly occupancy: string
  readonly code: string
  /** Lattice units (fractional). */
  readonly x0: number
  readonly y0: number
  readonly x1: number
  readonly y1: number
  readonly height: number
  readonly stories: number
}

type Spec = [
  use: string,
  occupancy: string,
  code: string,
  a0: number,
  b0: number,
  a1: number,
  b1: number,
  h: number,
  stories: number,
]

/**
 * Footprints in feet relative to the middle of the parcel's front side (a: along the road, b: in from
 * it), placed in the parcel; anything that would not fit well inside the lot is left out.
 */
export function planFootprints(
  improvement: Improvement,
  region: Region,
  civic: CivicUse,
  rect: readonly [number, number, number, number],
  front: number,
  rng: Rng,
): Footprint[] {
  const specs: Spec[] = []
  const twoStory = rng.chance(0.35)
  const houseW = rng.int(38, 62)
  const houseD = rng.int(28, 44)
  switch (improvement) {
    case 'farmstead':
      specs.push(['house', 'Residential', 'R-3', -houseW, 90, 0, 90 + houseD, twoStory ? 8 : 5.5, twoStory ? 2 : 1])
      specs.push(['machine shed', 'Agricultural', 'U', 40, 110, 40 + rng.int(60, 120), 110 + rng.int(40, 70), 6.5, 1])
      if (region === 'valley') specs.push(['shop', 'Agricultural', 'U', -150, 120, -90, 160, 6, 1])
      else {
        const bins = rng.int(2, 4)
        for (let k = 0; k < bins; k++)
          specs.push(['grain bin', 'Agricultural', 'U', -160 + 38 * k, 190, -130 + 38 * k, 220, rng.int(9, 16), 1])
        if (rng.chance(0.5)) specs.push(['barn', 'Agricultural', 'U', 20, 220, 80, 290, 10, 2])
      }
      break
    case 'house': {
      const lotW =
        (front === Side.SOUTH || front === Side.NORTH ? rect[2] - rect[0] : rect[3] - rect[1]) * FEET_PER_UNIT
      const w = Math.min(houseW, lotW - 16)
      specs.push(['house', 'Residential', 'R-3', -w / 2, 25, w / 2, 25 + houseD, twoStory ? 8 : 5.5, twoStory ? 2 : 1])
      if (rng.chance(0.45))
        specs.push(['garage', 'Residential', 'U', -w / 2, 35 + houseD, -w / 2 + 22, 57 + houseD, 3.5, 1])
      break
    }
    case 'store': {
      const lotW = (rect[2] - rect[0]) * FEET_PER_UNIT
      specs.push([
        'store',
        'Commercial',
        rng.chance(0.6) ? 'M' : 'B',
        -lotW / 2 + 8,
        8,
        lotW / 2 - 8,
        rng.int(70, 110),
        rng.int(45, 90) / 10,
        1,
      ])
      break
    }
    case 'condo': {
      const lotW = (rect[2] - rect[0]) * FEET_PER_UNIT
      const half = Math.min(lotW * 0.38, lotW / 2 - 8)
      specs.push(['condominium', 'Residential', 'R-2', -half, 20, half, 110, 11, 3])
      break
    }
    case 'civic':
      if (civic === 'SCHOOL') specs.push(['school', 'Educational', 'E', -90, 40, 90, 160, 9, 2])
      else if (civic === 'CHURCH') specs.push(['church', 'Religious', 'A-3', -30, 40, 30, 140, 14, 1])
      else specs.push(['city hall', 'Government', 'B', -40, 30, 40, 90, 8, 2])
      break
  }
  const out: Footprint[] = []
  for (const [use, occupancy, code, a0, b0, a1, b1, height, stories] of specs) {
    const box = place(rect, front, a0 / FEET_PER_UNIT, b0 / FEET_PER_UNIT, a1 / FEET_PER_UNIT, b1 / FEET_PER_UNIT)
    // A unit (5 ft) of margin keeps footprints inside the lot even after coordinate rounding (0.1 m).
    if (box[0] < rect[0] + 1 || box[1] < rect[1] + 1 || box[2] > rect[2] - 1 || box[3] > rect[3] - 1) continue
    out.push({ use, occupancy, code, x0: box[0], y0: box[1], x1: box[2], y1: box[3], height, stories })
  }
  return out
}

/** Maps a box given along/inward from the middle of side `front` into lattice coordinates. */
function place(
  r: readonly number[],
  front: number,
  a0: number,
  b0: number,
  a1: number,
  b1: number,
): [number, number, number, number] {
  const [x0, y0, x1, y1] = r as [number, number, number, number]
  const mx = (x0 + x1) / 2
  const my = (y0 + y1) / 2
  switch (front) {
    case Side.SOUTH:
      return [mx + a0, y0 + b0, mx + a1, y0 + b1]
    case Side.NORTH:
      return [mx - a1, y1 - b1, mx - a0, y1 - b0]
    case Side.WEST:
      return [x0 + b0, my - a1, x0 + b1, my - a0]
    default:
      return [x1 - b1, my + a0, x1 - b0, my + a1]
  }
}

export function buildingRow(
  f: Footprint,
  frame: Frame,
  address: string | null,
  city: string | null,
  state: string,
  postal: string | null,
): BuildingRow {
  const sqFeet = Math.round((f.x1 - f.x0) * (f.y1 - f.y0) * FEET_PER_UNIT * FEET_PER_UNIT)
  const [w, s, e, n] = [frame.lon(f.x0), frame.lat(f.y0), frame.lon(f.x1), frame.lat(f.y1)]
  return {
    geom: boxPolygon([w, s, e, n]),
    sq_feet: sqFeet,
    sq_meters: Math.round(sqFeet * 0.09290304 * 10) / 10,
    height: f.height,
    occupancy: f.occupancy,
    occupancy_code: f.code,
    address,
    city,
    state,
    postal,
  }
}
