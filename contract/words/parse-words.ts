/**
 * "Ask in words" (issue 43): a sentence becomes the ordinary search — filter rows in the spec's
 * filter-item shape, a county or state, an area the words name, a sort and a map theme — each with
 * the span it came from. Deterministic, no network, no model: built from the contract's catalog and
 * vocabularies. Words it cannot place go to `unknown` with their spans, never guessed; small words
 * that carry no meaning ("show me", "the", "parcels") are dropped. Never throws.
 */

import { improvementsRule, zipRule, zoningRule } from './code-rules'
import { type Context, type Rule, spanOf } from './context'
import { dateRule } from './dates'
import { measureRule } from './measures'
import { ownerNameRule } from './owner-rules'
import { type CountyIndex, countyIndex, type PlaceMention, placeRule, resolvePlaces } from './places'
import { MAX_SENTENCE_CHARS, tokenize } from './tokens'
import { areaRule, orderRule, themeRule } from './view-rules'
import { cropRule, landUseRule, ownerKindRule, rotationRule } from './vocabulary-rules'
import type { WordsCounty, WordsParse } from './words-types'

const STOP = new Set(
  `a an the and with of in on at to for from by that which who whose where there their its it is are be been being was were
  has have having show me find list give get search searching look looking for i im i'm we want need would like please
  some any all only every each parcels parcel properties property tracts tract lots lot land acreage fields field
  ground listings listing pieces piece plots plot currently planted growing grown being used as
  what how many can you also just located situated whose own owns owned county state us usa`.split(/\s+/),
)
const SIGNS = new Set([',', ';', '&', '-', '/', '+', '=', '<', '>', '$', '%'])

/** Order matters: longer, more specific grammar first ("sold since 2020" before "sold for"). */
const RULES: readonly Rule[] = [
  themeRule,
  orderRule,
  areaRule,
  dateRule,
  zipRule,
  zoningRule,
  improvementsRule,
  ownerNameRule,
  measureRule,
  rotationRule,
  ownerKindRule,
  cropRule,
  landUseRule,
]

const indexCache = new WeakMap<readonly WordsCounty[], CountyIndex>()

export function parseWords(sentence: string, counties: readonly WordsCounty[] = []): WordsParse {
  const text = typeof sentence === 'string' ? sentence : ''
  let index = indexCache.get(counties)
  if (!index) {
    index = countyIndex(counties)
    indexCache.set(counties, index)
  }
  const ctx: Context = {
    text,
    tokens: tokenize(text),
    counties,
    filters: [],
    places: [],
    unknown: [],
    area: null,
    order: null,
    theme: null,
  }
  const mentions: PlaceMention[] = []
  const county = index
  const rules: readonly Rule[] = [
    ...RULES.slice(0, 3),
    (c, at) => placeRule(c, county, mentions, at),
    ...RULES.slice(3),
  ]
  let loose: number | null = null
  const closeLoose = (to: number) => {
    if (loose === null) return
    const span = spanOf(ctx, loose, to)
    ctx.unknown.push({ text: text.slice(span.start, span.end), span })
    loose = null
  }
  let i = 0
  while (i < ctx.tokens.length) {
    let used = 0
    for (const rule of rules) {
      used = rule(ctx, i)
      if (used > 0) break
    }
    if (used > 0) {
      closeLoose(i)
      i += used
      continue
    }
    const t = ctx.tokens[i]!
    const dropped = t.kind === 'word' ? STOP.has(t.text) : t.kind === 'sign' && SIGNS.has(t.text)
    if (dropped) closeLoose(i)
    else loose ??= i
    i++
  }
  closeLoose(ctx.tokens.length)
  if (text.length > MAX_SENTENCE_CHARS) {
    const span = { start: MAX_SENTENCE_CHARS, end: text.length }
    const shown = text.slice(MAX_SENTENCE_CHARS, MAX_SENTENCE_CHARS + 40)
    ctx.unknown.push({ text: `${shown}…`, span, reason: `only the first ${MAX_SENTENCE_CHARS} characters are read` })
  }
  resolvePlaces(ctx, mentions)
  // The same row said twice ("soybean fields with 90% soybeans") is shown once, at its first words.
  const rows = new Map(ctx.filters.map((f) => [JSON.stringify([f.field, f.op, f.value]), f] as const).reverse())
  return {
    filters: ctx.filters.filter((f) => rows.get(JSON.stringify([f.field, f.op, f.value])) === f),
    scope: ctx.places[0] ?? null,
    area: ctx.area,
    order: ctx.order,
    theme: ctx.theme,
    unknown: [...ctx.unknown].sort((a, b) => a.span.start - b.span.start),
  }
}
