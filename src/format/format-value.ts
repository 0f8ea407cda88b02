/**
 * Display formatting for parcel values (pure, no DOM). Records come from a server as open objects,
 * so every formatter accepts `unknown` and falls back to plain text rather than throwing: a county
 * that sends "12.5" as a string still shows 12.50 acres, and garbage shows as itself.
 */
import { landUseClassLabel } from '../../contract/land-use-classes'
import { historyOf, historyText, rotationLabel } from '../../contract/rotation'
import type { DisplayFormat } from './field-formats'

/** Shown for null/undefined/empty; an en dash reads as "no value" without looking like zero. */
export const EMPTY = '–'

// One formatter instance each: Intl constructors are slow enough to matter across 20k rows.
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
const acres = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })
const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })
const percent3 = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 })
const meters = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })
const date = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })

/** A finite number from a number or a numeric string ("1,234.5" included), else null. */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value !== 'string') return null
  const cleaned = value.trim().replace(/[$,\s]/g, '')
  if (cleaned === '' || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(cleaned)) return null
  const n = Number(cleaned)
  return Number.isFinite(n) ? n : null
}

export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
}

export function formatUsd(value: unknown): string {
  return withNumber(value, (n) => usd.format(n))
}

/**
 * Acres. `exact` (a record's field, a mailing list's total): two decimals, "12.50". `size` (how big
 * a drawn area is): a precision that suits the size, with the unit: "1,234 ac", "12.3 ac", "0.12 ac".
 */
export function formatAcres(value: unknown, style: 'exact' | 'size' = 'exact'): string {
  if (style === 'exact') return withNumber(value, (n) => acres.format(n))
  return withNumber(value, (n) => {
    if (n >= 100) return `${integer.format(n)} ac`
    return `${n.toFixed(n >= 1 ? 1 : 2)} ac`
  })
}

export function formatInteger(value: unknown): string {
  return withNumber(value, (n) => integer.format(n))
}

function formatDecimal(value: unknown): string {
  return withNumber(value, (n) => decimal.format(n))
}

/** The API sends percentages as 0–100 (cdl_majority_percent), not as fractions. */
export function formatPercent(value: unknown): string {
  return withNumber(value, (n) => `${percent.format(n)}%`)
}

export function formatMeters(value: unknown): string {
  return withNumber(value, (n) => `${meters.format(n)} m`)
}

/**
 * `sale_date` is "a string" per the spec with no stated format. ISO dates (YYYY-MM-DD, optionally
 * with a time) are shown as "Mar 5, 2021" in UTC so the day never shifts with the viewer's zone;
 * anything else is shown verbatim because guessing at "03/04/21" would be worse than not parsing.
 */
function formatDate(value: unknown): string {
  if (isEmptyValue(value)) return EMPTY
  if (typeof value !== 'string') return formatText(value)
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/.exec(value.trim())
  if (!m) return value
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  const d = new Date(t)
  // Date.UTC rolls 2021-02-31 over into March; a rolled date means the input was not a real date.
  if (Number.isNaN(t) || d.getUTCDate() !== Number(m[3])) return value
  return date.format(d)
}

/** Unknown fields: shown as text, objects as compact JSON (never as HTML: React escapes it). */
export function formatText(value: unknown): string {
  if (isEmptyValue(value)) return EMPTY
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'bigint') return String(value)
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

export function formatValue(value: unknown, format: DisplayFormat | undefined): string {
  switch (format) {
    case 'year':
      return withNumber(value, (n) => String(Math.round(n)))
    case 'yesno':
      return isEmptyValue(value)
        ? EMPTY
        : value === true || value === 'true' || value === 'Y'
          ? 'Yes'
          : value === false || value === 'false' || value === 'N'
            ? 'No'
            : formatText(value)
    case 'coordinate':
      return withNumber(value, (n) => n.toFixed(6))
    case 'rate':
      // Tax rates come as fractions of the value (0.0153): shown per cent.
      return withNumber(value, (n) => `${percent3.format(n * 100)}%`)
    case 'sqft':
      return withNumber(value, (n) => `${integer.format(n)} sq ft`)
    case 'usd':
      return formatUsd(value)
    case 'acres':
      return formatAcres(value)
    case 'integer':
      return formatInteger(value)
    case 'decimal':
      return formatDecimal(value)
    case 'percent':
      return formatPercent(value)
    case 'meters':
      return formatMeters(value)
    case 'date':
      return formatDate(value)
    case 'history':
      // One letter per year, oldest first (contract/rotation.ts HISTORY_LETTERS).
      return historyText(historyOf({ cdl_history: value })) || EMPTY
    case 'rotation':
      return isEmptyValue(value) ? EMPTY : (rotationLabel(value) ?? formatText(value))
    case 'landuse':
      return isEmptyValue(value) ? EMPTY : (landUseClassLabel(value) ?? formatText(value))
    default:
      return formatText(value)
  }
}

/** Numeric formats right-align in tables so digits line up. */
export function isNumericFormat(format: DisplayFormat | undefined): boolean {
  return (
    format === 'usd' ||
    format === 'acres' ||
    format === 'integer' ||
    format === 'decimal' ||
    format === 'percent' ||
    format === 'meters'
  )
}

function withNumber(value: unknown, fmt: (n: number) => string): string {
  if (isEmptyValue(value)) return EMPTY
  const n = toNumber(value)
  return n === null ? formatText(value) : fmt(n)
}
