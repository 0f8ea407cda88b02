/**
 * Owners the way real rolls spell them (issue 21): a few operators hold land in several demo counties
 * and states, and each county (and each deed, over the years) writes their name its own way —
 * "MILLER FARMS LLC", "MILLER FARMS, L.L.C.", "MILLER FARM LLC"; couples and trusts in both name
 * orders; one mailing address shared by several spellings and by a second company. They take over
 * whole farm holdings (contiguous fields of one generated owner), so their land stays contiguous and
 * `adjacent_acreage_sameowner` keeps its meaning. Deterministic: the holdings are picked from the
 * county's farm owners by a seeded hash, the same for any DEMO_PARCELS large enough to have them.
 */
import type { DemoCounty } from './counties'
import type { Mailing } from './mailing'
import type { OwnerName, OwnerType } from './owner-names'
import { OwnerClass, type Ownership } from './owners'
import { hashUnit } from './prng'

export interface RosterOwner {
  readonly type: OwnerType
  /** The one address every spelling of this owner gets its tax bills at. */
  readonly mailing: Mailing
  /** Spellings per state: holding j of the owner in a county uses spelling j mod n. */
  readonly spellings: Readonly<Record<string, readonly string[]>>
  /** Holdings per county (state + county FIPS). */
  readonly holdings: Readonly<Record<string, number>>
}

const AMES_BOX: Mailing = { line1: 'PO BOX 412', city: 'AMES', state: 'IA', zip: '50010' }

export const ROSTER: readonly RosterOwner[] = [
  {
    type: 'LLC',
    mailing: AMES_BOX,
    spellings: {
      IA: ['MILLER FARMS LLC', 'MILLER FARMS, L.L.C.', 'MILLER FARMS LLC'],
      KS: ['MILLER FARM LLC', 'MILLER FARMS LLC'],
      CA: ['MILLER FARMS L L C'],
    },
    holdings: { '19169': 3, '20055': 2, '06019': 1 },
  },
  {
    // Shares Miller's post office box: found only through the mailing address.
    type: 'LLC',
    mailing: AMES_BOX,
    spellings: { IA: ['PRAIRIE ACRES LLC'], KS: ['PRAIRIE ACRES L.L.C.'] },
    holdings: { '19169': 1, '20055': 1 },
  },
  {
    type: 'INDIVIDUAL',
    mailing: { line1: '1820 W LINCOLN WAY', city: 'AMES', state: 'IA', zip: '50014' },
    spellings: {
      IA: ['JOHNSON, ROBERT L & SUSAN K', 'JOHNSON ROBERT L ET AL'],
      KS: ['ROBERT L & SUSAN K JOHNSON', 'ROBERT L JOHNSON AND SUSAN K JOHNSON'],
    },
    holdings: { '19169': 2, '20055': 2 },
  },
  {
    type: 'TRUST',
    mailing: { line1: 'PO BOX 88', city: 'NEVADA', state: 'IA', zip: '50201' },
    spellings: { IA: ['PETERSON, DALE R TRUST', 'DALE R PETERSON TRUST'], KS: ['PETERSON DALE R TRUST'] },
    holdings: { '19169': 2, '20055': 1 },
  },
  {
    type: 'CORPORATION',
    mailing: { line1: '4410 W SHAW AVE', city: 'FRESNO', state: 'CA', zip: '93722' },
    spellings: { CA: ['SANDHU BROTHERS FARMS INC', 'SANDHU BROS FARMS, INC.'] },
    holdings: { '06019': 2, '06099': 1 },
  },
]

export interface RosterSlot {
  readonly owner: number
  /** Which of the owner's holdings in this county (picks the spelling). */
  readonly holding: number
}

/** Farm holdings of 2–8 fields make recognisable pieces; one field is not much of a holding. */
const MIN_FIELDS = 2
const MAX_FIELDS = 8

/**
 * The generated farm owners (ids) that roster owners take over in this county: the county's farm
 * owners with a holding of 2–8 fields, in seeded hash order, handed out roster owner by owner.
 */
export function rosterSlots(own: Ownership, county: DemoCounty, key: number): Map<number, RosterSlot> {
  const fips = county.state_fp + county.county_fp
  const fields = new Map<number, number>()
  for (const id of own.owner)
    if (id >= 0 && own.ownerClass[id] === OwnerClass.FARM) fields.set(id, (fields.get(id) ?? 0) + 1)
  const candidates = [...fields]
    .filter(([, n]) => n >= MIN_FIELDS && n <= MAX_FIELDS)
    .map(([id]) => id)
    .sort((a, b) => hashUnit(key, a, 0x2051) - hashUnit(key, b, 0x2051) || a - b)
  const slots = new Map<number, RosterSlot>()
  let next = 0
  ROSTER.forEach((r, owner) => {
    for (let holding = 0; holding < (r.holdings[fips] ?? 0) && next < candidates.length; holding++) {
      slots.set(candidates[next++] as number, { owner, holding })
    }
  })
  return slots
}

/** The name (as this county spells it for this holding) and the shared mailing address. */
export function rosterName(slot: RosterSlot, state: string): { name: OwnerName; mailing: Mailing } {
  const r = ROSTER[slot.owner] as RosterOwner
  const spellings = r.spellings[state] ?? Object.values(r.spellings)[0] ?? ['UNKNOWN OWNER']
  const name = spellings[slot.holding % spellings.length] as string
  return { name: { name, type: r.type, owner2: null, lastName: null, firstName: null }, mailing: r.mailing }
}
