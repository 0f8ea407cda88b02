/**
 * Owners' mailing addresses: most in the county, some elsewhere in the state or out of state, so
 * absentee-owner questions and owner matching meet the mix real rolls have.
 */
import { townStreet } from './addresses'
import type { OwnerType } from './owner-names'
import { Rng } from './prng'
import type { TownGrid } from './town-layout'
import type { Town } from './towns'

export interface Mailing {
  readonly line1: string
  readonly city: string
  readonly state: string
  readonly zip: string
}

const IN_STATE: Record<string, [string, string][]> = {
  IA: [
    ['DES MOINES', '50309'],
    ['ANKENY', '50023'],
    ['BOONE', '50036'],
    ['MARSHALLTOWN', '50158'],
    ['WEST DES MOINES', '50265'],
    ['CEDAR RAPIDS', '52401'],
  ],
  CA: [
    ['SACRAMENTO', '95814'],
    ['SAN FRANCISCO', '94105'],
    ['LOS ANGELES', '90017'],
    ['BAKERSFIELD', '93301'],
    ['VISALIA', '93291'],
    ['SAN JOSE', '95113'],
    ['HANFORD', '93230'],
    ['MERCED', '95340'],
  ],
  KS: [
    ['WICHITA', '67202'],
    ['DODGE CITY', '67801'],
    ['LIBERAL', '67901'],
    ['SCOTT CITY', '67871'],
    ['HAYS', '67601'],
    ['TOPEKA', '66603'],
  ],
}
const ELSEWHERE: [string, string, string][] = [
  ['OMAHA', 'NE', '68102'],
  ['DENVER', 'CO', '80202'],
  ['SCOTTSDALE', 'AZ', '85251'],
  ['MINNEAPOLIS', 'MN', '55402'],
  ['CHICAGO', 'IL', '60603'],
  ['DALLAS', 'TX', '75201'],
  ['AMARILLO', 'TX', '79101'],
  ['LAS VEGAS', 'NV', '89101'],
  ['BOISE', 'ID', '83702'],
  ['PORTLAND', 'OR', '97204'],
  ['SEATTLE', 'WA', '98101'],
  ['NAPLES', 'FL', '34102'],
  ['SIOUX FALLS', 'SD', '57104'],
  ['KANSAS CITY', 'MO', '64105'],
]
const CITY_STREETS = [
  'MAIN ST',
  'GRAND AVE',
  'COLLEGE AVE',
  'PARK AVE',
  'WASHINGTON ST',
  'LAKE DR',
  'OAK ST',
  'BROADWAY',
  'CENTER ST',
]

/**
 * Where an owner who does not live on the parcel gets mail, drawn from the owner id so all of an
 * owner's parcels agree: mostly a town in the county (companies often a PO box), some elsewhere in
 * the state, a few out of state (heirs and investors).
 */
export function mailingFor(key: number, type: OwnerType, state: string, towns: readonly Town[]): Mailing {
  const rng = new Rng(key, 0x3a11)
  const company = type === 'LLC' || type === 'CORPORATION'
  const r = rng.next()
  const local = type === 'GOVERNMENT' || type === 'RELIGIOUS' || r < (company ? 0.55 : 0.72)
  if (local) {
    const town = towns[rng.weighted(towns.map((t) => t.weight))] as Town
    if (company && rng.chance(0.6))
      return { line1: `PO BOX ${rng.int(1, 2999)}`, city: town.name, state, zip: town.zip }
    const grid: Pick<TownGrid, 'mainLine'> = { mainLine: 0 }
    const street = townStreet(town, grid as TownGrid, rng.int(-9, 9))
    const number = rng.int(1, 24) * 100 + rng.int(0, 48) * 2 + rng.int(1, 2)
    return { line1: `${number} ${rng.chance(0.5) ? 'E' : 'W'} ${street}`, city: town.name, state, zip: town.zip }
  }
  const number = rng.int(100, 9999)
  const street = rng.pick(CITY_STREETS)
  if (r < (company ? 0.85 : 0.92)) {
    const [city, zip] = rng.pick(IN_STATE[state] ?? []) as [string, string]
    return { line1: `${number} ${street}${rng.chance(0.2) ? ` STE ${rng.int(100, 900)}` : ''}`, city, state, zip }
  }
  const [city, st, zip] = rng.pick(ELSEWHERE)
  return { line1: `${number} ${street}`, city, state: st, zip }
}

export const formatMailing = (m: Mailing): string => `${m.line1}, ${m.city}, ${m.state} ${m.zip}`
