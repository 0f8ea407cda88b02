/**
 * A small dirty county, defined in longitude/latitude (the ground truth tests compare against) and
 * written in the formats and CRSs counties publish by format-writers.test-support.ts. It has what
 * real files have: a grid of parcels sharing edges, same-owner neighbours spelled differently, a
 * bow-tie ring, a multipart parcel, a duplicated parcel number, three condo units on one footprint,
 * money as text with `$` and commas, dates in four formats, an empty owner, an unreadable value and
 * a record without geometry.
 */
import type { MultiPolygon, Position } from 'geojson'

export interface FixtureParcel {
  PIN: string
  OWNER: string
  /** text, as many counties store money */
  TOTAL_VAL: string
  /** numeric attribute written as a padded number */
  ACRES: number | null
  SALE_DT: string
  ADDR: string
  CITY: string
  ZONING: string
  /** an attribute the mapping leaves out: it must survive under its own name */
  SCHOOL_DST: string
  /** lon/lat; null = a record without geometry */
  geom: MultiPolygon | null
}

export const ORIGIN: Position = [-93.64, 42.02]
/** Grid cell size in degrees (~160 m × 110 m). */
export const CELL: [number, number] = [0.002, 0.001]
const COLS = 6
const ROWS = 4

const rect = (x0: number, y0: number, x1: number, y1: number): Position[][] => [
  [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
    [x0, y0],
  ],
]

export const cellRect = (col: number, row: number): Position[][] =>
  rect(
    ORIGIN[0]! + col * CELL[0],
    ORIGIN[1]! + row * CELL[1],
    ORIGIN[0]! + (col + 1) * CELL[0],
    ORIGIN[1]! + (row + 1) * CELL[1],
  )

const DATES = (i: number) => ['20000622', '6/22/2000', '2000-06-22', 'Jun 22, 2000'][i % 4]!
const STREETS = ['MAIN ST', 'LINCOLN WAY', 'DUFF AVE', 'GRAND AVE']

/**
 * Owners of the grid: the top-left 2×2 block belongs to one family spelled three ways (one holding
 * of four parcels), the next pair on row 0 to "ACME FARMS LLC" (a holding of two); every other cell
 * has its own owner, except one with none.
 */
function ownerAt(col: number, row: number): string {
  if (col < 2 && row < 2) return ['SMITH JOHN A', 'Smith, John A.', 'SMITH JOHN A ETAL', 'smith john a'][row * 2 + col]!
  if (row === 0 && (col === 2 || col === 3)) return 'ACME FARMS LLC'
  if (col === 5 && row === 3) return '   '
  return `OWNER ${col}-${row}`
}

/** The fixture county, shifted `shiftLon` degrees east (so several counties can sit side by side). */
export function fixtureParcels(shiftLon = 0): FixtureParcel[] {
  return baseParcels().map((p) => (p.geom && shiftLon ? { ...p, geom: shift(p.geom, shiftLon) } : p))
}

const shift = (g: MultiPolygon, dx: number): MultiPolygon => ({
  type: 'MultiPolygon',
  coordinates: g.coordinates.map((poly) => poly.map((ring) => ring.map((p) => [p[0]! + dx, p[1]!]))),
})

function baseParcels(): FixtureParcel[] {
  const out: FixtureParcel[] = []
  for (let row = 0; row < ROWS; row++) {
    for (let col = 0; col < COLS; col++) {
      const i = row * COLS + col
      out.push({
        PIN: `19-${String(i + 1).padStart(4, '0')}`,
        OWNER: ownerAt(col, row),
        TOTAL_VAL: i === 7 ? 'see file' : `$${(100_000 + i * 12_345).toLocaleString('en-US')}`,
        ACRES: i === 3 ? null : Math.round(40 + i * 1.5),
        SALE_DT: DATES(i),
        ADDR: `${100 + i * 10} ${STREETS[i % 4]}`,
        CITY: 'AMES',
        ZONING: i % 3 === 0 ? 'A-1' : 'R-2',
        SCHOOL_DST: `SD${i % 2}`,
        geom: { type: 'MultiPolygon', coordinates: [cellRect(col, row)] },
      })
    }
  }
  const east = ORIGIN[0]! + (COLS + 1) * CELL[0]
  const y = ORIGIN[1]!
  const extra = (pin: string, owner: string, geom: MultiPolygon | null, addr: string): FixtureParcel => ({
    PIN: pin,
    OWNER: owner,
    TOTAL_VAL: '$250,000.00',
    ACRES: 10,
    SALE_DT: '12/31/1999',
    ADDR: addr,
    CITY: 'AMES',
    ZONING: 'C-1',
    SCHOOL_DST: 'SD9',
    geom,
  })
  // A bow-tie: the ring crosses itself; repair keeps both triangles.
  out.push(
    extra(
      '19-0100',
      'BOWTIE LLC',
      {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [east, y],
              [east + CELL[0], y + CELL[1]],
              [east, y + CELL[1]],
              [east + CELL[0], y],
              [east, y],
            ],
          ],
        ],
      },
      '900 BOWTIE RD',
    ),
  )
  // A multipart parcel: two separate rectangles, one record.
  out.push(
    extra(
      '19-0101',
      'TWO PART TRUST',
      {
        type: 'MultiPolygon',
        coordinates: [
          rect(east, y + 2 * CELL[1], east + CELL[0], y + 3 * CELL[1]),
          rect(east + 2 * CELL[0], y + 2 * CELL[1], east + 3 * CELL[0], y + 3 * CELL[1]),
        ],
      },
      '901 SPLIT RD',
    ),
  )
  // The same parcel number twice, on two different footprints.
  for (const k of [0, 1]) {
    out.push(
      extra(
        '19-0102',
        `DUPLICATE ${k}`,
        {
          type: 'MultiPolygon',
          coordinates: [rect(east + k * CELL[0], y + 4 * CELL[1], east + (k + 1) * CELL[0], y + 5 * CELL[1])],
        },
        `90${2 + k} DOUBLE RD`,
      ),
    )
  }
  // Three condo units on one footprint.
  for (const unit of [1, 2, 3]) {
    out.push(
      extra(
        `19-0200-${unit}`,
        `CONDO OWNER ${unit}`,
        { type: 'MultiPolygon', coordinates: [rect(east + 2 * CELL[0], y, east + 3 * CELL[0], y + CELL[1])] },
        `910 TOWER ST UNIT ${unit}`,
      ),
    )
  }
  out.push(extra('19-0300', 'NO SHAPE INC', null, '999 NOWHERE RD'))
  return out
}

/** The mapping a county GIS office would write for these files. */
export const FIXTURE_MAPPING = {
  owner: 'OWNER',
  parcel_id: 'PIN',
  parcel_value: 'TOTAL_VAL',
  acres: 'ACRES',
  sale_date: 'SALE_DT',
  situs: 'ADDR',
  city: 'CITY',
  zoning: 'ZONING',
}
