/**
 * The built-in land-use rules: words in descriptions, and the code schemes counties use most. Pure
 * data and small functions, read by land-use-classify.ts. Each scheme names where its table comes
 * from; a county whose codes mean something else gives a rules file (docs/loading-data.md "Land-use classes").
 */
import type { LandUseClass } from './land-use-classes'

/**
 * Words in a description (or a code that carries its description, "R-1 SINGLE FAMILY"), by class.
 * The earliest match in the text wins ("AGRICULTURAL RESIDENTIAL" is agricultural, "MOBILE HOME
 * PARK" residential, "INDUSTRIAL PARK" industrial), except that "vacant" wins wherever it stands
 * unless the text is agricultural (bare farmland is farmland).
 */
export const KEYWORDS: readonly (readonly [LandUseClass, RegExp])[] = [
  [
    'agricultural',
    /\bAG\b|AGRI|FARM|\bCROP|CASH GRAIN|\bGRAIN|PASTURE|GRAZING|ORCHARD|VINEYARD|\bGROVES?\b|TIMBER|\bFOREST|DAIRY|LIVESTOCK|POULTRY|\bRANCH|\bHAY\b|CATTLE|\bHOGS?\b|CITRUS|TOBACCO|AQUACULTURE|HORTICULT/,
  ],
  [
    'residential',
    /RESIDEN|SINGLE[- ]?FAM|\bSFR\b|MULTI[- ]?FAM|MULTIPLE FAM|\bDUPLEX|TRIPLEX|FOURPLEX|APARTMENT|CONDO|TOWN ?HOUSE|TOWN ?HOME|MOBILE ?HOME|MANUFACTURED HOME|DWELLING|HOMESITE|\bHOMESTEAD/,
  ],
  [
    'commercial',
    /COMMERC|RETAIL|\bSTORES?\b|\bSHOP|OFFICE|RESTAURANT|\bHOTEL|\bMOTEL|\bBANKS?\b|FINANCIAL|SERVICE STATION|GAS STATION|AUTO (SALES|REPAIR|SERVICE)|PARKING|SUPERMARKET|\bMALL\b|BUSINESS|MIXED USE/,
  ],
  [
    'industrial',
    /INDUSTR|MANUFACTUR|WAREHOUSE|FACTORY|\bMILLS?\b|\bMINING|\bMINERAL|QUARRY|GRAVEL PIT|PACKING|PROCESSING|LUMBER|REFINER|CANNER|DISTRIBUTION|TRUCK TERMINAL|SALVAGE/,
  ],
  [
    'institutional',
    /EXEMPT|SCHOOL|CHURCH|RELIGIOUS|GOVERN|PUBLIC|MUNICIPAL|FEDERAL|STATE OWNED|COUNTY OWNED|CITY OWNED|HOSPITAL|CEMETER|\bPARKS?\b|LIBRARY|COLLEGE|UNIVERSITY|INSTITUTION|CHARIT|NON-?PROFIT|MILITARY|FIRE STATION|POLICE|COURTHOUSE/,
  ],
  [
    'other',
    /UTILIT|RAILROAD|RIGHT[- ]OF[- ]WAY|\bWATER\b|SUBMERGED|\bRIVERS?\b|\bLAKES?\b|\bROADS?\b|COMMON (AREA|ELEMENT)|CENTRALLY ASSESSED|PIPELINE|CELL TOWER|RECREATION|\bGOLF/,
  ],
]

export const VACANT = /\bVACANT\b|\bVAC\b|UNIMPROVED|BARE LAND/

/**
 * Short assessor class codes of Midwestern counties ("A1", "R-1", "C2", "E3", "V", "AG", "RES"),
 * read by their letters. M (multi-residential in Iowa, manufacturing elsewhere) is left to rules.
 */
const PREFIXES: Record<string, LandUseClass> = {
  A: 'agricultural',
  AG: 'agricultural',
  R: 'residential',
  RES: 'residential',
  C: 'commercial',
  COM: 'commercial',
  I: 'industrial',
  IND: 'industrial',
  E: 'institutional',
  EX: 'institutional',
  X: 'institutional',
  P: 'institutional',
  V: 'vacant',
  VAC: 'vacant',
  U: 'other',
}

export function prefixClass(code: string): LandUseClass | null {
  const m = /^([A-Z]{1,3})(?:[- ]?\d{1,3}[A-Z]?)?$/.exec(code)
  return m ? (PREFIXES[m[1]!] ?? null) : null
}

/**
 * Florida Department of Revenue land-use codes (Rule 12D-8.008, the NAL file's DOR_UC), 00–99;
 * property appraisers write them as "01", "001" or four digits "0100" (two digits of sub-code).
 */
function floridaDor(code: string): LandUseClass | null {
  const digits = /^\d{2}$/.test(code)
    ? code
    : /^0\d{2}$/.test(code)
      ? code.slice(1)
      : /^\d{4}$/.test(code)
        ? code.slice(0, 2)
        : null
  if (digits === null) return null
  const n = Number(digits)
  if (n === 0 || n === 10 || n === 40 || n === 70 || n === 80 || n === 99) return 'vacant'
  if (n === 9) return 'other' // residential common elements
  if (n < 10) return 'residential'
  if (n < 40) return 'commercial'
  if (n < 50 || n === 92) return 'industrial' // 92: mining, petroleum and gas lands
  if (n < 70) return 'agricultural'
  if (n < 90) return 'institutional'
  return 'other' // 90 leaseholds, 91 utilities, 93 subsurface rights, 94 rights-of-way, 95–98
}

/**
 * Indiana (DLGF) and Ohio (DTE) property class codes, 100–899: the first digit is the class
 * (1 agricultural, 2 mineral, 3 industrial, 4 commercial, 5 residential, 6 exempt, 8 utility), and
 * 300, 400 and 500 are the vacant lots of their class (100, vacant farmland, stays agricultural).
 */
function indianaOhio(code: string): LandUseClass | null {
  if (!/^[1-8]\d{2}$/.test(code)) return null
  if (code === '300' || code === '400' || code === '500') return 'vacant'
  return (
    (
      {
        '1': 'agricultural',
        '2': 'industrial',
        '3': 'industrial',
        '4': 'commercial',
        '5': 'residential',
        '6': 'institutional',
      } as const
    )[code[0] as '1'] ?? 'other'
  )
}

/**
 * Michigan property classes (101 … 708): 1 agricultural, 2 commercial, 3 industrial, 4 residential,
 * 5 timber-cutover, 6 developmental, 7 exempt; x02 is the vacant land of classes 2–4.
 */
function michigan(code: string): LandUseClass | null {
  if (!/^[1-7]\d{2}$/.test(code)) return null
  if (code === '202' || code === '302' || code === '402') return 'vacant'
  return (
    {
      '1': 'agricultural',
      '2': 'commercial',
      '3': 'industrial',
      '4': 'residential',
      '5': 'agricultural',
      '6': 'vacant',
      '7': 'institutional',
    } as const
  )[code[0] as '1']
}

/**
 * California has no statewide scheme; the four-character use codes of the Los Angeles County
 * Assessor (also used by several other counties) are the most common: first digit 0 residential,
 * 1–2 commercial, 3 industrial, 4 agricultural, 7 institutional, 8 public; a fourth character V
 * marks vacant land ("010V"). Other California schemes need a rules file.
 */
function californiaLa(code: string): LandUseClass | null {
  if (!/^\d{3}[0-9A-Z]$/.test(code)) return null
  if (code.endsWith('V')) return 'vacant'
  return (
    (
      {
        '0': 'residential',
        '1': 'commercial',
        '2': 'commercial',
        '3': 'industrial',
        '4': 'agricultural',
        '7': 'institutional',
        '8': 'institutional',
      } as const
    )[code[0] as '0'] ?? 'other'
  )
}

/** Code schemes by state (two-letter abbreviation). */
export const STATE_SCHEMES: Readonly<Record<string, (code: string) => LandUseClass | null>> = {
  FL: floridaDor,
  IN: indianaOhio,
  OH: indianaOhio,
  MI: michigan,
  CA: californiaLa,
}
