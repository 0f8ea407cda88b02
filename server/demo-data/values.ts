import type { Footprint, Improvement } from './buildings'
import type { Region } from './county-profiles'
import { FEET_PER_UNIT } from './frame'
import { Kind } from './site-table'

/** Market land value, USD per acre, by region and CDL class (2024-ish levels). */
const PER_ACRE: Record<Region, Record<string, number>> = {
  iowa: {
    Corn: 11500,
    Soybeans: 11000,
    Oats: 9000,
    Alfalfa: 8500,
    'Other Hay/Non Alfalfa': 7500,
    'Grassland/Pasture': 5500,
    'Deciduous Forest': 4500,
  },
  valley: {
    Almonds: 26000,
    Pistachios: 32000,
    Walnuts: 24000,
    Grapes: 18000,
    Citrus: 23000,
    Peaches: 19000,
    Cherries: 25000,
    Tomatoes: 14000,
    Cotton: 9000,
    Alfalfa: 11000,
    Corn: 12000,
    'Dry Beans': 11000,
    'Winter Wheat': 9000,
    'Other Hay/Non Alfalfa': 9000,
    'Fallow/Idle Cropland': 7000,
    'Grassland/Pasture': 4000,
  },
  plains: {
    'Winter Wheat': 2100,
    Sorghum: 2000,
    Corn: 3400,
    Soybeans: 3600,
    Alfalfa: 4000,
    Sunflower: 2000,
    'Fallow/Idle Cropland': 1800,
    'Grassland/Pasture': 1400,
  },
}
/** Anything not listed: wetlands, water, barren, homesites (a homesite acre is priced as a lot). */
const OTHER_PER_ACRE: Record<Region, number> = { iowa: 3500, valley: 3500, plains: 1200 }
/** A typical town lot's land value and the build cost per square foot of living area. */
const TOWN: Record<string, { lot: number; perSqFt: number }> = {
  '19169': { lot: 48000, perSqFt: 140 },
  '06019': { lot: 62000, perSqFt: 185 },
  '06099': { lot: 68000, perSqFt: 190 },
  '20055': { lot: 20000, perSqFt: 105 },
}
/** Trees and vines are assessed as improvements in California; pivots and wells elsewhere. */
const TREE_CROPS = new Set(['Almonds', 'Pistachios', 'Walnuts', 'Grapes', 'Citrus', 'Peaches', 'Cherries'])

export interface ValueInput {
  readonly fips: string
  readonly region: Region
  readonly kind: number
  readonly acres: number
  readonly crop: string
  readonly irrigated: boolean
  readonly improvement: Improvement
  readonly footprints: readonly Footprint[]
  readonly yearBuilt: number | null
  /** 0..1 smooth location factor (better soils, nicer street). */
  readonly location: number
  /** Iowa corn suitability rating 2 (5–100), or null. */
  readonly csr2: number | null
  /** Parcels stacked on the site; each condo unit carries a share. */
  readonly units: number
  /** Years since the last sale (Prop 13 keeps California assessments near the purchase price). */
  readonly yearsHeld: number | null
}

export interface Values {
  readonly market: number
  readonly land: number
  readonly building: number
  readonly improvements: number
  readonly total: number
  readonly agricultural: number | null
}

const round100 = (v: number) => Math.round(v / 100) * 100

/** Assessed values; total = land + improvements exactly, and improvements ≥ buildings. */
export function assess(v: ValueInput): Values {
  const loc = 0.85 + 0.3 * v.location
  let landMarket: number
  let agricultural: number | null = null
  if (v.kind === Kind.RURAL) {
    const base = PER_ACRE[v.region][v.crop] ?? OTHER_PER_ACRE[v.region]
    const soil = v.csr2 !== null ? 0.55 + v.csr2 / 180 : 1
    const irrigation = v.region === 'plains' && v.irrigated ? 1.35 : 1
    // Small tracts sell for more per acre (homesite premium).
    const small = v.acres < 10 ? 1 + (1.6 * (10 - v.acres)) / 10 : 1
    landMarket = v.acres * base * soil * irrigation * small * loc
    if (v.improvement === 'farmstead' || v.improvement === 'house') landMarket += (TOWN[v.fips]?.lot ?? 30000) * 0.6
    agricultural =
      v.acres >= 5
        ? round100(v.acres * base * soil * (v.region === 'plains' ? 0.22 : v.region === 'iowa' ? 0.3 : 0.45))
        : null
  } else {
    const lot = TOWN[v.fips]?.lot ?? 40000
    const perLot = lot * (v.acres / 0.2) ** 0.6 * loc
    landMarket = (v.kind === Kind.COMMERCIAL ? perLot * 2.2 : v.kind === Kind.CIVIC ? perLot * 1.2 : perLot) / v.units
  }
  const age = v.yearBuilt !== null ? Math.max(0, 2024 - v.yearBuilt) : 0
  const depreciation = Math.max(0.35, 1 - age * 0.008)
  const building = round100((replacementCost(v.fips, v.region, v.footprints) * depreciation * loc) / v.units)
  let site = 0
  if (v.kind === Kind.RURAL && v.region === 'valley' && TREE_CROPS.has(v.crop)) site = v.acres * 3800
  else if (v.kind === Kind.RURAL && v.region === 'plains' && v.irrigated && v.acres >= 80) site = 65000
  else if (building > 0) site = 4000 + building * 0.04
  const improvements = building + round100(site)
  // California's Prop 13 holds the assessment near the purchase price (+2 %/yr vs ~5 %/yr market).
  // Never sold means held since before the 1975 base year.
  const ratio = v.region === 'valley' ? Math.max(0.45, (1.02 / 1.05) ** (v.yearsHeld ?? 50)) : 1
  const land = round100(landMarket * ratio)
  const assessedImprovements = round100(improvements * ratio)
  return {
    market: round100(landMarket + improvements),
    land,
    building: Math.min(assessedImprovements, round100(building * ratio)),
    improvements: assessedImprovements,
    total: land + assessedImprovements,
    agricultural,
  }
}

/** Cost to build the footprints new: homes per floor area, sheds and bins far cheaper per square foot. */
function replacementCost(fips: string, region: Region, footprints: readonly Footprint[]): number {
  const home = TOWN[fips]?.perSqFt ?? 140
  let cost = 0
  for (const f of footprints) {
    const sqFt = (f.x1 - f.x0) * (f.y1 - f.y0) * FEET_PER_UNIT ** 2 * f.stories
    const rate =
      f.occupancy === 'Agricultural'
        ? region === 'valley'
          ? 34
          : 24
        : f.code === 'U'
          ? home * 0.35
          : f.occupancy === 'Residential'
            ? home
            : f.occupancy === 'Commercial'
              ? home * 0.9
              : home * 1.1
    cost += sqFt * rate
  }
  return cost
}
