/**
 * Values as counties publish them → the field's type. Every function returns `{ value }` or
 * `{ value: null, failed }`: an empty value is simply null, a value that cannot be read is null and
 * counted in the load report (never guessed at).
 */
export type Coerced<T> = { value: T | null; failed?: undefined } | { value: null; failed: string }

const EMPTY = /^(|n\/?a|null|none|-+|\?)$/i

const isBlank = (v: unknown): boolean =>
  v === null || v === undefined || (typeof v === 'string' && EMPTY.test(v.trim()))

const fail = (v: unknown): { value: null; failed: string } => ({ value: null, failed: String(v).slice(0, 80) })

/** "$1,234.50" → 1234.5; "(1,200)" (accounting negative) → -1200; " 00042 " → 42; "12%" → 12. */
export function toNumber(v: unknown): Coerced<number> {
  if (isBlank(v)) return { value: null }
  if (typeof v === 'number') return Number.isFinite(v) ? { value: v } : fail(v)
  if (typeof v === 'bigint') return { value: Number(v) }
  if (typeof v === 'boolean' || typeof v === 'object') return fail(v)
  let s = String(v).trim()
  let sign = 1
  const paren = /^\((.*)\)$/.exec(s)
  if (paren) {
    sign = -1
    s = paren[1]!.trim()
  }
  s = s.replace(/^\$\s*|^USD\s*/i, '').replace(/%$/, '')
  if (/^-?\$/.test(s)) s = s.replace('$', '')
  // Thousands separators only where they really separate thousands ("1,234,567.8").
  if (/^-?\d{1,3}(,\d{3})+(\.\d*)?$/.test(s)) s = s.replace(/,/g, '')
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s)) return fail(v)
  const n = sign * Number(s)
  return Number.isFinite(n) ? { value: n } : fail(v)
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0')

function isoDate(y: number, m: number, d: number): string | null {
  if (y < 1600 || y > 2200 || m < 1 || m > 12 || d < 1) return null
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate()
  return d > days ? null : `${pad(y, 4)}-${pad(m)}-${pad(d)}`
}

/** Two-digit years: 00–(this year + 1) are 20xx, the rest 19xx. */
function fullYear(y: number, digits: number): number {
  if (digits > 2) return y
  const cutoff = (new Date().getUTCFullYear() % 100) + 1
  return y <= cutoff ? 2000 + y : 1900 + y
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

/**
 * Dates → ISO `YYYY-MM-DD`: ISO dates and date-times, `20000622` (text or number), `6/22/2000`,
 * `6-22-00`, `22-Jun-2000`, `Jun 22, 2000`, and JS Dates (DBF date fields). US month/day order.
 */
export function toDate(v: unknown): Coerced<string> {
  if (isBlank(v)) return { value: null }
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return { value: null }
    // The Shapefile reader builds DBF dates in local time; read them back the same way.
    return orFail(isoDate(v.getFullYear(), v.getMonth() + 1, v.getDate()), v)
  }
  const s = String(v).trim()
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+(?:Z|[+-]\d\d:?\d\d)?)?$/.exec(s)
  if (m) return orFail(isoDate(+m[1]!, +m[2]!, +m[3]!), v)
  m = /^(\d{4})(\d{2})(\d{2})(?:\.0+)?$/.exec(s)
  if (m) return orFail(isoDate(+m[1]!, +m[2]!, +m[3]!), v)
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AP]M)?)?$/i.exec(s)
  if (m) return orFail(isoDate(fullYear(+m[3]!, m[3]!.length), +m[1]!, +m[2]!), v)
  m = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/.exec(s)
  if (m) return orFail(isoDate(+m[1]!, +m[2]!, +m[3]!), v)
  m = /^(\d{1,2})[-\s]([a-z]{3})[a-z]*[-\s,]+(\d{2}|\d{4})$/i.exec(s)
  if (m) return orFail(monthDate(m[3]!, m[2]!, +m[1]!), v)
  m = /^([a-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})$/i.exec(s)
  if (m) return orFail(monthDate(m[3]!, m[1]!, +m[2]!), v)
  return fail(v)
}

function monthDate(year: string, month: string, day: number): string | null {
  const mi = MONTHS.indexOf(month.toLowerCase())
  return mi < 0 ? null : isoDate(fullYear(+year, year.length), mi + 1, day)
}

const orFail = (iso: string | null, v: unknown): Coerced<string> => (iso ? { value: iso } : fail(v))

/** White space that \s+ → " " would change: a run of two, or one that is not a plain space. */
const FOLDABLE_SPACE = /\s\s|[^\S ]/

/** Text and identifier fields: trimmed; numbers as their decimal text (parcel numbers, ZIP codes). */
export function toText(v: unknown): Coerced<string> {
  if (v === null || v === undefined) return { value: null }
  if (v instanceof Date) return toDate(v)
  if (typeof v === 'object') return fail(JSON.stringify(v))
  const trimmed = String(v).trim()
  // Runs of white space become one space; most values have none to fold, so test first.
  const s = FOLDABLE_SPACE.test(trimmed) ? trimmed.replace(/\s+/g, ' ') : trimmed
  return s === '' ? { value: null } : { value: s }
}
