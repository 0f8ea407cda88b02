/**
 * The long tail of a demo record (tax, mailing, school district, assessor codes…): the fields real
 * county files carry beyond the spec's core, so the table, filters and reports meet realistic rows.
 */
import { FEET_PER_UNIT } from './frame'
import type { LandUse } from './land-use'
import type { Mailing } from './mailing'
import { fbm } from './noise'
import type { OwnerName } from './owner-names'
import type { Rng } from './prng'
import type { Sale } from './sales'
import { ASSESSMENT_YEAR } from './sales'
import type { SiteFacts } from './site-facts'
import { Kind } from './site-table'
import type { Values } from './values'

export interface ExtraInput {
  readonly fips: string
  readonly state: string
  /** County name in capitals. */
  readonly county: string
  readonly key: number
  readonly f: SiteFacts
  readonly owner: OwnerName
  readonly mailing: Mailing
  readonly ownerOccupied: boolean
  readonly exemption: number
  readonly taxable: number
  readonly taxRate: number
  readonly values: Values
  readonly sales: readonly Sale[]
  readonly yearBuilt: number | null
  readonly csr2: number | null
  readonly landUse: LandUse
  readonly unit: number | null
  /** Parcels stacked on the site. */
  readonly units: number
  readonly legalLot: number | null
  readonly legalBlock: number | null
  readonly subdivision: string | null
  readonly neighborhood: string
  readonly rng: Rng
}

const SOIL = ['1', '2e', '2w', '3e', '3w', '4e', '6e']

/**
 * The record's fields beyond the queryable columns (the spec's "100+ fields"): mailing and situs
 * parts, sale history, tax and district facts, soil, buildings, PLSS and census keys. Every key is
 * always present (null when it does not apply), so all records have the same shape.
 */
export function extraFields(e: ExtraInput): Record<string, unknown> {
  const { f, rng, owner, mailing, values } = e
  const sale = (k: number) => e.sales[k] ?? null
  const a = f.address
  const town = f.town.name
  const main = f.footprints.find((b) => b.use === 'house' || b.use === 'condominium') ?? f.footprints[0] ?? null
  const living = f.footprints
    .filter((b) => b.use === 'house' || b.use === 'condominium')
    .reduce((s, b) => s + (b.x1 - b.x0) * (b.y1 - b.y0) * FEET_PER_UNIT ** 2 * b.stories, 0)
  const total = f.footprints.reduce((s, b) => s + (b.x1 - b.x0) * (b.y1 - b.y0) * FEET_PER_UNIT ** 2, 0)
  const isHome = main?.use === 'house' || main?.use === 'condominium'
  // A condo unit's share of its building.
  const livingSqFt = isHome ? Math.round(living / e.units) : null
  const bedrooms = livingSqFt !== null ? Math.max(1, Math.min(5, Math.round(livingSqFt / 700) + rng.int(-1, 0))) : null
  const rural = f.kind === Kind.RURAL
  const flood = f.streamMiles < 0.12 ? 'AE' : f.streamMiles < 0.25 ? 'A' : 'X'
  const grade = fbm(e.key ^ 0x5011, f.x, f.y, 1.5)
  const soil = e.csr2 !== null ? SOIL[Math.min(6, Math.floor((100 - e.csr2) / 15))] : SOIL[Math.floor(grade * 5)]
  const tract = 1 + Math.floor(f.y / 3) * 40 + Math.floor(f.x / 3)
  const [x0, y0, x1, y1] = f.rect
  return {
    owner2: owner.owner2,
    owner_first_name: owner.firstName,
    owner_last_name: owner.lastName,
    owner_occupied: e.ownerOccupied,
    mail_address1: mailing.line1,
    mail_city: mailing.city,
    mail_state: mailing.state,
    mail_zip: mailing.zip,
    situs_house_number: a ? a.number : null,
    situs_street_prefix: a?.prefix ?? null,
    situs_street: a?.street ?? null,
    situs_street_suffix: a?.suffix ?? null,
    situs_unit: e.unit !== null ? `UNIT ${e.unit + 1}` : null,
    situs_city: a ? town : null,
    situs_state: a ? e.state : null,
    situs_zip: a ? f.town.zip : null,
    sale_date_1: sale(0)?.date ?? null,
    sale_price_1: sale(0)?.price ?? null,
    deed_type_1: sale(0)?.deed ?? null,
    sale_date_2: sale(1)?.date ?? null,
    sale_price_2: sale(1)?.price ?? null,
    deed_type_2: sale(1)?.deed ?? null,
    sale_date_3: sale(2)?.date ?? null,
    sale_price_3: sale(2)?.price ?? null,
    deed_type_3: sale(2)?.deed ?? null,
    tax_year: ASSESSMENT_YEAR,
    assessment_year: ASSESSMENT_YEAR,
    tax_rate: Math.round(e.taxRate * 1e5) / 1e5,
    tax_district: rural ? `${f.plss.township}-${f.plss.range} RURAL` : `CITY OF ${town}`,
    tax_exempt: owner.type === 'GOVERNMENT' || owner.type === 'RELIGIOUS',
    homestead_exemption: e.exemption > 0,
    exemption_amount: e.exemption,
    net_taxable_value: e.taxable,
    market_value: values.market,
    school_district: schoolDistrict(e.state, town),
    fire_district: e.state === 'CA' && rural ? `${e.county} COUNTY FIRE` : `${town} FIRE`,
    water_district: waterDistrict(e.fips, rural, town, f.x, f.y),
    flood_zone: flood,
    flood_panel: `${e.fips}C${String(1 + Math.floor(f.y / 5) * 30 + Math.floor(f.x / 5)).padStart(4, '0')}F`,
    soil_class: soil,
    csr2: e.csr2,
    irrigated: f.crop.irrigated,
    year_built: e.yearBuilt,
    effective_year_built: e.yearBuilt !== null ? Math.min(ASSESSMENT_YEAR, e.yearBuilt + rng.int(0, 25)) : null,
    num_buildings: f.footprints.length,
    building_sq_feet: Math.round(total),
    living_sq_feet: livingSqFt,
    stories: main ? main.stories : null,
    bedrooms,
    bathrooms: bedrooms !== null ? Math.max(1, bedrooms - 1 + rng.int(0, 2) * 0.5) : null,
    garage: isHome
      ? f.footprints.some((b) => b.use === 'garage')
        ? 'DETACHED'
        : rng.chance(0.5)
          ? 'ATTACHED'
          : 'NONE'
      : null,
    construction_type: main
      ? main.occupancy === 'Agricultural'
        ? 'STEEL FRAME'
        : isHome
          ? 'WOOD FRAME'
          : 'MASONRY'
      : null,
    section: f.plss.section,
    township: f.plss.township,
    range: f.plss.range,
    meridian: f.plss.meridian,
    quarter_section: f.quarter,
    lat: f.lat,
    lon: f.lon,
    land_use_description: e.landUse.landUse.slice(e.landUse.landUse.indexOf(' - ') + 3),
    property_class: e.landUse.propertyClass,
    zoning_description: e.landUse.zoningDescription,
    census_tract: `${String(tract).padStart(4, '0')}.00`,
    census_block_group: 1 + ((Math.floor(f.x) + Math.floor(f.y)) % 4),
    cdl_secondary_category: f.crop.secondPercent > 0 ? f.crop.second : null,
    cdl_secondary_percent: f.crop.secondPercent,
    slope_percent: Math.round((e.fips === '19169' ? 1 + 8 * grade : 0.2 + 2.5 * grade) * 10) / 10,
    frontage_ft: Math.round((x1 - x0) * FEET_PER_UNIT),
    depth_ft: Math.round((y1 - y0) * FEET_PER_UNIT),
    legal_lot: e.legalLot,
    legal_block: e.legalBlock,
    subdivision: e.subdivision,
    neighborhood_code: e.neighborhood,
  }
}

function schoolDistrict(state: string, town: string): string {
  // Abbreviated as assessors print them: community / unified school district, Kansas unified district no.
  if (state === 'CA') return `${town} USD`
  if (state === 'KS')
    return town === 'GARDEN CITY' || town === 'PIERCEVILLE' ? 'USD 457 GARDEN CITY' : 'USD 363 HOLCOMB'
  return `${town} CSD`
}

function waterDistrict(fips: string, rural: boolean, town: string, x: number, y: number): string {
  if (fips === '19169') return rural ? 'CENTRAL IOWA WATER ASSN' : `CITY OF ${town}`
  if (fips === '20055') return 'SW KANSAS GMD 3'
  if (!rural) return `CITY OF ${town}`
  // Lattice miles from the county's south-west corner: district lines near the real ones.
  if (fips === '06099') return y > 33 ? 'MODESTO ID' : x > 25 ? 'TURLOCK ID' : 'WEST STANISLAUS ID'
  return x < 34 ? 'WESTLANDS WD' : x < 68 ? 'FRESNO ID' : 'CONSOLIDATED ID'
}
