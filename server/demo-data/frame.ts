/**
 * Each county is laid out on an integer lattice anchored at the south-west corner of its bounding
 * box: 1024 units per mile, so a section is 1024 units, a quarter-quarter 256, a town block 64. All
 * parcel corners are lattice points and every coordinate comes from one function of an integer, so
 * two parcels that share a corner get bit-identical coordinates (real adjacency, no slivers).
 */
import { EARTH_RADIUS_M, METRES_PER_MILE } from '../../contract/units'

export const UNITS_PER_MILE = 1024
export const SECTION = UNITS_PER_MILE
/** A quarter-quarter section (40 acres): the cell size of availability and town placement. */
export const CELL = UNITS_PER_MILE / 4
export const FEET_PER_UNIT = 5280 / UNITS_PER_MILE

// @turf/area measures on a sphere of this radius; using it here makes a lattice section measure
// 640 acres (give or take the latitude change across the county) when the app computes its area.
const MILES_PER_DEG_LAT = (EARTH_RADIUS_M * Math.PI) / 180 / METRES_PER_MILE

/** Six decimals (≈0.1 m) keep the JSON small; lattice units are 1.6 m, so no two corners merge. */
const round6 = (v: number): number => Math.round(v * 1e6) / 1e6

export class Frame {
  readonly lon0: number
  readonly lat0: number
  private readonly degLonPerUnit: number
  private readonly degLatPerUnit: number

  constructor(lon0: number, lat0: number, midLat: number) {
    this.lon0 = lon0
    this.lat0 = lat0
    this.degLatPerUnit = 1 / (UNITS_PER_MILE * MILES_PER_DEG_LAT)
    this.degLonPerUnit = 1 / (UNITS_PER_MILE * MILES_PER_DEG_LAT * Math.cos((midLat * Math.PI) / 180))
  }

  lon(x: number): number {
    return round6(this.lon0 + x * this.degLonPerUnit)
  }

  lat(y: number): number {
    return round6(this.lat0 + y * this.degLatPerUnit)
  }

  /** Lattice units (fractional) of a longitude / latitude. */
  x(lon: number): number {
    return (lon - this.lon0) / this.degLonPerUnit
  }

  y(lat: number): number {
    return (lat - this.lat0) / this.degLatPerUnit
  }
}
