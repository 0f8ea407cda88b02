/**
 * Scoring for the words benchmark (issue 43): a parse is exact when it has the same filter set (order
 * of rows and of list values aside), the same scope, area, sort and theme as expected, and flags
 * exactly the words expected to be flagged (each expected phrase inside a flagged span, each flagged
 * span holding one). A parse that is not exact is "flagged" when it shows the user at least one
 * unknown word, and "silently wrong" when it shows none — the failure that must not happen.
 */
import type { WordsParse } from '../contract/words/words-types'

export interface Expected {
  filters: { field: string; op: string; value: unknown }[]
  scope: string | null
  area: { kind: string; miles?: number } | null
  order: { field: string; direction: string } | null
  theme: string | null
  flags: string[]
}

export interface Question {
  id: number
  who: string
  /** False for the held-out questions: written before the parser was tuned and never tuned on. */
  tuned: boolean
  q: string
  expect: Expected
}

export type Verdict = 'exact' | 'flagged' | 'silently-wrong'

const norm = (v: unknown): unknown =>
  Array.isArray(v) ? [...v].map(norm).sort() : typeof v === 'number' ? Number(v.toFixed(4)) : v
const filterKey = (f: { field: string; op: string; value: unknown }) => JSON.stringify([f.field, f.op, norm(f.value)])

/** What differs between the parse and the expectation, as short lines; empty when exact. */
export function differences(question: Question, parse: WordsParse): string[] {
  const e = question.expect
  const out: string[] = []
  const got = parse.filters.map(filterKey).sort()
  const want = e.filters.map(filterKey).sort()
  if (JSON.stringify(got) !== JSON.stringify(want)) out.push(`filters ${got.join(' ')} ≠ ${want.join(' ')}`)
  if ((parse.scope?.fips ?? null) !== e.scope) out.push(`scope ${parse.scope?.fips ?? '-'} ≠ ${e.scope ?? '-'}`)
  const area = parse.area ? JSON.stringify([parse.area.kind, 'miles' in parse.area ? parse.area.miles : null]) : null
  const wantArea = e.area ? JSON.stringify([e.area.kind, e.area.miles ?? null]) : null
  if (area !== wantArea) out.push(`area ${area} ≠ ${wantArea}`)
  const order = parse.order ? `${parse.order.field} ${parse.order.direction}` : null
  const wantOrder = e.order ? `${e.order.field} ${e.order.direction}` : null
  if (order !== wantOrder) out.push(`order ${order} ≠ ${wantOrder}`)
  if ((parse.theme?.id ?? null) !== e.theme) out.push(`theme ${parse.theme?.id ?? '-'} ≠ ${e.theme ?? '-'}`)
  const flagged = parse.unknown.map((u) => u.text.toLowerCase())
  const wanted = e.flags.map((f) => f.toLowerCase())
  const missing = wanted.filter((w) => !flagged.some((f) => f.includes(w)))
  const extra = flagged.filter((f) => !wanted.some((w) => f.includes(w)))
  if (missing.length > 0) out.push(`not flagged: ${missing.join(' | ')}`)
  if (extra.length > 0) out.push(`flagged: ${extra.join(' | ')}`)
  return out
}

export function verdict(question: Question, parse: WordsParse): Verdict {
  if (differences(question, parse).length === 0) return 'exact'
  return parse.unknown.length > 0 ? 'flagged' : 'silently-wrong'
}
