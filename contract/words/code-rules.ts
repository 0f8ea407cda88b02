/**
 * Codes typed as such: a ZIP ("zip 50010", "in 50010"), a zoning code ("zoned A-1"), and whether a
 * parcel has improvements ("with buildings", "no improvements" → `improvements_value`).
 */
import { addFilter, anyWords, type Context, flag, wordAt } from './context'
import { matchPhrase } from './phrases'
import { LAND_USES } from './vocabulary'

export function zipRule(ctx: Context, at: number): number {
  const lead = anyWords(ctx, at, ['zip', 'zip code', 'zipcode', 'postal code', 'in zip', 'in zip code', 'in'])
  const t = ctx.tokens[at + lead]
  if (!lead || t?.kind !== 'number' || !/^\d{5}$/.test(t.raw)) return 0
  addFilter(ctx, 'postal', 'eq', t.raw, at, at + lead + 1)
  return lead + 1
}

/** Tokens written without a space between them form one code: "A-1", "R1", "AG-2". */
function codeAt(ctx: Context, i: number): number {
  let n = 0
  while (ctx.tokens[i + n] && (n === 0 || ctx.tokens[i + n]!.span.start === ctx.tokens[i + n - 1]!.span.end)) n++
  return n
}

export function zoningRule(ctx: Context, at: number): number {
  const lead = anyWords(ctx, at, ['zoned', 'zoning', 'zone', 'zoning code', 'zoned as'])
  if (!lead) return 0
  const n = codeAt(ctx, at + lead)
  if (!n) return 0
  const use = matchPhrase(ctx.tokens, at + lead, LAND_USES)
  if (use || (ctx.tokens[at + lead]?.kind !== 'word' && ctx.tokens[at + lead]?.kind !== 'number')) {
    const end = at + lead + (use?.length ?? n)
    flag(ctx, at, end, 'zoning codes differ by county: give the code ("zoned A-1"), or ask for the land use')
    return end - at
  }
  const first = ctx.tokens[at + lead]!.span.start
  const last = ctx.tokens[at + lead + n - 1]!.span.end
  addFilter(ctx, 'zoning', 'eq', ctx.text.slice(first, last).toUpperCase(), at, at + lead + n)
  return lead + n
}

const IMPROVED = [
  'with buildings',
  'with a building',
  'with a house',
  'with a home',
  'with improvements',
  'improved',
  'with structures',
  'built on',
]
const BARE = [
  'no buildings',
  'without buildings',
  'no improvements',
  'without improvements',
  'no structures',
  'without a house',
  'no house',
  'bare land',
  'bare ground',
]

export function improvementsRule(ctx: Context, at: number): number {
  const yes = anyWords(ctx, at, IMPROVED)
  if (yes && wordAt(ctx, at + yes) !== 'value') {
    addFilter(ctx, 'improvements_value', 'gt', 0, at, at + yes)
    return yes
  }
  const no = anyWords(ctx, at, BARE)
  if (no) {
    addFilter(ctx, 'improvements_value', 'eq', 0, at, at + no)
    return no
  }
  return 0
}
