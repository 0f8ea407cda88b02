/**
 * The parser's working state: the tokens, what has been placed so far, and helpers the grammar
 * rules share. A rule looks at the tokens from a position and returns how many it used (0: not its
 * words), adding what it understood here.
 */
import type { Operator } from '../fields'
import type { Token } from './tokens'
import type {
  Span,
  WordsArea,
  WordsCounty,
  WordsFilter,
  WordsOrder,
  WordsPlace,
  WordsTheme,
  WordsUnknown,
} from './words-types'

export interface Context {
  readonly text: string
  readonly tokens: readonly Token[]
  readonly counties: readonly WordsCounty[]
  readonly filters: WordsFilter[]
  readonly places: WordsPlace[]
  readonly unknown: WordsUnknown[]
  area: WordsArea | null
  order: WordsOrder | null
  theme: WordsTheme | null
}

export type Rule = (ctx: Context, at: number) => number

/** The span from the start of token `from` to the end of token `to - 1`. */
export function spanOf(ctx: Context, from: number, to: number): Span {
  return { start: ctx.tokens[from]!.span.start, end: ctx.tokens[Math.max(from, to - 1)]!.span.end }
}

export function addFilter(
  ctx: Context,
  field: string,
  op: Operator,
  value: WordsFilter['value'],
  from: number,
  to: number,
): void {
  ctx.filters.push({ field, op, value, span: spanOf(ctx, from, to) })
}

/** Words understood but not searchable: flagged with the reason, never dropped. */
export function flag(ctx: Context, from: number, to: number, reason: string): void {
  const span = spanOf(ctx, from, to)
  ctx.unknown.push({ text: ctx.text.slice(span.start, span.end), span, reason })
}

export const wordAt = (ctx: Context, i: number): string | null => {
  const t = ctx.tokens[i]
  return t?.kind === 'word' ? t.text : null
}

export const signAt = (ctx: Context, i: number): string | null => {
  const t = ctx.tokens[i]
  return t?.kind === 'sign' ? t.text : null
}

/**
 * Matches a fixed sequence of words (lower case) at `i`, a hyphen allowed between any two
 * ("LLC-owned", "out-of-state"); returns the tokens used or 0.
 */
function words(ctx: Context, i: number, ...seq: string[]): number {
  let p = i
  for (const [k, w] of seq.entries()) {
    if (k > 0 && signAt(ctx, p) === '-') p++
    if (wordAt(ctx, p) !== w) return 0
    p++
  }
  return p - i
}

/** The longest of several fixed word sequences that matches at `i`, or 0. */
export function anyWords(ctx: Context, i: number, options: readonly string[]): number {
  let best = 0
  for (const o of options) best = Math.max(best, words(ctx, i, ...o.split(' ')))
  return best
}
