/**
 * Is this spelling the same owner? Evidence tiers (issue 38): the holdings panel used to offer every
 * name-similar spelling as "likely", and most were other people (JOHNSON, LISA R for JOHNSON, ROBERT
 * L & SUSAN K: L and R read as her initials). Now a spelling is
 *   - `strong` ("same owner") only on evidence a broker can rely on: the same name once punctuation,
 *     word order, `&`/AND, L.L.C./LLC, FARM/FARMS and ET AL are set aside; or the same names with
 *     initials for some (only while two whole words still agree); or the same mailing address with
 *     a name that does not contradict it. A name with more or fewer people in it ("SMITH, BRIAN L"
 *     and "SMITH, BRIAN L & SANDRA B") or another legal form (LLC/INC, a trust/a person) is never
 *     strong on the name alone;
 *   - `address`: billed to the same address under a name that is not the owner's (a second company);
 *   - `possible` ("possibly related"): similar in name only — shown, never offered as the owner's;
 *   - `none`: shares no more than the searched word.
 * Each answer carries its evidence in words. Pure; measured by `npm run bench:owners`.
 */
import { compareOwners, GENERIC, isInitial, type NameParts, nameParts, spellingKey } from './owner-names'

export type MatchTier = 'exact' | 'strong' | 'address' | 'possible' | 'none'

export interface OwnerMatch {
  tier: MatchTier
  /** Why, in words a person reads: the evidence first, then how the spelling differs. */
  evidence: string[]
}

export interface MatchContext {
  /** A parcel of the candidate spelling is billed to one of the owner's mailing addresses. */
  sharedAddress: boolean
}

const SAME_ADDRESS = 'same mailing address'

export function matchOwner(target: string, candidate: string, ctx: MatchContext): OwnerMatch {
  if (spellingKey(target) === spellingKey(candidate)) return { tier: 'exact', evidence: [] }
  const t = nameParts(target)
  const c = nameParts(candidate)
  const cmp = compareOwners(target, candidate)
  const diffs = cmp.relation === 'variant' ? cmp.reasons : []
  const byName = sameForm(t, c) ? nameEvidence(t, c) : null
  if (byName) return { tier: 'strong', evidence: [byName, ...diffs.filter((d) => !SAID[byName]?.includes(d))] }
  if (ctx.sharedAddress && compatible(t, c))
    return { tier: 'strong', evidence: [SAME_ADDRESS, ...(diffs.length ? diffs : sharedWords(t, c))] }
  if (ctx.sharedAddress) return { tier: 'address', evidence: [`${SAME_ADDRESS}, another name`] }
  if (cmp.relation === 'variant') return { tier: 'possible', evidence: ['similar name only', ...diffs] }
  return { tier: 'none', evidence: [] }
}

const SAME_NAME = 'same name, other spelling'
const OTHER_ORDER = 'same names, other order'
const SOME_INITIALS = 'same names, initials for some'
/** Differences the evidence already says, not repeated after it. */
const SAID: Record<string, string[]> = {
  [SAME_NAME]: ['punctuation'],
  [OTHER_ORDER]: ['word order'],
  [SOME_INITIALS]: ['initials for names', 'word order'],
}

/** The same legal form: LLC and L.L.C. agree; LLC and INC, a trust and a person, do not. */
const sameForm = (t: NameParts, c: NameParts) => t.entity.join(' ') === c.entity.join(' ') && t.trust === c.trust

/** Whole words (not initials, not FARM/FAMILY…) that both names have exactly. */
const wholeShared = (a: readonly string[], b: readonly string[]) =>
  a.filter((w) => !isInitial(w) && !GENERIC.has(w) && b.includes(w)).length

/** Each word of `small` is in `big`, or is an initial `big` spells out: no given name is lost. */
function keeps(big: readonly string[], small: readonly string[]): boolean {
  const left = [...big]
  for (const w of small) {
    let i = left.indexOf(w)
    if (i < 0 && isInitial(w)) i = left.findIndex((x) => x.startsWith(w))
    if (i < 0) return false
    left.splice(i, 1)
  }
  return true
}

/** Strong evidence from the names alone (same legal form), or null. */
function nameEvidence(t: NameParts, c: NameParts): string | null {
  if (t.core.length === 0 || c.core.length === 0) return null
  if (t.core.join(' ') === c.core.join(' ')) return SAME_NAME
  const tw = [...new Set(t.core)]
  const cw = [...new Set(c.core)]
  const sameSet = tw.length === cw.length && tw.every((w) => cw.includes(w))
  if (sameSet) return OTHER_ORDER
  // Initials for names ("SMITH J A" / "SMITH JOHN A") only with two whole words agreeing: a
  // surname and an initial alone fit too many people.
  if (tw.length === cw.length && (keeps(tw, cw) || keeps(cw, tw)) && wholeShared(tw, cw) >= 2) return SOME_INITIALS
  return null
}

/**
 * A name that does not contradict the owner's: one name's words (FAMILY, FARMS… aside) are all in
 * the other, initials only for names they begin, and at least one whole word in common.
 */
function compatible(t: NameParts, c: NameParts): boolean {
  const tw = [...new Set(t.core)].filter((w) => !GENERIC.has(w))
  const cw = [...new Set(c.core)].filter((w) => !GENERIC.has(w))
  const [big, small] = tw.length >= cw.length ? [tw, cw] : [cw, tw]
  return small.some((w) => !isInitial(w)) && keeps(big, small)
}

function sharedWords(t: NameParts, c: NameParts): string[] {
  const shared = [...new Set(t.core)].filter((w) => !isInitial(w) && c.core.includes(w))
  return shared.length ? [`shares ${shared.join(' ')}`] : []
}
