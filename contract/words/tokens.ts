/**
 * Splits a sentence into word, number and sign tokens, each with its span in the text as typed.
 * Numbers are read with their money sign and multiplier ("$8k", "1.5 million", "8,000") so the
 * grammar sees one token per quantity.
 */
import type { Span } from './words-types'

export type Token =
  | { readonly kind: 'word'; readonly text: string; readonly raw: string; readonly span: Span }
  | {
      readonly kind: 'number'
      readonly value: number
      readonly money: boolean
      /** `80+`: "or more" written as a sign. */
      readonly plus: boolean
      /** Written as four digits without separators, 1900–2099: may be a year. */
      readonly yearLike: boolean
      readonly raw: string
      readonly span: Span
    }
  | { readonly kind: 'sign'; readonly text: string; readonly raw: string; readonly span: Span }

/** The parser reads at most this much: the words box is one sentence, a paste of a book is not. */
export const MAX_SENTENCE_CHARS = 2000

const MULTIPLIER: Readonly<Record<string, number>> = {
  k: 1e3,
  thousand: 1e3,
  grand: 1e3,
  m: 1e6,
  mm: 1e6,
  mil: 1e6,
  million: 1e6,
}

const TOKEN =
  /(\$\s?)?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?:\s?(k|thousand|grand|mm|mil|million|m)\b)?(\+)?|[\p{L}][\p{L}\p{M}'’.]*|[$%+\-–—/<>=,;&]/giu

export function tokenize(sentence: string): Token[] {
  const text = sentence.slice(0, MAX_SENTENCE_CHARS)
  const out: Token[] = []
  for (const m of text.matchAll(TOKEN)) {
    const raw = m[0]
    const start = m.index ?? 0
    const span = { start, end: start + raw.length }
    if (m[2] !== undefined) {
      const money = m[1] !== undefined
      const unit = m[4]?.toLowerCase()
      // "5 m" is metres, not millions, unless it is money.
      if (unit === 'm' && !money) {
        const digits = raw.replace(/\s?m$/i, '')
        out.push(numberToken(m, digits, false, { start, end: start + digits.length }))
        out.push({ kind: 'word', text: 'm', raw: 'm', span: { start: start + raw.length - 1, end: span.end } })
        continue
      }
      out.push(numberToken(m, raw, money, span))
      continue
    }
    if (/^\p{L}/u.test(raw)) {
      // A word keeps an inner period ("St.", "L.L.C.") but not a sentence's closing one.
      const word = raw.replace(/[.’']+$/u, '')
      const clean = word.toLowerCase().replace(/’/g, "'")
      out.push({ kind: 'word', text: clean, raw: word, span: { start, end: start + word.length } })
      continue
    }
    out.push({ kind: 'sign', text: raw === '–' || raw === '—' ? '-' : raw, raw, span })
  }
  return out
}

function numberToken(m: RegExpMatchArray, raw: string, money: boolean, span: Span): Token {
  const whole = (m[2] ?? '').replace(/,/g, '')
  const unit = money ? m[4]?.toLowerCase() : m[4] && m[4].toLowerCase() !== 'm' ? m[4].toLowerCase() : undefined
  const value = Number(whole + (m[3] ?? '')) * (unit ? (MULTIPLIER[unit] ?? 1) : 1)
  const yearLike = /^(19|20)\d\d$/.test(m[2] ?? '') && !m[3] && !unit && !money
  return { kind: 'number', value, money, plus: m[5] === '+', yearLike, raw, span }
}
