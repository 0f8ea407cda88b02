/**
 * What the words box shows of a parse: every understood part as a line a person can check ("Acres
 * greater than 80"), and the sentence cut into pieces, each piece underlined by the parts it came
 * from or marked as not understood, with the reason in words. Pure.
 */
import { fieldDef, type Operator } from '../../../contract/fields'
import { landUseClassLabel } from '../../../contract/land-use-classes'
import { rotationLabel } from '../../../contract/rotation'
import type { Span, WordsFilter, WordsParse } from '../../../contract/words/words-types'
import { themeById } from '../../format/themes'

export interface WordsPart {
  kind: 'filter' | 'scope' | 'area' | 'order' | 'theme'
  span: Span
  text: string
}

export interface WordsPiece {
  /** Where the piece starts in the sentence. */
  start: number
  text: string
  /** Indexes into the parts this piece was read as (more than one where parts overlap). */
  parts: number[]
  /** Set where the words were not placed: their reason, or that they were not understood. */
  unknown: string | null
}

export const NOT_UNDERSTOOD = 'not understood; left out of the search'

const OP_WORDS: Record<Operator, string> = {
  eq: 'is',
  ne: 'is not',
  gt: 'greater than',
  gte: 'at least',
  lt: 'less than',
  lte: 'at most',
  between: 'between',
  in: 'is any of',
  nin: 'is none of',
  ilike: 'contains',
  isnull: 'is empty',
}

function valueWords(field: string, v: WordsFilter['value']): string {
  const label = field === 'land_use_class' ? landUseClassLabel : field === 'rotation' ? rotationLabel : () => null
  const one = (x: string | number | boolean) => label(x) ?? String(x)
  if (Array.isArray(v)) return v.map(one).join(field === 'acres' || v.length === 2 ? ' and ' : ', ')
  return one(v as string | number | boolean)
}

export function filterWords(f: Pick<WordsFilter, 'field' | 'op' | 'value'>): string {
  const label = fieldDef(f.field)?.label ?? f.field
  if (f.op === 'isnull') return `${label} ${f.value ? 'is empty' : 'has a value'}`
  return `${label} ${OP_WORDS[f.op]} ${valueWords(f.field, f.value)}`
}

export function wordsParts(parse: WordsParse): WordsPart[] {
  const parts: WordsPart[] = parse.filters.map((f) => ({ kind: 'filter', span: f.span, text: filterWords(f) }))
  const { scope, area, order, theme } = parse
  if (scope) {
    const where = scope.kind === 'county' ? `${scope.name}, ${scope.state}` : scope.name
    parts.push({ kind: 'scope', span: scope.span, text: `In ${where}` })
  }
  if (area) {
    const text =
      area.kind === 'view'
        ? 'Area: the map view'
        : area.kind === 'drawn'
          ? 'Area: the areas drawn'
          : `Area: within ${area.miles} mile${area.miles === 1 ? '' : 's'} of your position`
    parts.push({ kind: 'area', span: area.span, text })
  }
  if (order) {
    const label = fieldDef(order.field)?.label ?? order.field
    parts.push({
      kind: 'order',
      span: order.span,
      text: `Sorted by ${label}, ${order.direction === 'desc' ? 'highest' : 'lowest'} first`,
    })
  }
  if (theme) parts.push({ kind: 'theme', span: theme.span, text: `Map coloured by ${themeById(theme.id).label}` })
  return parts
}

/** The sentence in pieces at every span's edge, so overlapping parts underline the same words. */
export function wordsPieces(sentence: string, parse: WordsParse, parts: readonly WordsPart[]): WordsPiece[] {
  const end = sentence.length
  const clip = (n: number) => Math.max(0, Math.min(end, n))
  const edges = new Set([0, end])
  const spans = [...parts.map((p) => p.span), ...parse.unknown.map((u) => u.span)]
  for (const s of spans) {
    edges.add(clip(s.start))
    edges.add(clip(s.end))
  }
  const cuts = [...edges].sort((a, b) => a - b)
  const pieces: WordsPiece[] = []
  for (let i = 0; i + 1 < cuts.length; i++) {
    const [from, to] = [cuts[i]!, cuts[i + 1]!]
    const inside = (s: Span) => s.start <= from && to <= s.end
    const unknown = parse.unknown.find((u) => inside(u.span))
    const piece: WordsPiece = {
      start: from,
      text: sentence.slice(from, to),
      parts: parts.flatMap((p, n) => (inside(p.span) ? [n] : [])),
      unknown: unknown ? (unknown.reason ?? NOT_UNDERSTOOD) : null,
    }
    const last = pieces.at(-1)
    // Neighbouring plain pieces join, so the sentence is not cut where nothing is marked.
    if (last && !last.unknown && !piece.unknown && last.parts.length === 0 && piece.parts.length === 0)
      last.text += piece.text
    else pieces.push(piece)
  }
  return pieces
}
