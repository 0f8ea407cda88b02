/**
 * Filters in a link, readable and hand-editable: `field:op:value`, filters separated by `~`.
 * Values are typed by their first character so a string "80" stays a string: a number is written
 * as is (`acres:gt:80.5`), a string is `s` + its %-escaped text (`state:eq:sIA`), `t`/`f` are
 * booleans, `z` is null, and `l` + comma-separated values is a list (`crop:in:lsCorn,sSoybeans`).
 * A filter without a value is `field:op`. Strings escape every separator (`:`, `,`, `~`) and the
 * characters some mail and chat tools rewrite (`.!*'()`), so any text round-trips.
 */
import { MAX_IN_VALUES } from './limits'
import { checkFieldAndOperator, checkFilterValue } from './query-rules'
import type { FilterItem } from './schemas'

type Scalar = string | number
type Value = FilterItem['value']

const MAX_STRING = 2000
const NUMBER = /^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i

function escapeText(s: string): string {
  return encodeURIComponent(s).replace(/[.!~*'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}

function encodeScalar(v: Scalar | boolean | null): string {
  if (v === null) return 'z'
  if (typeof v === 'boolean') return v ? 't' : 'f'
  // `1e+21` is written `1e21`: a `+` in a query string is read as a space by many tools.
  if (typeof v === 'number') return Number.isFinite(v) ? String(v).replace('e+', 'e') : 'z'
  return `s${escapeText(v)}`
}

export function encodeFilters(filters: readonly FilterItem[]): string {
  return filters
    .map((f) => {
      const head = `${escapeText(f.field)}:${escapeText(f.op)}`
      if (f.value === undefined) return head
      const v = Array.isArray(f.value) ? `l${f.value.map(encodeScalar).join(',')}` : encodeScalar(f.value)
      return `${head}:${v}`
    })
    .join('~')
}

/** undefined = unreadable. */
function decodeScalar(token: string): Scalar | boolean | null | undefined {
  if (token === 'z') return null
  if (token === 't') return true
  if (token === 'f') return false
  if (token.startsWith('s')) {
    try {
      // The encoder never writes `+`; a hand-typed one means a space, as in any query string.
      const s = decodeURIComponent(token.slice(1).replace(/\+/g, ' '))
      return s.length <= MAX_STRING ? s : undefined
    } catch {
      return undefined
    }
  }
  if (!NUMBER.test(token)) return undefined
  const n = Number(token)
  return Number.isFinite(n) ? n : undefined
}

function decodeValue(token: string): Value | undefined {
  if (!token.startsWith('l')) return decodeScalar(token)
  const body = token.slice(1)
  if (body === '') return []
  const items = body.split(',')
  if (items.length > MAX_IN_VALUES) return undefined
  const out: Scalar[] = []
  for (const item of items) {
    const v = decodeScalar(item)
    if (typeof v !== 'string' && typeof v !== 'number') return undefined
    out.push(v)
  }
  return out
}

export function decodeFilters(text: string, max: number): { filters: FilterItem[]; problems: string[] } {
  const filters: FilterItem[] = []
  const problems: string[] = []
  const parts = text.split('~')
  // Reading stops after a few unreadable filters too, so junk cannot flood the list of problems.
  const limit = max * 2
  for (const [i, part] of parts.slice(0, limit).entries()) {
    if (filters.length >= max) {
      problems.push(`The link has more than ${max} filters; filter ${i + 1} onwards was left out.`)
      return { filters, problems }
    }
    const problem = decodeFilter(part, i + 1, filters)
    if (problem) problems.push(problem)
  }
  if (parts.length > limit) problems.push(`Filters after the ${limit}th were not read.`)
  return { filters, problems }
}

/** Adds the filter to `out`, or returns why it was left out. */
function decodeFilter(part: string, n: number, out: FilterItem[]): string | null {
  const [rawField = '', rawOp = '', token, ...extra] = part.split(':')
  const field = safeDecode(rawField)
  const op = safeDecode(rawOp)
  if (field === null || op === null || extra.length > 0) return `Filter ${n} could not be read and was left out.`
  const bad = checkFieldAndOperator({ field, op })
  if (bad) return `Filter ${n} was left out: ${bad}.`
  if (token === undefined) {
    out.push({ field, op })
    return null
  }
  const value = decodeValue(token)
  if (value === undefined) return `Filter ${n} (${field}) was left out: its value could not be read.`
  const wrong = wrongShape({ field, op, value })
  if (wrong) return `Filter ${n} (${field}) was left out: ${wrong}.`
  out.push({ field, op, value })
  return null
}

/**
 * A value the operator can never take (a list for `gt`, text for `isnull`) is refused with the
 * contract's reason. Unfinished values the filter builder holds while someone types (an empty box,
 * a range with one bound, a numeric box holding `-`) are kept, so a link of a half-built search
 * reopens as it was; the builder then says what is missing, as it did for the sender.
 */
export function wrongShape(f: FilterItem): string | null {
  const v = f.value
  if (v === undefined) return null
  const list = Array.isArray(v) ? v : [v]
  let ok: boolean
  if (list.some((x) => typeof x === 'string' && x.includes('\u0000'))) ok = false
  else if (f.op === 'isnull') ok = typeof v === 'boolean'
  else if (f.op === 'between') ok = Array.isArray(v) && v.length <= 2
  else if (f.op === 'in' || f.op === 'nin') ok = Array.isArray(v) && v.length <= MAX_IN_VALUES
  else ok = v === null || typeof v === 'string' || typeof v === 'number'
  return ok ? null : (checkFilterValue(f) ?? 'its value does not fit the operator')
}

function safeDecode(s: string): string | null {
  try {
    const d = decodeURIComponent(s)
    return d.length <= 100 ? d : null
  } catch {
    return null
  }
}
