/**
 * Owners by name ("owned by Smith" → `owner` ilike, which the spec lets through only with a county
 * or state in the same search) and owner facts the catalog cannot search (absentee, out of state):
 * those are flagged with the reason.
 */
import { addFilter, anyWords, type Context, flag, signAt } from './context'
import { matchPhrase } from './phrases'
import { OWNER_KINDS } from './vocabulary'

const BY = ['owned by', 'owner named', 'owner is', 'owners named', 'owner name', 'belonging to', 'held by']
const NOT_FACTS = [
  'absentee owned',
  'absentee owners',
  'absentee owner',
  'absentee landlords',
  'absentee landlord',
  'absentee landowners',
  'absentee',
  'owner occupied',
  'out of state owners',
  'out of state owner',
  'out of state',
  'non resident owners',
  'nonresident owners',
  'local owners',
]
const FACT_REASON = 'where the owner lives is not a searchable field (the mailing address is text)'

/** A run of capitalised words (a name as typed), joined as written: "John Deere", "McDonald". */
function nameAt(ctx: Context, i: number): number {
  let n = 0
  while (true) {
    const t = ctx.tokens[i + n]
    if (t?.kind !== 'word' || !/^[\p{Lu}0-9]/u.test(t.raw) || t.text === 'in') break
    n++
    if (signAt(ctx, i + n) === '&' && ctx.tokens[i + n + 1]?.kind === 'word') n++
  }
  return n
}

export function ownerNameRule(ctx: Context, at: number): number {
  const fact = anyWords(ctx, at, NOT_FACTS)
  if (fact) {
    const end = at + fact + anyWords(ctx, at + fact, ['owner', 'owners', 'owned', 'landlords'])
    flag(ctx, at, end, FACT_REASON)
    return end - at
  }
  const by = anyWords(ctx, at, BY)
  if (!by) return 0
  const skip = anyWords(ctx, at + by, ['the', 'a', 'an'])
  const n = nameAt(ctx, at + by + skip)
  // "owned by an LLC" names a kind of owner, not an owner.
  if (!n || matchPhrase(ctx.tokens, at + by + skip, OWNER_KINDS)) return 0
  const first = ctx.tokens[at + by + skip]!.span.start
  const last = ctx.tokens[at + by + skip + n - 1]!.span.end
  const name = ctx.text.slice(first, last).replace(/\s+/g, ' ')
  const end = at + by + skip + n + anyWords(ctx, at + by + skip + n, ['family'])
  addFilter(ctx, 'owner', 'ilike', name, at, end)
  return end - at
}
