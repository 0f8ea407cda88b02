import { CDL_BY_NAME } from '../../contract/crops'
import { patchUnit } from './noise'
import { hashUnit } from './prng'
import { Kind } from './site-table'

/** CDL mix of each county's farmland (weights, roughly the county's real acreage shares). */
const FIELD_MIX: Record<string, [string, number][]> = {
  '19169': [
    ['Corn', 46],
    ['Soybeans', 38],
    ['Grassland/Pasture', 7],
    ['Alfalfa', 2],
    ['Other Hay/Non Alfalfa', 2],
    ['Oats', 1],
    ['Deciduous Forest', 2],
    ['Developed/Open Space', 2],
  ],
  '06019': [
    ['Almonds', 20],
    ['Grapes', 20],
    ['Pistachios', 10],
    ['Walnuts', 4],
    ['Citrus', 8],
    ['Peaches', 3],
    ['Tomatoes', 8],
    ['Cotton', 4],
    ['Alfalfa', 6],
    ['Corn', 3],
    ['Winter Wheat', 3],
    ['Fallow/Idle Cropland', 6],
    ['Grassland/Pasture', 3],
    ['Developed/Open Space', 2],
  ],
  '06099': [
    ['Almonds', 35],
    ['Walnuts', 15],
    ['Grapes', 5],
    ['Peaches', 4],
    ['Cherries', 2],
    ['Alfalfa', 10],
    ['Corn', 10],
    ['Other Hay/Non Alfalfa', 4],
    ['Tomatoes', 3],
    ['Dry Beans', 2],
    ['Fallow/Idle Cropland', 4],
    ['Grassland/Pasture', 4],
    ['Developed/Open Space', 2],
  ],
  '20055': [
    ['Winter Wheat', 30],
    ['Sorghum', 14],
    ['Corn', 14],
    ['Grassland/Pasture', 20],
    ['Fallow/Idle Cropland', 12],
    ['Soybeans', 3],
    ['Alfalfa', 3],
    ['Sunflower', 2],
    ['Developed/Open Space', 2],
  ],
}

/** Along rivers: timber and wet ground in Iowa, riparian scrub and water in the valley and plains. */
const RIVERSIDE: Record<string, [string, number][]> = {
  iowa: [
    ['Deciduous Forest', 45],
    ['Grassland/Pasture', 30],
    ['Herbaceous Wetlands', 10],
    ['Woody Wetlands', 5],
    ['Open Water', 3],
    ['Soybeans', 7],
  ],
  valley: [
    ['Woody Wetlands', 30],
    ['Grassland/Pasture', 30],
    ['Shrubland', 15],
    ['Open Water', 10],
    ['Walnuts', 15],
  ],
  plains: [
    ['Grassland/Pasture', 55],
    ['Woody Wetlands', 15],
    ['Barren', 10],
    ['Shrubland', 10],
    ['Alfalfa', 10],
  ],
}

for (const mix of [...Object.values(FIELD_MIX), ...Object.values(RIVERSIDE)]) {
  for (const [name] of mix) if (!CDL_BY_NAME.has(name)) throw new Error(`crop ${name} is not in contract/crops.ts`)
}

/** Crop patches (miles across): Iowa quarter-section fields, bigger blocks of orchard and wheat. */
const PATCH: Record<string, number> = { iowa: 0.6, valley: 0.8, plains: 1.1 }

const IRRIGATED_PLAINS = new Set(['Corn', 'Alfalfa', 'Soybeans'])
const DRY = new Set(['Grassland/Pasture', 'Fallow/Idle Cropland', 'Shrubland', 'Barren', 'Open Water'])

export interface CropPick {
  readonly name: string
  readonly code: number
  readonly percent: number
  readonly second: string
  readonly secondPercent: number
  readonly irrigated: boolean
}

export interface CropContext {
  readonly fips: string
  readonly region: 'iowa' | 'valley' | 'plains'
  readonly kind: number
  /** Position in miles (any fixed origin). */
  readonly x: number
  readonly y: number
  readonly streamMiles: number
  readonly acres: number
  readonly improved: boolean
}

/** The majority (and runner-up) CDL class of a parcel, spatially smooth across neighbouring fields. */
export function pickCrop(c: CropContext, key: number, site: number): CropPick {
  const r = (salt: number) => hashUnit(key, site, salt)
  let mix: [string, number][]
  let u: number
  let mixed = 0
  if (c.kind !== Kind.RURAL) {
    mix =
      c.kind === Kind.CIVIC
        ? [['Developed/Open Space', 1]]
        : c.kind === Kind.COMMERCIAL
          ? [
              ['Developed/High Intensity', 1],
              ['Developed/Med Intensity', 1],
            ]
          : [
              ['Developed/Low Intensity', 3],
              ['Developed/Med Intensity', 1],
            ]
    u = r(1)
    mixed = 0.5
  } else if (c.improved && c.acres < 5) {
    mix = [
      ['Developed/Open Space', 3],
      ['Developed/Low Intensity', 2],
    ]
    u = r(1)
    mixed = 0.6
  } else if (c.streamMiles < 0.15 + 0.2 * r(2)) {
    mix = RIVERSIDE[c.region] as [string, number][]
    u = r(1)
    mixed = 1
  } else {
    mix = FIELD_MIX[c.fips] as [string, number][]
    // Mostly the patch's crop, so neighbouring fields agree; now and then a field of its own.
    u = r(3) < 0.12 ? r(1) : patchUnit(key ^ 0x5eed, c.x, c.y, PATCH[c.region] as number)
    mixed = c.acres < 10 ? 0.5 : 0
  }
  const first = choose(mix, u)
  const second = choose(
    mix.length > 1 ? mix.filter(([n]) => n !== first) : (FIELD_MIX[c.fips] as [string, number][]),
    r(4),
  )
  const percent = Math.round(Math.min(100, Math.max(40, 99 - 32 * mixed - 14 * r(5))))
  const irrigated =
    c.region === 'valley'
      ? !DRY.has(first)
      : c.region === 'plains'
        ? IRRIGATED_PLAINS.has(first) || (first === 'Winter Wheat' && r(6) < 0.15)
        : false
  return {
    name: first,
    code: CDL_BY_NAME.get(first)?.code as number,
    percent,
    second,
    secondPercent: Math.min(100 - percent, Math.round((100 - percent) * (0.5 + 0.5 * r(7)))),
    irrigated,
  }
}

function choose(mix: readonly [string, number][], u: number): string {
  let total = 0
  for (const [, w] of mix) total += w
  let at = u * total
  for (const [name, w] of mix) {
    at -= w
    if (at < 0) return name
  }
  return (mix[mix.length - 1] as [string, number])[0]
}
