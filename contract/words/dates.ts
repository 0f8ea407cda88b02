/**
 * Sales and dates. The spec makes `sale_date` an identifier field (eq, ne, in, nin, isnull on a
 * string), so "sold since 2020" or "sold in the last five years" cannot be a filter: those words are
 * flagged with the reason. What can be searched is whether there is a sale at all.
 */
import { addFilter, anyWords, type Context, flag, wordAt } from './context'

const SOLD = ['sold', 'sale', 'sales', 'purchased', 'bought', 'transferred', 'changed hands', 'last sold', 'last sale']
const WHEN = [
  'since',
  'after',
  'before',
  'in',
  'during',
  'prior to',
  'from',
  'until',
  'by',
  'later than',
  'earlier than',
]
const RECENT = ['in the last', 'in the past', 'within the last', 'within the past', 'over the last', 'over the past']
const RANGE_REASON =
  'sale dates can only be matched exactly (the spec allows no range on sale_date); sort by sale date instead'

function yearAt(ctx: Context, i: number): number {
  const t = ctx.tokens[i]
  return t?.kind === 'number' && t.yearLike ? 1 : 0
}

/** "in the last 5 years", "in the past year": returns its length or 0. */
function recentAt(ctx: Context, i: number): number {
  const r = anyWords(ctx, i, RECENT)
  if (!r) return 0
  const n = ctx.tokens[i + r]?.kind === 'number' || anyWords(ctx, i + r, ['few', 'couple', 'couple of']) ? 1 : 0
  const unit = anyWords(ctx, i + r + n, ['years', 'year', 'months', 'month', 'decade'])
  return unit ? r + n + unit : 0
}

export function dateRule(ctx: Context, at: number): number {
  const none = anyWords(ctx, at, [
    'never sold',
    'never been sold',
    'no sale',
    'no sales',
    'no recorded sale',
    'not sold',
  ])
  if (none) {
    addFilter(ctx, 'sale_date', 'isnull', true, at, at + none)
    return none
  }
  const sold = anyWords(ctx, at, SOLD)
  let j = at + sold
  const when = anyWords(ctx, j, WHEN)
  if (when && yearAt(ctx, j + when)) {
    j += when + 1
    // "between 2018 and 2021", "2018-2021"
    if ((anyWords(ctx, j, ['and', 'to']) || wordAt(ctx, j) === null) && yearAt(ctx, j + 1)) j += 2
    flag(ctx, at, j, RANGE_REASON)
    return j - at
  }
  if (anyWords(ctx, j, ['between']) && yearAt(ctx, j + 1) && yearAt(ctx, j + 3)) {
    flag(ctx, at, j + 4, RANGE_REASON)
    return j + 4 - at
  }
  const recent = recentAt(ctx, j)
  if (recent) {
    flag(ctx, at, j + recent, RANGE_REASON)
    return j + recent - at
  }
  if (sold) {
    const lately = anyWords(ctx, j, ['recently', 'lately', 'this year', 'last year'])
    if (lately) {
      flag(ctx, at, j + lately, RANGE_REASON)
      return j + lately - at
    }
  } else if (anyWords(ctx, at, ['recently sold', 'recent sales', 'recent sale', 'recently purchased'])) {
    const n = anyWords(ctx, at, ['recently sold', 'recent sales', 'recent sale', 'recently purchased'])
    flag(ctx, at, at + n, RANGE_REASON)
    return n
  }
  return 0
}
