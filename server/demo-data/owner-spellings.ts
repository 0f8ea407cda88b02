/**
 * How a roll spells one owner on another deed (issue 38): a farm operator's later farms were bought
 * by other deeds and recorded by other clerks, so "JOHNSON, ROBERT L & SUSAN K" comes back as
 * "ROBERT L JOHNSON AND SUSAN K JOHNSON", "JOHNSON ROBERT L ET AL" or "JOHNSON, R L & SUSAN K";
 * "MILLER FARMS LLC" as "MILLER FARMS, L.L.C."; a couple's farm moved into a trust. The demo owner id
 * is the truth of who is one owner, so the owner benchmark (bench/owners-bench.ts) scores the
 * holdings panel's tiers against it. The choice is drawn from its own hash stream, never the main
 * PRNG, so every other generated field stays as it was.
 */
import type { OwnerName } from './owner-names'
import { hashUnit } from './prng'

/** Share of an owner's later holdings whose deed spells the name another way. */
const RESPELT = 0.7

/** The name on holding `holding` (0 = the owner's first) of the owner drawn from `key`. */
export function spellingOn(name: OwnerName, key: number, holding: number): string {
  if (holding === 0 || hashUnit(key, holding, 0x5be1) >= RESPELT) return name.name
  const variants = variantsOf(name)
  if (variants.length === 0) return name.name
  return variants[Math.floor(hashUnit(key, holding, 0x5be2) * variants.length)] as string
}

const initial = (given: string) => given.slice(0, 1)

/** "ROBERT L" → ["ROBERT", "L"]. */
const split = (person: string) => {
  const [given = '', ...rest] = person.split(' ')
  return { given, middle: rest.join(' ') }
}

/** Other ways rolls write this name, as this generator writes it (owner-names.ts). */
export function variantsOf(o: OwnerName): string[] {
  const n = o.name
  switch (o.type) {
    case 'INDIVIDUAL':
      return person(n)
    case 'TRUST':
      return trust(n)
    case 'LLC':
    case 'CORPORATION':
      return company(n)
    default:
      return []
  }
}

function person(n: string): string[] {
  const comma = n.indexOf(', ')
  if (comma < 0) return []
  const last = n.slice(0, comma)
  const people = n.slice(comma + 2).split(' & ')
  const [a = '', b] = people
  const pa = split(a)
  if (b === undefined)
    return [
      `${a} ${last}`,
      `${last} ${a}`,
      `${last}, ${a} ET AL`,
      `${last} ${a} ETAL`,
      `${last}, ${pa.given} ${pa.middle}.`,
      `${last}, ${initial(pa.given)} ${pa.middle}`,
      `${a} ${last} REVOCABLE TRUST`,
    ]
  return [
    `${a} & ${b} ${last}`,
    `${a} ${last} AND ${b} ${last}`,
    `${last} ${a} & ${b}`,
    `${last}, ${a} AND ${b}`,
    `${last}, ${a} ET AL`,
    `${last}, ${initial(pa.given)} ${pa.middle} & ${b}`,
    `${last}, ${a} & ${b} JTWROS`,
    `${last} FAMILY TRUST`,
  ]
}

function trust(n: string): string[] {
  const family = /^(.+) (FAMILY|LIVING) TRUST$/.exec(n)
  if (family) {
    const [, last, kind] = family
    return [`${last} ${kind} TR`, `THE ${last} ${kind} TRUST`, `${last} ${kind} REVOCABLE TRUST`]
  }
  const revocable = /^(.+), (.+) REVOCABLE TRUST$/.exec(n)
  if (revocable) {
    const [, last, who] = revocable
    return [
      `${who} ${last} REVOCABLE TRUST`,
      `${last} ${who} REV TR`,
      `${last}, ${who} TRUSTEE`,
      `${who} ${last} TRUST`,
      `${last}, ${who} REV LIVING TRUST`,
    ]
  }
  return []
}

/** Legal forms and words as clerks abbreviate or spell them out. */
const COMPANY_WORDS: [RegExp, string][] = [
  [/ LLC$/, ', L.L.C.'],
  [/ LLC$/, ' L L C'],
  [/ LLC$/, ', LLC'],
  [/ INC$/, ', INC.'],
  [/ INC$/, ' INCORPORATED'],
  [/ CORP$/, ' CORPORATION'],
  [/ CORP$/, ' CORP.'],
  [/ CO$/, ' COMPANY'],
  [/ CO$/, ' CO.'],
  [/ FARMS /, ' FARM '],
  [/ BROS /, ' BROTHERS '],
]

function company(n: string): string[] {
  return COMPANY_WORDS.filter(([re]) => re.test(n)).map(([re, to]) => n.replace(re, to))
}
