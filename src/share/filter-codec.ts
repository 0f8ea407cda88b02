/**
 * Filters in a link, readable and hand-editable: `field:op:value`, filters separated by `~`.
 * Values are typed by their first character so a string "80" stays a string: a number is written
 * as is (`acres:gt:80.5`), a string is `s` + its %-escaped text (`state:eq:sIA`), `t`/`f` are
 * booleans, `z` is null, and `l` + comma-separated values is a list (`crop:in:lsCorn,sSoybeans`).
 * A filter without a value is `field:op`. Strings escape every separator (`:`, `,`, `~`) and the
 * characters some mail and chat tools rewrite (`.!*'()`), so any text round-trips.
 */
import { checkFieldAndOperator } from '../../contract/query-rules'
import type { FilterItem } from '../../contract/schemas'

type Scalar = string | number
type Value = FilterItem['value']

const MAX_STRING = 2000
const MAX_LIST = 50_000
const NUMBER = /^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i

export function escapeText(s: string): string {
  return encodeURIComponent(s).replace(/[.!~*'()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}

function encodeScalar(v: Scalar | boolean | null): string {
  if (v === null) return 'z'
  if (typeof v === 'boolean') return v ? 't' : 'f'
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'z'
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
      const s = decodeURIComponent(token.slice(1))
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
  if (items.length > MAX_LIST) return undefined
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
  let overflow = false
  parts.forEach((part, i) => {
    const n = i + 1
    if (filters.length >= max) {
      if (!overflow) problems.push(`The link has more than ${max} filters; filter ${n} onwards was left out.`)
      overflow = true
      return
    }
    const [rawField = '', rawOp = '', token, ...extra] = part.split(':')
    const field = safeDecode(rawField)
    const op = safeDecode(rawOp)
    if (field === null || op === null || extra.length > 0) {
      problems.push(`Filter ${n} could not be read and was left out.`)
      return
    }
    const bad = checkFieldAndOperator({ field, op })
    if (bad) {
      problems.push(`Filter ${n} was left out: ${bad}.`)
      return
    }
    if (token === undefined) {
      filters.push({ field, op })
      return
    }
    const value = decodeValue(token)
    if (value === undefined) problems.push(`The value of filter ${n} (${field}) could not be read and was left out.`)
    else filters.push({ field, op, value })
  })
  return { filters, problems }
}

function safeDecode(s: string): string | null {
  try {
    const d = decodeURIComponent(s)
    return d.length <= 100 ? d : null
  } catch {
    return null
  }
}
