/**
 * Land use, zoning and property class of a demo parcel, from its kind and crop, with each county's
 * own zoning codes, so the demo's filters behave like a real county's mixed vocabulary.
 */
import type { Improvement } from './buildings'
import type { CivicUse } from './owner-names'
import { Kind } from './site-table'

export interface LandUse {
  readonly landUse: string
  readonly code: string
  readonly zoning: string
  readonly zoningDescription: string
  readonly propertyClass: string
}

const TREES = new Set(['Almonds', 'Pistachios', 'Walnuts', 'Grapes', 'Citrus', 'Peaches', 'Cherries'])
const GRASS = new Set(['Grassland/Pasture', 'Shrubland', 'Barren', 'Other Hay/Non Alfalfa'])
const WILD = new Set(['Deciduous Forest', 'Evergreen Forest', 'Woody Wetlands', 'Herbaceous Wetlands', 'Open Water'])

/** Each county's zoning codes: [agricultural, rural residential, single family, multi family, commercial, public]. */
const ZONES: Record<string, [string, string][]> = {
  '19169': [
    ['A-1', 'AGRICULTURAL'],
    ['A-R', 'AGRICULTURAL RESIDENTIAL'],
    ['R-1', 'SINGLE FAMILY RESIDENTIAL'],
    ['R-3', 'MULTIPLE FAMILY RESIDENTIAL'],
    ['C-2', 'GENERAL COMMERCIAL'],
    ['P', 'PUBLIC'],
  ],
  '06019': [
    ['AE-20', 'EXCLUSIVE AGRICULTURAL 20 ACRE'],
    ['AL-20', 'LIMITED AGRICULTURAL'],
    ['R-1', 'SINGLE FAMILY RESIDENTIAL'],
    ['RM-3', 'MULTIPLE FAMILY RESIDENTIAL'],
    ['C-6', 'GENERAL COMMERCIAL'],
    ['PI', 'PUBLIC AND INSTITUTIONAL'],
  ],
  '06099': [
    ['A-2-40', 'GENERAL AGRICULTURE 40 ACRE'],
    ['A-2-10', 'GENERAL AGRICULTURE 10 ACRE'],
    ['R-1', 'SINGLE FAMILY RESIDENTIAL'],
    ['R-3', 'MULTIPLE FAMILY RESIDENTIAL'],
    ['C-2', 'GENERAL COMMERCIAL'],
    ['P-D', 'PLANNED DEVELOPMENT'],
  ],
  '20055': [
    ['AG', 'AGRICULTURAL'],
    ['RR', 'RURAL RESIDENTIAL'],
    ['R-1', 'SINGLE FAMILY RESIDENTIAL'],
    ['R-3', 'MULTI FAMILY RESIDENTIAL'],
    ['C-2', 'GENERAL COMMERCIAL'],
    ['P', 'PUBLIC USE'],
  ],
}

/**
 * Assessor land-use class, its code, and the zoning that goes with it. The loader derives the
 * national `land_use_class` from the code and description with its built-in rules, as for any
 * county (contract/land-use-classify.ts; land-use.test.ts checks each value lands in the class its
 * property class names, so the demo has no unclassified parcel).
 */
export function landUseOf(
  fips: string,
  kind: number,
  improvement: Improvement,
  crop: string,
  civic: CivicUse,
  acres: number,
  u: number,
): LandUse {
  const zones = ZONES[fips] ?? (ZONES['19169'] as [string, string][])
  const zone = (k: number) => zones[k] as [string, string]
  const out = (landUse: string, code: string, z: number, propertyClass: string): LandUse => ({
    landUse,
    code,
    zoning: zone(z)[0],
    zoningDescription: zone(z)[1],
    propertyClass,
  })
  switch (kind) {
    case Kind.RURAL:
      if (acres < 10 && improvement === 'house') return out('RESIDENTIAL - RURAL ACREAGE', 'R5', 1, 'RESIDENTIAL')
      if (acres < 10 && improvement === 'none' && u < 0.5) return out('VACANT - RURAL LAND', 'V2', 1, 'VACANT')
      if (improvement === 'farmstead') return out('AGRICULTURAL - FARMSTEAD', 'A4', 0, 'AGRICULTURAL')
      if (TREES.has(crop)) return out('AGRICULTURAL - ORCHARD/VINEYARD', 'A3', 0, 'AGRICULTURAL')
      if (GRASS.has(crop)) return out('AGRICULTURAL - PASTURE/GRAZING', 'A2', 0, 'AGRICULTURAL')
      if (WILD.has(crop)) return out('AGRICULTURAL - TIMBER/CONSERVATION', 'A6', 0, 'AGRICULTURAL')
      return out('AGRICULTURAL - CROPLAND', 'A1', 0, 'AGRICULTURAL')
    case Kind.RESIDENTIAL:
      if (improvement === 'none') return out('VACANT - RESIDENTIAL LOT', 'V1', 2, 'VACANT')
      return u < 0.08
        ? out('RESIDENTIAL - MULTI FAMILY', 'R2', 3, 'RESIDENTIAL')
        : out('RESIDENTIAL - SINGLE FAMILY', 'R1', 2, 'RESIDENTIAL')
    case Kind.CONDO:
      return out('RESIDENTIAL - CONDOMINIUM', 'R3', 3, 'RESIDENTIAL')
    case Kind.COMMERCIAL:
      if (improvement === 'none') return out('VACANT - COMMERCIAL', 'V3', 4, 'VACANT')
      return u < 0.5
        ? out('COMMERCIAL - RETAIL', 'C1', 4, 'COMMERCIAL')
        : u < 0.75
          ? out('COMMERCIAL - OFFICE', 'C3', 4, 'COMMERCIAL')
          : out('COMMERCIAL - RESTAURANT', 'C4', 4, 'COMMERCIAL')
    default:
      return civic === 'SCHOOL'
        ? out('EXEMPT - SCHOOL', 'E1', 5, 'EXEMPT')
        : civic === 'CHURCH'
          ? out('EXEMPT - CHURCH', 'E2', 5, 'EXEMPT')
          : civic === 'PARK'
            ? out('EXEMPT - PARK', 'E4', 5, 'EXEMPT')
            : out('EXEMPT - GOVERNMENT', 'E3', 5, 'EXEMPT')
  }
}
