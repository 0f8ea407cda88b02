/**
 * County and state names. States come from the contract's list; counties from the coverage list the
 * caller passes (Census names without "County"). A county named in several states needs its state
 * in the sentence ("Washington County, Iowa"); otherwise it is flagged, never picked.
 */
import { US_STATES, type UsState } from '../us-states'
import { anyWords, type Context, signAt, spanOf, wordAt } from './context'
import type { Span, WordsCounty } from './words-types'

const COUNTY_WORDS = ['county', 'co', 'co.', 'parish', 'borough', 'counties']
/** Two-letter codes that are also English words: a state only after a comma ("Boise, ID"). */
const WORD_CODES = new Set(['IN', 'OR', 'ME', 'OK', 'HI', 'DE', 'PA', 'LA', 'MA', 'CO', 'ID', 'OH', 'AL', 'MO', 'GA'])
const STATE_BY_NAME = new Map(US_STATES.map((s) => [s.name.toLowerCase(), s]))
const STATE_BY_ABBR = new Map(US_STATES.map((s) => [s.abbr, s]))

const normalName = (name: string): string =>
  name
    .toLowerCase()
    .replace(/^saint\b/, 'st')
    .replace(/[.'’]/g, '')
    .replace(/-/g, ' ')
    .trim()

export interface CountyIndex {
  readonly byName: ReadonlyMap<string, readonly WordsCounty[]>
  readonly longest: number
}

export function countyIndex(counties: readonly WordsCounty[]): CountyIndex {
  const byName = new Map<string, WordsCounty[]>()
  for (const c of counties) {
    const key = normalName(c.name)
    byName.set(key, [...(byName.get(key) ?? []), c])
  }
  const longest = Math.max(1, ...[...byName.keys()].map((k) => k.split(' ').length))
  return { byName, longest }
}

/** A place mention before its state is known: the counties it may be, or a state. */
export type PlaceMention =
  | { kind: 'state'; state: UsState; span: Span }
  | { kind: 'county'; options: readonly WordsCounty[]; span: Span; text: string }

function stateAt(ctx: Context, i: number): { state: UsState; length: number } | null {
  for (let n = 3; n >= 1; n--) {
    const ws: string[] = []
    for (let k = 0; k < n; k++) ws.push(wordAt(ctx, i + k) ?? '\u0000')
    const s = STATE_BY_NAME.get(ws.join(' '))
    if (s) return { state: s, length: n }
  }
  const t = ctx.tokens[i]
  if (t?.kind === 'word' && /^[A-Z]{2}$/.test(t.raw)) {
    const s = STATE_BY_ABBR.get(t.raw)
    if (s && (!WORD_CODES.has(t.raw) || signAt(ctx, i - 1) === ',')) return { state: s, length: 1 }
  }
  return null
}

function countyNameAt(
  ctx: Context,
  index: CountyIndex,
  i: number,
): { options: readonly WordsCounty[]; length: number } | null {
  for (let n = index.longest; n >= 1; n--) {
    const raw: string[] = []
    for (let k = 0; k < n; k++) {
      const t = ctx.tokens[i + k]
      if (t?.kind !== 'word') break
      raw.push(t.text)
    }
    if (raw.length < n) continue
    const options = index.byName.get(normalName(raw.join(' ')))
    if (options) return { options, length: n }
  }
  return null
}

export function placeRule(ctx: Context, index: CountyIndex, mentions: PlaceMention[], at: number): number {
  const lead = anyWords(ctx, at, ['state of', 'the state of'])
  const state = stateAt(ctx, at + lead)
  const name = countyNameAt(ctx, index, at)
  if (name && anyWords(ctx, at + name.length, COUNTY_WORDS)) {
    const end = at + name.length + 1 + (signAt(ctx, at + name.length + 1) === '.' ? 1 : 0)
    const span = spanOf(ctx, at, end)
    mentions.push({ kind: 'county', options: name.options, span, text: ctx.text.slice(span.start, span.end) })
    return end - at
  }
  if (state) {
    const end = at + lead + state.length + anyWords(ctx, at + lead + state.length, ['state'])
    mentions.push({ kind: 'state', state: state.state, span: spanOf(ctx, at, end) })
    return end - at
  }
  // A bare name after "in" ("in Fresno") only when it names a county and is written as a name.
  if (wordAt(ctx, at) === 'in') {
    const bare = countyNameAt(ctx, index, at + 1)
    const t = ctx.tokens[at + 1]
    const named = bare && anyWords(ctx, at + 1 + bare.length, COUNTY_WORDS) > 0
    if (bare && !named && !stateAt(ctx, at + 1) && t?.kind === 'word' && /^\p{Lu}/u.test(t.raw)) {
      const span = spanOf(ctx, at + 1, at + 1 + bare.length)
      mentions.push({ kind: 'county', options: bare.options, span, text: ctx.text.slice(span.start, span.end) })
      return 1 + bare.length
    }
  }
  return 0
}

/** The one county or state the mentions name; the rest are flagged with the reason. */
export function resolvePlaces(ctx: Context, mentions: readonly PlaceMention[]): void {
  const states = mentions.filter((m) => m.kind === 'state')
  const counties = mentions.filter((m) => m.kind === 'county')
  const named = new Set(states.map((s) => s.state.fips))
  let scopeState: UsState | null = null
  for (const [n, c] of counties.entries()) {
    const fits = c.options.filter((o) => named.size === 0 || named.has(o.fips.slice(0, 2)))
    const unflag = (reason: string) => ctx.unknown.push({ text: c.text, span: c.span, reason })
    if (n > 0 || ctx.places.length > 0) unflag('one county or state at a time: search the others separately')
    else if (fits.length === 1) {
      const county = fits[0]!
      const state = US_STATES.find((s) => s.fips === county.fips.slice(0, 2))
      scopeState = state ?? null
      ctx.places.push({
        kind: 'county',
        fips: county.fips,
        name: `${county.name} County`,
        state: state?.abbr ?? '',
        span: c.span,
      })
    } else if (fits.length === 0) unflag('no county of that name in the state named')
    else {
      const abbrs = fits.map((o) => US_STATES.find((s) => s.fips === o.fips.slice(0, 2))?.abbr ?? o.fips.slice(0, 2))
      unflag(`a county of that name is in ${abbrs.join(', ')}: name the state too`)
    }
  }
  for (const s of states) {
    if (scopeState?.fips === s.state.fips) continue
    if (ctx.places.length > 0) {
      ctx.unknown.push({
        text: ctx.text.slice(s.span.start, s.span.end),
        span: s.span,
        reason: 'one county or state at a time',
      })
      continue
    }
    ctx.places.push({ kind: 'state', fips: s.state.fips, name: s.state.name, state: s.state.abbr, span: s.span })
  }
}
