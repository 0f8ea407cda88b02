/**
 * Quantities with comparatives and ranges: "over 80 acres", "at least 40 ac", "between 5 and 20
 * acres", "5-20 acres", "80+ acres", "sale price under $300k", "$1m or more in assessed value",
 * "taxes below $2,000", "elevation above 1,000 ft" (converted to the field's metres). Money must
 * name its field, and money per acre has no field in the catalog: both are flagged, not guessed.
 */
import type { Operator } from '../fields'
import { addFilter, anyWords, type Context, flag, signAt, wordAt } from './context'
import { DEFAULT_FIELD, FIELD_MEASURE, FIELD_WORDS, type Measure, UNIT_WORDS } from './field-words'
import { matchPhrase } from './phrases'
import { CROPS } from './vocabulary'

type Cmp = 'gt' | 'gte' | 'lt' | 'lte' | 'eq' | 'approx'

const PREFIX: readonly (readonly [string, Cmp])[] = [
  ['over', 'gt'],
  ['above', 'gt'],
  ['more than', 'gt'],
  ['greater than', 'gt'],
  ['bigger than', 'gt'],
  ['larger than', 'gt'],
  ['higher than', 'gt'],
  ['exceeding', 'gt'],
  ['in excess of', 'gt'],
  ['at least', 'gte'],
  ['no less than', 'gte'],
  ['not less than', 'gte'],
  ['minimum of', 'gte'],
  ['minimum', 'gte'],
  ['min', 'gte'],
  ['under', 'lt'],
  ['below', 'lt'],
  ['less than', 'lt'],
  ['fewer than', 'lt'],
  ['smaller than', 'lt'],
  ['lower than', 'lt'],
  ['at most', 'lte'],
  ['no more than', 'lte'],
  ['not more than', 'lte'],
  ['up to', 'lte'],
  ['maximum of', 'lte'],
  ['maximum', 'lte'],
  ['max', 'lte'],
  ['exactly', 'eq'],
  ['of', 'eq'],
  ['at', 'eq'],
  ['for', 'eq'],
  ['about', 'approx'],
  ['around', 'approx'],
  ['approximately', 'approx'],
  ['roughly', 'approx'],
  ['close to', 'approx'],
]
const SUFFIX: readonly (readonly [string, Cmp])[] = [
  ['or more', 'gte'],
  ['or greater', 'gte'],
  ['or larger', 'gte'],
  ['or bigger', 'gte'],
  ['or above', 'gte'],
  ['or over', 'gte'],
  ['and up', 'gte'],
  ['and above', 'gte'],
  ['and over', 'gte'],
  ['plus', 'gte'],
  ['minimum', 'gte'],
  ['min', 'gte'],
  ['or less', 'lte'],
  ['or fewer', 'lte'],
  ['or smaller', 'lte'],
  ['or under', 'lte'],
  ['or below', 'lte'],
  ['and under', 'lte'],
  ['and below', 'lte'],
  ['and less', 'lte'],
  ['max', 'lte'],
  ['maximum', 'lte'],
  ['or so', 'approx'],
  ['ish', 'approx'],
]
/** Words between a field's name and its comparative ("sale price is under", "valued at"). */
const LINKS = new Set(['is', 'was', 'are', 'were', 'of', 'with', 'that', 'which', 'a', 'an', 'the', 'at', 'between'])
const PER_ACRE = ['per acre', 'an acre', 'a acre', 'per ac', 'each acre', 'acre']

function cmpAt(ctx: Context, i: number, table: readonly (readonly [string, Cmp])[]): [Cmp, number] | null {
  let best: [Cmp, number] | null = null
  for (const [phrase, cmp] of table) {
    const n = anyWords(ctx, i, [phrase])
    if (n > 0 && (!best || n > best[1])) best = [cmp, n]
  }
  return best
}

interface Quantity {
  value: number
  measure: Measure | null
  perAcre: boolean
  plus: boolean
  end: number
}

function quantityAt(ctx: Context, i: number): Quantity | null {
  const t = ctx.tokens[i]
  if (t?.kind !== 'number') return null
  let value = t.value
  let measure: Measure | null = t.money ? 'usd' : null
  let j = i + 1
  if (signAt(ctx, j) === '%') {
    measure = 'percent'
    j++
  } else {
    // "80-acre": the unit joined by a hyphen.
    const hyphen = signAt(ctx, j) === '-' && matchPhrase(ctx.tokens, j + 1, UNIT_WORDS) ? 1 : 0
    const unit = matchPhrase(ctx.tokens, j + hyphen, UNIT_WORDS)
    if (unit) {
      measure = unit.value.measure
      value *= unit.value.factor
      j += hyphen + unit.length
    }
  }
  let perAcre = false
  if (measure === 'usd' || measure === null) {
    const slash = signAt(ctx, j) === '/' && (wordAt(ctx, j + 1) === 'acre' || wordAt(ctx, j + 1) === 'ac') ? 2 : 0
    const per = slash || (t.money || measure === null ? anyWords(ctx, j, PER_ACRE.slice(0, 5)) : 0)
    if (per) {
      perAcre = true
      j += per
    }
  }
  // "999…9 acres" overflows to Infinity: no filter can take it, so the number stays an unknown word.
  if (!Number.isFinite(value)) return null
  return { value: Number(value.toFixed(6)), measure, perAcre, plus: t.plus, end: j }
}

function fieldAt(ctx: Context, i: number): { field: string; end: number } | null {
  const m = matchPhrase(ctx.tokens, i, FIELD_WORDS)
  return m ? { field: m.value, end: i + m.length } : null
}

export function measureRule(ctx: Context, at: number): number {
  let j = at
  let field: string | null = null
  const before = fieldAt(ctx, j)
  if (before) {
    field = before.field
    j = before.end
    // "of at least": a link word stops where a comparative of several words starts.
    while (LINKS.has(wordAt(ctx, j) ?? '') && wordAt(ctx, j) !== 'between' && (cmpAt(ctx, j, PREFIX)?.[1] ?? 0) < 2) j++
  }
  let cmp: Cmp | null = null
  let low: Quantity | null = null
  let high: Quantity | null = null
  const range = anyWords(ctx, j, ['between', 'from'])
  if (range && quantityAt(ctx, j + range)) {
    low = quantityAt(ctx, j + range)!
    const sep = anyWords(ctx, low.end, ['and', 'to']) || (signAt(ctx, low.end) === '-' ? 1 : 0)
    high = sep ? quantityAt(ctx, low.end + sep) : null
    if (!high) return 0
  } else {
    const pre = cmpAt(ctx, j, PREFIX)
    if (pre) {
      cmp = pre[0]
      j += pre[1]
    }
    low = quantityAt(ctx, j)
    if (!low) return 0
    // "of", "at" and "for" compare only after a field's name ("price of $X", not "80 acres of corn").
    if (!before && pre && (cmp === 'eq' || cmp === 'approx') && ['of', 'at', 'for'].includes(wordAt(ctx, at)!)) return 0
    const sep = anyWords(ctx, low.end, ['to']) || (signAt(ctx, low.end) === '-' ? 1 : 0)
    const other = !cmp && sep ? quantityAt(ctx, low.end + sep) : null
    if (other) high = other
  }
  let end = (high ?? low).end
  if (!high) {
    const post = cmpAt(ctx, end, SUFFIX)
    if (post && !cmp) {
      cmp = post[0]
      end += post[1]
    } else if (low.plus && !cmp) cmp = 'gte'
  }
  const measure = low.measure ?? high?.measure ?? null
  const perAcre = low.perAcre || (high?.perAcre ?? false)
  if (!field && !perAcre) {
    const skip = anyWords(ctx, end, ['in', 'of'])
    const after = fieldAt(ctx, end + skip)
    const verb = ['sold', 'sale', 'priced', 'size'].includes(wordAt(ctx, end + skip) ?? '')
    if (after && !verb && (measure === null || FIELD_MEASURE[after.field] === measure)) {
      field = after.field
      end = after.end
    }
  }
  if (field && measure && FIELD_MEASURE[field] !== measure) {
    // "sold 80 acres": the measure's own field wins over a loose word before it.
    field = null
  }
  if (perAcre) {
    flag(ctx, at, end, 'the catalog has no price-per-acre field; search by sale price or assessed value')
    return end - at
  }
  if (cmp === 'approx') {
    flag(ctx, at, end, 'an approximate amount: say a range ("between 70 and 90")')
    return end - at
  }
  // A share of a crop: the crop is named right after it ("90% corn") or just before ("corn at least 95%").
  const cropNamed = matchPhrase(ctx.tokens, end, CROPS) || ctx.filters.some((f) => f.field === 'cdl_majority_category')
  if (!field && measure === 'percent' && cropNamed) field = 'cdl_majority_percent'
  field ??= measure ? (DEFAULT_FIELD[measure] ?? null) : null
  if (!field) {
    const reason =
      measure === 'usd'
        ? 'an amount of money: say which (sale price, assessed value, land value, taxes)'
        : 'a number without a unit or a field'
    flag(ctx, at, end, reason)
    return end - at
  }
  const op: Operator = high ? 'between' : (cmp ?? 'eq')
  const value = high ? [Math.min(low.value, high.value), Math.max(low.value, high.value)] : low.value
  addFilter(ctx, field, op, value, at, end)
  return end - at
}
