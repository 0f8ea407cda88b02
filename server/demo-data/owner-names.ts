/**
 * The demo's owner names as county rolls print them ("JOHNSON, ROBERT L & SUSAN K", "MILLER FARMS
 * LLC", trusts, churches, the county itself), by region, drawn from the owner's id alone so every
 * parcel of one owner carries the same name — the truth the owner-matching benchmark is scored on.
 */
import type { Region } from './county-profiles'
import { OwnerClass } from './owners'
import { Rng } from './prng'

const OWNER_TYPES = ['INDIVIDUAL', 'TRUST', 'LLC', 'CORPORATION', 'GOVERNMENT', 'RELIGIOUS'] as const
export type OwnerType = (typeof OWNER_TYPES)[number]

export interface OwnerName {
  readonly name: string
  readonly type: OwnerType
  /** Second name on the deed (spouse, trustee), or null. */
  readonly owner2: string | null
  readonly lastName: string | null
  readonly firstName: string | null
}

const list = (s: string) => s.split(' ').map((w) => w.replaceAll('_', ' '))
const SURNAMES: Record<Region, string[]> = {
  iowa: list(
    'JOHNSON PETERSON LARSON ANDERSON NELSON HANSON OLSON ERICKSON SWENSON SCHMIDT MILLER MEYER HOFFMAN WEBER KRUEGER THOMPSON JACOBSON HALVERSON TJELMELAND SEVERSON DAWSON MCCALLISTER KINNEY BRENDEN OPPEDAL ROSS SMITH BROWN WILSON HEGLAND',
  ),
  valley: list(
    'GARCIA MARTINEZ HERNANDEZ LOPEZ RODRIGUEZ SINGH DHALIWAL SANDHU GILL SOUSA SILVA AVILA MENDES MACHADO ARAKELIAN KOLIGIAN JAMGOTCHIAN NAKAMURA TAKAHASHI YAMAMOTO JOHNSON SMITH MILLER DAVIS WILSON ANDERSON PERRY BRANDT VAN_GRONINGEN BERTAGNA',
  ),
  plains: list(
    'SCHMIDT WEBER KLEIN HOFFMAN BECKER FRIESEN UNRUH REGIER KOEHN MILLER JONES SMITH BROWN DAVIS WILSON TAYLOR GARCIA HERNANDEZ NGUYEN TRAN HAMMOND STUDER WHEATCROFT DREILING BRUNGARDT LINENBERGER OSTER GIGOT WOODS',
  ),
}
const MEN_COMMON =
  'MARK JOHN DAVID JAMES ROBERT MICHAEL WILLIAM RICHARD THOMAS DANIEL STEVEN PAUL GARY KEVIN BRIAN LARRY'
const WOMEN_COMMON =
  'SUSAN MARY LINDA KAREN PATRICIA NANCY BARBARA JANET CAROL SANDRA DONNA LISA JULIE JENNIFER ELIZABETH DEBRA'
const MEN: Record<Region, string[]> = {
  iowa: list(`${MEN_COMMON} DALE DEAN ROGER ARLEN DUANE LOREN`),
  valley: list(`${MEN_COMMON} JOSE LUIS CARLOS MANUEL HARJIT KULWANT ANTONIO ARA`),
  plains: list(`${MEN_COMMON} DALE ROGER JOSE LUIS MINH VERNON`),
}
const WOMEN: Record<Region, string[]> = {
  iowa: list(`${WOMEN_COMMON} DIANE JOAN KATHY SHIRLEY`),
  valley: list(`${WOMEN_COMMON} MARIA ROSA ELENA GURPREET ALMA`),
  plains: list(`${WOMEN_COMMON} DIANE KATHY MARIA LAN`),
}
const FARM_WORDS: Record<Region, string[]> = {
  iowa: list(
    'PRAIRIE_ACRES HEARTLAND SKUNK_RIVER GOLDEN_HARVEST RIDGEVIEW CORNERSTONE TIMBER_CREEK BLACK_SOIL SUNRISE_VALLEY HAWKEYE_LAND',
  ),
  valley: list(
    'VALLEY_VIEW SUNRISE_ORCHARDS SIERRA_GOLD SAN_JOAQUIN KINGS_RIVER BLOSSOM_TRAIL GOLDEN_STATE RIVERBEND VINEYARD_HILLS CENTRAL_VALLEY',
  ),
  plains: list(
    'HIGH_PLAINS SANDHILL WHEATLAND ARKANSAS_VALLEY PRAIRIE_WIND SHORT_GRASS BUFFALO_RIDGE SANTA_FE_TRAIL WESTERN_KANSAS SOUTHWIND',
  ),
}
const CHURCHES = list(
  'ST_PETERS_LUTHERAN_CHURCH FIRST_UNITED_METHODIST_CHURCH ST_PATRICKS_CATHOLIC_CHURCH SACRED_HEART_PARISH FIRST_BAPTIST_CHURCH GRACE_EVANGELICAL_FREE_CHURCH TRINITY_REFORMED_CHURCH FIRST_PRESBYTERIAN_CHURCH',
)
const STATE_NAMES: Record<string, string> = { IA: 'IOWA', CA: 'CALIFORNIA', KS: 'KANSAS' }

const TYPE_WEIGHTS: Record<OwnerClass, number[]> = {
  [OwnerClass.FARM]: [46, 24, 14, 10, 4, 2],
  [OwnerClass.HOME]: [82, 10, 7, 1, 0, 0],
  [OwnerClass.BUSINESS]: [15, 5, 50, 30, 0, 0],
  [OwnerClass.CIVIC]: [0, 0, 0, 0, 1, 0],
  [OwnerClass.CONDO]: [85, 8, 7, 0, 0, 0],
}

/** Names an owner from its id alone, so every parcel of the owner carries the same name and type. */
export function ownerName(
  key: number,
  cls: OwnerClass,
  region: Region,
  county: string,
  state: string,
  town: string,
): OwnerName {
  const rng = new Rng(key, 0x0a11e)
  const type = OWNER_TYPES[rng.weighted(TYPE_WEIGHTS[cls])] as OwnerType
  const last = rng.pick(SURNAMES[region])
  const man = `${rng.pick(MEN[region])} ${String.fromCharCode(65 + rng.int(0, 25))}`
  const woman = `${rng.pick(WOMEN[region])} ${String.fromCharCode(65 + rng.int(0, 25))}`
  const person = rng.chance(0.55) ? man : woman
  switch (type) {
    case 'INDIVIDUAL': {
      const couple = rng.chance(0.45)
      const name = couple ? `${last}, ${man} & ${woman}` : `${last}, ${person}`
      return {
        name,
        type,
        owner2: couple ? `${last}, ${woman}` : null,
        lastName: last,
        firstName: couple ? man : person,
      }
    }
    case 'TRUST': {
      const name = rng.pick([`${last} FAMILY TRUST`, `${last}, ${person} REVOCABLE TRUST`, `${last} LIVING TRUST`])
      return { name, type, owner2: `${last}, ${person} TRUSTEE`, lastName: last, firstName: null }
    }
    case 'LLC': {
      const words =
        cls === OwnerClass.FARM
          ? rng.pick(FARM_WORDS[region])
          : `${last} ${rng.pick(['PROPERTIES', 'RENTALS', 'HOLDINGS', 'INVESTMENTS'])}`
      return {
        name: `${rng.chance(0.5) ? words : `${last} FARMS`} LLC`,
        type,
        owner2: null,
        lastName: null,
        firstName: null,
      }
    }
    case 'CORPORATION': {
      const farm = cls === OwnerClass.FARM
      const name = farm
        ? rng.pick([
            `${last} FARMS INC`,
            `${last} BROS INC`,
            `${rng.pick(FARM_WORDS[region])} LAND CO`,
            `${last} ${region === 'valley' ? 'ORCHARDS' : 'CATTLE'} CORP`,
          ])
        : rng.pick([
            `${last} ENTERPRISES INC`,
            `${rng.pick(FARM_WORDS[region])} BANK`,
            `${town} DEVELOPMENT CORP`,
            `CASEYS MARKETING CO`,
          ])
      return { name, type, owner2: null, lastName: null, firstName: null }
    }
    case 'GOVERNMENT': {
      const name = rng.pick([
        `STATE OF ${STATE_NAMES[state] ?? state}`,
        `${county} COUNTY`,
        `CITY OF ${town}`,
        'UNITED STATES OF AMERICA',
      ])
      return { name, type, owner2: null, lastName: null, firstName: null }
    }
    default:
      return { name: `${rng.pick(CHURCHES)} OF ${town}`, type, owner2: null, lastName: null, firstName: null }
  }
}

/** Civic sites are owned by what they are: the school district, the church, the city. */
export function civicOwner(use: CivicUse, town: string, state: string, variant: number): OwnerName {
  const name =
    use === 'SCHOOL'
      ? state === 'CA'
        ? `${town} UNIFIED SCHOOL DISTRICT`
        : state === 'KS'
          ? `USD 457 ${town}`
          : `${town} COMMUNITY SCHOOL DISTRICT`
      : use === 'CHURCH'
        ? `${CHURCHES[variant % CHURCHES.length]} OF ${town}`
        : `CITY OF ${town}`
  return { name, type: use === 'CHURCH' ? 'RELIGIOUS' : 'GOVERNMENT', owner2: null, lastName: null, firstName: null }
}

export type CivicUse = 'SCHOOL' | 'CHURCH' | 'CITY HALL' | 'PARK'
