import type { CountyProfile } from './county-profiles'
import { CELL, SECTION } from './frame'
import { BLOCK } from './town-layout'

export interface Plss {
  readonly section: number
  readonly township: string
  readonly range: string
  readonly meridian: string
  /** Index of the township within the county lattice (for parcel numbers). */
  readonly townshipIndex: number
}

/** PLSS location of a lattice point: 6 × 6 mile townships, sections numbered boustrophedon from NE. */
export function plssAt(profile: CountyProfile, x: number, y: number): Plss {
  const si = Math.floor(x / SECTION)
  const sj = Math.floor(y / SECTION)
  const tb = Math.floor(sj / 6)
  const rb = Math.floor(si / 6)
  const p = profile.plss
  const twp = Math.max(1, p.townshipDir === 'N' ? p.township + tb : p.township - tb)
  const rng = Math.max(1, p.rangeDir === 'E' ? p.range + rb : p.range - rb)
  const col = si - rb * 6
  const rowFromNorth = 5 - (sj - tb * 6)
  const section = rowFromNorth % 2 === 0 ? rowFromNorth * 6 + (6 - col) : rowFromNorth * 6 + col + 1
  return {
    section,
    township: `${twp}${p.townshipDir}`,
    range: `${rng}${p.rangeDir}`,
    meridian: p.meridian,
    townshipIndex: tb * 32 + rb,
  }
}

/**
 * Aliquot parts of a rural rectangle within its section, finest first: "SW 1/4 NE 1/4", "E 1/2",
 * "N 1/2 SW 1/4 SW 1/4 NE 1/4", or "ALL" for a whole section. Rectangles always come from halving,
 * so the walk down the quarters always ends on the rectangle itself.
 */
export function aliquot(x0: number, y0: number, x1: number, y1: number): string {
  const u = x0 % SECTION
  const v = y0 % SECTION
  const w = x1 - x0
  const h = y1 - y0
  const parts: string[] = []
  let x = 0
  let y = 0
  for (let size = SECTION; size >= 1; size /= 2) {
    if (w === size && h === size) break
    const half = size / 2
    if (w === half && h === size) {
      parts.push(u < x + half ? 'W 1/2' : 'E 1/2')
      break
    }
    if (h === half && w === size) {
      parts.push(v < y + half ? 'S 1/2' : 'N 1/2')
      break
    }
    const east = u >= x + half
    const north = v >= y + half
    parts.push(`${north ? 'N' : 'S'}${east ? 'E' : 'W'} 1/4`)
    if (east) x += half
    if (north) y += half
  }
  return parts.length === 0 ? 'ALL' : parts.reverse().join(' ')
}

/** The quarter (NE, NW, SW, SE) a point of a section lies in. */
export function quarterAt(x: number, y: number): 'NE' | 'NW' | 'SW' | 'SE' {
  const east = x % SECTION >= SECTION / 2
  const north = y % SECTION >= SECTION / 2
  return north ? (east ? 'NE' : 'NW') : east ? 'SE' : 'SW'
}

export const ordinal = (n: number): string => {
  const tens = n % 100
  const suffix = tens >= 11 && tens <= 13 ? 'TH' : (['TH', 'ST', 'ND', 'RD'][n % 10] ?? 'TH')
  return `${n}${suffix}`
}

/** Block number (1–16) of a town site within its quarter-quarter cell, numbered from the NW corner. */
export function blockNumber(x0: number, y0: number): number {
  const perCell = CELL / BLOCK
  const col = Math.floor((x0 % CELL) / BLOCK)
  const row = Math.floor((y0 % CELL) / BLOCK)
  return (perCell - 1 - row) * perCell + col + 1
}

export const additionName = (town: string, ordinalOfCell: number): string =>
  ordinalOfCell === 0 ? `${town} ORIGINAL TOWN` : `${town} ${ordinal(ordinalOfCell)} ADDITION`

/**
 * Assessor parcel numbers in each state's usual shape: Iowa book-section-quarter-parcel
 * ("08-12-300-004"), California book-page-parcel ("123-456-78" / "012-034-005"), Kansas ORKA
 * ("028-123-04-0-30-00-001.00-0"). `seq` makes them unique within a quarter section;
 * stacked condominium units add `-U<n>`.
 */
export function parcelNumber(fips: string, plss: Plss, quarter: string, seq: number, unit: number | null): string {
  const q = { NE: 1, NW: 2, SW: 3, SE: 4 }[quarter] ?? 0
  const pad = (v: number, n: number) => String(v).padStart(n, '0')
  const tail = unit === null ? '' : `-U${unit + 1}`
  switch (fips.slice(0, 2)) {
    case '19':
      return `${pad(plss.townshipIndex + 1, 2)}-${pad(plss.section, 2)}-${q}00-${pad(seq, 3)}${tail}`
    case '06': {
      const book = (fips === '06019' ? 300 : 0) + plss.townshipIndex * 3 + 10
      const page = plss.section * 10 + q
      return `${pad(book, 3)}-${pad(page, 3)}-${pad(seq, fips === '06019' ? 2 : 3)}${tail}`
    }
    default:
      return `028-${pad(100 + plss.townshipIndex, 3)}-${pad(plss.section, 2)}-0-${q}0-00-${pad(seq, 3)}.00-0${tail}`
  }
}
