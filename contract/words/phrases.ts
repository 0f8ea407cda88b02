/**
 * Longest-match lookup of multi-word phrases in the token stream. Hyphens and slashes between the
 * words of a phrase are skipped ("corn-soybean", "corn/soy"), and single words of six letters or
 * more match at one typing slip ("soybeens", "alfafa") — shown to the user as any other match.
 */
import type { Token } from './tokens'

export interface PhraseTable<T> {
  readonly entries: ReadonlyMap<string, T>
  readonly longest: number
  /** Single-word keys that a slip may reach. */
  readonly fuzzy: readonly string[]
}

export function phraseTable<T>(pairs: readonly (readonly [string, T])[], fuzzy = true): PhraseTable<T> {
  const entries = new Map(pairs)
  const longest = Math.max(1, ...[...entries.keys()].map((k) => k.split(' ').length))
  const single = fuzzy ? [...entries.keys()].filter((k) => !k.includes(' ') && k.length >= 6) : []
  return { entries, longest, fuzzy: single }
}

export interface PhraseMatch<T> {
  readonly value: T
  /** Tokens consumed, signs inside the phrase included. */
  readonly length: number
}

const JOINERS = new Set(['-', '/'])
/** Real words one slip away from a vocabulary word: never read as that word. */
const NOT_SLIPS = new Set(['barely', 'cottons', 'ricer', 'prices', 'priced'])

export function matchPhrase<T>(tokens: readonly Token[], at: number, table: PhraseTable<T>): PhraseMatch<T> | null {
  const words: string[] = []
  const ends: number[] = []
  let i = at
  while (i < tokens.length && words.length < table.longest) {
    const t = tokens[i]!
    if (t.kind !== 'word') break
    words.push(t.text)
    ends.push(i + 1)
    const next = tokens[i + 1]
    if (next?.kind === 'sign' && JOINERS.has(next.text) && tokens[i + 2]?.kind === 'word') i += 2
    else i += 1
  }
  for (let n = words.length; n > 0; n--) {
    const hit = table.entries.get(words.slice(0, n).join(' '))
    if (hit !== undefined) return { value: hit, length: ends[n - 1]! - at }
  }
  const first = words[0]
  if (first && first.length >= 6 && !NOT_SLIPS.has(first)) {
    const near = table.fuzzy.find((k) => oneSlip(first, k))
    if (near !== undefined) return { value: table.entries.get(near) as T, length: 1 }
  }
  return null
}

/** One insertion, deletion, substitution or swap of neighbours apart (and not equal). */
function oneSlip(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false
  let i = 0
  while (i < a.length && a[i] === b[i]) i++
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2)
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1)
}
