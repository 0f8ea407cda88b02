/**
 * An owner's portfolio across every covered county, with the spellings the rolls use offered, not
 * merged. Two reads, each over all covered states at once (scoped-query.ts):
 *   1. `owner ilike <word>` — the owner's most distinctive word (a surname, a company's name):
 *      every spelling of the owner contains it, so one read finds the owner and its variants;
 *   2. `mail_addr in <the owner's mailing addresses>` — parcels billed to the same address under
 *      another name (a second company, a manager).
 *   calls = max(1, ⌈m / 100⌉) + max(1, ⌈a / 100⌉)
 *   m = parcels in the covered states whose owner contains the word, a = parcels at the addresses.
 * The records are then grouped by spelling and each spelling put in an evidence tier in the browser
 * (owner-match.ts): the name itself is in by default; the same owner's other spellings, owners at
 * the same address, names only possibly related and other names containing the word are listed
 * with their counts and evidence for the user to include or leave out.
 */
import type { ParcelRecord } from '../../../contract/schemas'
import type { QuerySourceLike, Runner } from '../../calls/runner'
import { acreTotals } from '../../format/acreage'
import { matchOwner } from './owner-match'
import { type Comparison, compareOwners, probeWords, spellingKey } from './owner-names'
import { loadScoped, pagesFor, type ScopeCounty, type ScopedOptions } from './scoped-query'

/** `variant`: the same owner on strong evidence; `possible`: a similar name, nothing more (owner-match.ts). */
export type GroupKind = 'owner' | 'variant' | 'address' | 'possible' | 'other'

/** One spelling of an owner name and its parcels (serialisable; no class instances). */
export interface OwnerGroup {
  /** The spelling, case and spacing normalised (spellingKey). */
  key: string
  /** As the roll writes it (the most common way among its parcels). */
  name: string
  kind: GroupKind
  /** The evidence and how it differs from the owner asked for ("same mailing address", "word order"…). */
  reasons: string[]
  ids: string[]
  /** Measured acres, each footprint once (format/acreage.ts). */
  acres: number
  /** "Story, IA" … */
  counties: string[]
}

export interface PortfolioRequest {
  name: string
  /** The word searched with `ilike`; default the first of probeWords(name). */
  word?: string
  /** Mailing addresses known beforehand (the card's parcel); the owner's own parcels add theirs. */
  mailing?: string[]
  /** Also read parcels at the owner's mailing addresses (the second read). */
  byAddress?: boolean
}

export interface PortfolioResult {
  name: string
  word: string
  groups: OwnerGroup[]
  records: Map<string, ParcelRecord>
  addresses: string[]
  /** Matches per read, for the formula: calls = Σ pagesFor(count). */
  counts: { word: number[]; address: number[] }
  capped: boolean
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null)
export const countyLabel = (r: ParcelRecord) => `${String(r.county ?? '?')}, ${String(r.state ?? '?')}`

/** The fewest calls for the reads made, given their match counts. */
export const portfolioCalls = (counts: PortfolioResult['counts']): number =>
  [...counts.word, ...counts.address].reduce((s, n) => s + pagesFor(n), 0)

export async function findPortfolio(
  runner: Runner,
  source: QuerySourceLike,
  req: PortfolioRequest,
  counties: readonly ScopeCounty[],
  opts: ScopedOptions = {},
): Promise<PortfolioResult> {
  const word = (req.word ?? probeWords(req.name)[0] ?? req.name).trim()
  if (word === '') throw new Error('Type an owner name with at least one letter or digit.')
  const byWord = await loadScoped(runner, source, [{ field: 'owner', op: 'ilike', value: word }], counties, opts)
  const records = new Map(byWord.records.map((r) => [r.svc_uuid, r]))
  const comparisons = new Map<string, Comparison>()
  const compare = (owner: string) => {
    const key = spellingKey(owner)
    const c = comparisons.get(key) ?? compareOwners(req.name, owner)
    comparisons.set(key, c)
    return c
  }
  const addresses = new Set((req.mailing ?? []).map(spellingKey).filter(Boolean))
  for (const r of byWord.records) {
    const owner = text(r.owner)
    const mail = text(r.mail_addr)
    if (owner && mail && compare(owner).relation === 'same') addresses.add(spellingKey(mail))
  }
  let byAddress: Awaited<ReturnType<typeof loadScoped>> | null = null
  if (req.byAddress !== false && addresses.size > 0) {
    // The addresses as the roll writes them (the in-list matches exactly).
    const written = new Set<string>()
    for (const r of byWord.records) {
      const mail = text(r.mail_addr)
      if (mail && addresses.has(spellingKey(mail))) written.add(mail)
    }
    for (const m of req.mailing ?? []) if (text(m)) written.add(m)
    byAddress = await loadScoped(
      runner,
      source,
      [{ field: 'mail_addr', op: 'in', value: [...written].sort() }],
      counties,
      opts,
    )
    for (const r of byAddress.records) records.set(r.svc_uuid, r)
  }
  const groups = groupOwners(req.name, [...records.values()], addresses)
  return {
    name: req.name,
    word,
    groups,
    records,
    addresses: [...addresses],
    counts: { word: byWord.counts, address: byAddress?.counts ?? [] },
    capped: byWord.capped || !!byAddress?.capped,
  }
}

const KIND_ORDER: Record<GroupKind, number> = { owner: 0, variant: 1, address: 2, possible: 3, other: 4 }

const KIND_OF_TIER = {
  exact: 'owner',
  strong: 'variant',
  address: 'address',
  possible: 'possible',
  none: 'other',
} as const

/** Groups records by spelling and says how each spelling relates to the owner asked for. */
function groupOwners(name: string, records: readonly ParcelRecord[], addresses: ReadonlySet<string>): OwnerGroup[] {
  const byKey = new Map<string, { names: Map<string, number>; records: ParcelRecord[]; atAddress: boolean }>()
  for (const r of records) {
    const owner = text(r.owner) ?? '(no owner)'
    const key = spellingKey(owner)
    const g = byKey.get(key) ?? { names: new Map<string, number>(), records: [], atAddress: false }
    byKey.set(key, g)
    g.names.set(owner, (g.names.get(owner) ?? 0) + 1)
    g.records.push(r)
    const mail = text(r.mail_addr)
    if (mail && addresses.has(spellingKey(mail))) g.atAddress = true
  }
  const groups: OwnerGroup[] = []
  for (const [key, g] of byKey) {
    const shown = [...g.names].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? key
    const match = matchOwner(name, shown, { sharedAddress: g.atAddress })
    groups.push({
      key,
      name: shown,
      kind: KIND_OF_TIER[match.tier],
      reasons: match.evidence,
      ids: g.records.map((r) => r.svc_uuid),
      acres: Math.round(acreTotals(g.records).measured.acres * 100) / 100,
      counties: [...new Set(g.records.map(countyLabel))].sort(),
    })
  }
  return groups.sort(
    (a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || b.ids.length - a.ids.length || (a.key < b.key ? -1 : 1),
  )
}

/**
 * The groups a new portfolio starts with: the name itself, never another spelling — even the strong
 * tier is the user's to add (one "Include all" press), so nothing is merged on the app's judgement.
 */
export const defaultIncluded = (groups: readonly OwnerGroup[]): string[] =>
  groups.filter((g) => g.kind === 'owner').map((g) => g.key)

/** The records of the included spellings. */
export function includedRecords(result: PortfolioResult, included: ReadonlySet<string>): ParcelRecord[] {
  const out: ParcelRecord[] = []
  for (const g of result.groups) {
    if (!included.has(g.key)) continue
    for (const id of g.ids) {
      const r = result.records.get(id)
      if (r) out.push(r)
    }
  }
  return out
}
