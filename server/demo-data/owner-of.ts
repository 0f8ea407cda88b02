/**
 * Who owns a demo site: resolves the ownership plan (local owners, the roster of multi-county
 * owners) to a name and mailing address, so a roster owner reads the same in every county it holds land in.
 */
import { civicUseOf } from './buildings'
import type { DemoCounty } from './counties'
import type { CountyProfile } from './county-profiles'
import type { Mailing } from './mailing'
import type { CivicUse, OwnerName } from './owner-names'
import { civicOwner, ownerName } from './owner-names'
import { rosterName } from './owner-roster'
import { spellingOn } from './owner-spellings'
import { OwnerClass, type Ownership } from './owners'
import { hashInts, hashUnit, Rng } from './prng'
import { Kind, type SiteTable } from './site-table'
import type { Town } from './towns'

/** The parts of a county build that decide who owns what. */
export interface OwnerContext {
  readonly key: number
  readonly county: DemoCounty
  readonly profile: CountyProfile
  readonly towns: readonly Town[]
  readonly sites: SiteTable
  readonly own: Ownership
}

export interface ResolvedOwner {
  readonly id: number
  /** Seed of everything drawn about this owner (name, mailing address). */
  readonly key: number
  readonly name: OwnerName
  /** A multi-county owner's one mailing address (owner-roster.ts); otherwise drawn per county. */
  readonly mailing?: Mailing
}

export const civicUseAt = (b: { key: number }, site: number): CivicUse => civicUseOf(hashUnit(b.key, site, 0xc1))

/**
 * Who owns a parcel (unit 0 of a site, or a stacked condo unit). Names come from the owner id (and,
 * for an operator's later farms, which holding it is), and this one function is used both for the
 * records and for grouping same-owner neighbours, so `adjacent_acreage_sameowner` agrees with the
 * owner names a reader sees: a holding is one piece with one spelling.
 */
export function ownerOf(b: OwnerContext, site: number, unit: number): ResolvedOwner {
  const id = unit === 0 ? b.own.owner[site]! : b.own.condoBase + site * 16 + unit
  const cls = unit === 0 ? (b.own.ownerClass[id]! as OwnerClass) : OwnerClass.CONDO
  const key = hashInts(b.key, 0x0e, id)
  const c = b.county
  const kind = b.sites.kind[site]!
  if (kind === Kind.CIVIC) {
    const town = b.towns[b.sites.town[site]!] as Town
    return { id, key, name: civicOwner(civicUseAt(b, site), town.name, c.state, site) }
  }
  const slot = unit === 0 ? b.own.roster?.get(id) : undefined
  if (slot) return { id, key, ...rosterName(slot, c.state) }
  // Any town of the county (the same for all the owner's parcels) for "CITY OF …" style names.
  const town = b.towns[new Rng(key, 0x70).weighted(b.towns.map((t) => t.weight))] as Town
  const name = ownerName(key, cls, b.profile.region, c.county.toUpperCase(), c.state, town.name)
  // An operator's later farms: the deed may spell the same owner another way (owner-spellings.ts).
  const holding = unit === 0 ? b.own.holding[site]! : 0
  return { id, key, name: holding === 0 ? name : { ...name, name: spellingOn(name, key, holding) } }
}
