/**
 * What makes each demo county look like itself: its farm region, where filling may happen, the PLSS
 * numbering, rivers, terrain, tax rate and road names. Positions are [lon, lat] in degrees.
 */
export type Region = 'iowa' | 'valley' | 'plains'

export interface CountyProfile {
  readonly fips: string
  readonly region: Region
  /** Where the county's block of parcels starts growing from (the county seat). */
  readonly fillCenter: readonly [number, number]
  /**
   * Parcels are kept inside this ring as well as the county: the San Joaquin Valley floor, not the
   * Sierra Nevada or Diablo Range, which would hold few, huge parcels.
   */
  readonly fillMask: readonly (readonly [number, number])[] | null
  /** Share of the county's parcels that are town lots. */
  readonly townFraction: number
  /** Rural parcels per square mile while the county still has room (PLSS custom of the region). */
  readonly ruralDensity: number
  /** PLSS numbering at the south-west corner of the county's section lattice. */
  readonly plss: {
    readonly meridian: string
    readonly township: number
    readonly townshipDir: 'N' | 'S'
    readonly range: number
    readonly rangeDir: 'E' | 'W'
  }
  readonly streams: readonly (readonly (readonly [number, number])[])[]
  /** Elevation (m) at the fill centre and its slope (m per mile east and north). */
  readonly elevation: { readonly base: number; readonly east: number; readonly north: number; readonly min: number }
  /** Effective property tax rate on assessed value. */
  readonly taxRate: number
  /** Names of the section-line roads; lines past the end of a list get numbered names. */
  readonly roadsEastWest: readonly string[]
  readonly roadsNorthSouth: readonly string[]
  /** List index of the east–west and north–south roads nearest the fill centre. */
  readonly roadAnchor: readonly [number, number]
  /** 'grid': Iowa rural numbers encode the position (56488 240TH ST); 'directional': 12345 S ELM AVE. */
  readonly addressStyle: 'grid' | 'directional'
}

const FRESNO_EW =
  'HERNDON BULLARD SHAW ASHLAN SHIELDS MCKINLEY BELMONT KINGS_CANYON CALIFORNIA JENSEN NORTH AMERICAN CENTRAL LINCOLN ADAMS SOUTH MANNING DINUBA SPRINGFIELD MOUNTAIN_VIEW DAVIS KAMM CONEJO ELKHORN MT_WHITNEY EL_DORADO NEBRASKA SUMNER JAYNE DORRIS'
const FRESNO_NS =
  'RUSSELL CHATEAU_FRESNO BUTTE SAN_MATEO JAMESON DICKENSON BRAWLEY BLYTHE HUGHES MARKS FRUIT ELM CHERRY MAPLE CHESTNUT WILLOW PEACH MINNEWAWA CLOVIS FOWLER TEMPERANCE LOCAN DEWOLF LEONARD THOMPSON MCCALL ACADEMY BETHEL INDIANOLA ZEDIKER'
const STAN_EW =
  'CLARIBEL KIERNAN PELANDALE STANDIFORD BRIGGSMORE ORANGEBURG YOSEMITE HATCH WHITMORE SERVICE KEYES TAYLOR MONTE_VISTA ZEERING LANDER BRADBURY HARDING FULKERTH CHRISTOFFERSEN BERKELEY'
const STAN_NS =
  'WARD DIANA BIRD JENNINGS CARPENTER PARADISE TEGNER MCHENRY TULLY OAKDALE CLAUS ALBERS HICKMAN GEER SANTA_FE FAITH_HOME MITCHELL CROWS_LANDING GRATTON WASHINGTON'
const FINNEY_EW = 'LOWER_LAKIN SCHULMAN MARY CAMPUS KANSAS JONES SQUARE_DEAL CONCORD WILCOX PLYMELL CHAPMAN KRAMER'
const FINNEY_NS =
  'SAGEBRUSH HOLCOMB ANDERSON JENNIE_BARKER TAYLOR FARMLAND THREE_MILE PIERCEVILLE BUFFALO_JONES MENNONITE'

const words = (s: string, suffix: string) => s.split(' ').map((w) => `${w.replaceAll('_', ' ')} ${suffix}`)

export const PROFILES: Readonly<Record<string, CountyProfile>> = {
  '19169': {
    fips: '19169',
    region: 'iowa',
    fillCenter: [-93.452, 42.023],
    fillMask: null,
    townFraction: 0.45,
    ruralDensity: 16,
    plss: { meridian: '5TH PM', township: 82, townshipDir: 'N', range: 24, rangeDir: 'W' },
    streams: [
      [
        [-93.57, 42.21],
        [-93.6, 42.1],
        [-93.58, 42.02],
        [-93.55, 41.95],
        [-93.5, 41.863],
      ],
      [
        [-93.697, 42.12],
        [-93.64, 42.03],
        [-93.6, 42.0],
      ],
      [
        [-93.36, 42.209],
        [-93.4, 42.1],
        [-93.37, 41.98],
        [-93.38, 41.863],
      ],
    ],
    elevation: { base: 300, east: -0.6, north: 0.8, min: 262 },
    taxRate: 0.0158,
    roadsEastWest: [],
    roadsNorthSouth: [],
    roadAnchor: [0, 0],
    addressStyle: 'grid',
  },
  '06019': {
    fips: '06019',
    region: 'valley',
    fillCenter: [-119.787, 36.738],
    fillMask: [
      [-120.75, 37.0],
      [-119.7, 37.08],
      [-119.45, 36.86],
      [-119.28, 36.7],
      [-119.24, 36.4],
      [-119.9, 36.0],
      [-120.15, 35.95],
      [-120.35, 36.25],
      [-120.55, 36.55],
      [-120.75, 37.0],
    ],
    townFraction: 0.4,
    ruralDensity: 14,
    plss: { meridian: 'MDM', township: 23, townshipDir: 'S', range: 10, rangeDir: 'E' },
    streams: [
      [
        [-119.7, 36.99],
        [-119.85, 36.84],
        [-120.1, 36.8],
        [-120.38, 36.77],
        [-120.5, 36.95],
      ],
      [
        [-119.4, 36.75],
        [-119.55, 36.55],
        [-119.7, 36.42],
        [-119.75, 36.3],
      ],
    ],
    elevation: { base: 94, east: 1.3, north: 0.4, min: 52 },
    taxRate: 0.0112,
    roadsEastWest: words(FRESNO_EW, 'AVE'),
    roadsNorthSouth: words(FRESNO_NS, 'AVE'),
    roadAnchor: [7, 11],
    addressStyle: 'directional',
  },
  '06099': {
    fips: '06099',
    region: 'valley',
    fillCenter: [-120.997, 37.639],
    fillMask: [
      [-121.3, 37.86],
      [-120.55, 37.86],
      [-120.45, 37.5],
      [-120.75, 37.3],
      [-121.0, 37.15],
      [-121.1, 37.2],
      [-121.25, 37.45],
      [-121.35, 37.65],
      [-121.3, 37.86],
    ],
    townFraction: 0.4,
    ruralDensity: 14,
    plss: { meridian: 'MDM', township: 9, townshipDir: 'S', range: 4, rangeDir: 'E' },
    streams: [
      [
        [-120.65, 37.78],
        [-120.85, 37.76],
        [-121.0, 37.72],
        [-121.2, 37.68],
      ],
      [
        [-120.55, 37.66],
        [-120.8, 37.6],
        [-121.0, 37.62],
        [-121.15, 37.55],
      ],
      [
        [-120.95, 37.2],
        [-121.1, 37.42],
        [-121.25, 37.68],
      ],
    ],
    elevation: { base: 27, east: 2.4, north: 0.3, min: 12 },
    taxRate: 0.0109,
    roadsEastWest: words(STAN_EW, 'RD'),
    roadsNorthSouth: words(STAN_NS, 'RD'),
    roadAnchor: [6, 7],
    addressStyle: 'directional',
  },
  '20055': {
    fips: '20055',
    region: 'plains',
    fillCenter: [-100.873, 37.971],
    fillMask: null,
    townFraction: 0.3,
    ruralDensity: 5,
    plss: { meridian: '6TH PM', township: 26, townshipDir: 'S', range: 34, rangeDir: 'W' },
    streams: [
      [
        [-101.106, 37.99],
        [-100.87, 37.955],
        [-100.6, 37.87],
        [-100.4, 37.81],
        [-100.226, 37.79],
      ],
    ],
    elevation: { base: 880, east: -1.1, north: 0.5, min: 820 },
    taxRate: 0.0135,
    roadsEastWest: words(FINNEY_EW, 'RD'),
    roadsNorthSouth: words(FINNEY_NS, 'RD'),
    roadAnchor: [4, 4],
    addressStyle: 'directional',
  },
}
