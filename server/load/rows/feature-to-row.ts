/**
 * A county's feature → a staged parcel: mapped attributes coerced to their field's type, the rest
 * kept under their own lower-cased names, geometry converted to longitude/latitude.
 */
import { FIELDS } from '../../../contract/fields'
import type { Projection } from '../../../formats/crs'
import type { SourceFeature } from '../readers/source'
import { type Coerced, toDate, toNumber, toText } from './coerce'
import { type FitTally, firstPosition } from './crs-fit'
import type { Mapping } from './mapping'
import { cleanPolygon } from './polygon-clean'
import type { StagedItem } from './staged-row'
import { TextHygieneLog } from './text-hygiene'

type Coercer = (v: unknown) => Coerced<string | number>

/** ZIP codes stored as numbers lose their leading zero ("2134" for Boston's 02134). */
const toPostal: Coercer = (v) => {
  const t = toText(v)
  return t.value && /^\d{3,4}$/.test(t.value) ? { value: t.value.padStart(5, '0') } : t
}

const COERCERS: Record<string, Coercer> = Object.fromEntries(
  FIELDS.map((f) => [f.name, f.group === 'numeric' ? toNumber : f.name === 'sale_date' ? toDate : toText]),
)
COERCERS.postal = toPostal

/** Names a kept attribute may not take: they are the record's own keys. */
const RESERVED = new Set([...FIELDS.map((f) => f.name), 'geom', 'buildings'])

/** Counts of values that could not be read, per field, with a few examples for the report. */
export class CoercionLog {
  readonly failures = new Map<string, { count: number; examples: { feature: number; value: string }[] }>()
  add(field: string, feature: number, value: string): void {
    const entry = this.failures.get(field) ?? { count: 0, examples: [] }
    entry.count++
    if (entry.examples.length < 5) entry.examples.push({ feature, value })
    this.failures.set(field, entry)
  }
  get total(): number {
    let n = 0
    for (const e of this.failures.values()) n += e.count
    return n
  }
}

export interface RowContext {
  mapping: Mapping
  projection: Projection
  layer: string | null
  log: CoercionLog
  /** counts control characters stripped and long values cut (text-hygiene.ts) */
  hygiene?: TextHygieneLog
  /** checks each feature lands in the county's state (crs-fit.ts) */
  fit?: FitTally | null
}

/** Where cleaning is counted when the caller keeps no log. */
const UNCOUNTED = new TextHygieneLog()

function keepValue(v: unknown): unknown {
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim()
  if (v instanceof Date) return toDate(v).value
  if (typeof v === 'bigint') return Number(v)
  if (v instanceof Uint8Array) return null
  if (typeof v === 'number' && !Number.isFinite(v)) return null
  return v ?? null
}

/** A mapping's fields and the source names it uses, worked out once per mapping, not per feature. */
const PLANS = new WeakMap<Mapping, { fields: [string, readonly string[]][]; used: Set<string> }>()
function planOf(mapping: Mapping) {
  let plan = PLANS.get(mapping)
  if (!plan) {
    const fields = Object.entries(mapping)
    plan = { fields, used: new Set(fields.flatMap(([, names]) => names)) }
    PLANS.set(mapping, plan)
  }
  return plan
}

export function featureToRow(f: SourceFeature, feature: number, ctx: RowContext): StagedItem {
  const attrs: Record<string, string | number | null> = {}
  const hygiene = ctx.hygiene ?? UNCOUNTED
  const { fields, used } = planOf(ctx.mapping)
  for (const [field, names] of fields) {
    const read = names.length === 1 ? f.properties[names[0]!] : joinParts(names.map((n) => f.properties[n]))
    // Cleaned before coercion, so a NUL-padded number ("42\0\0") still reads as 42.
    const raw = typeof read === 'string' ? hygiene.clean(field, feature, read) : read
    const c = COERCERS[field]!(raw)
    if (c.failed !== undefined) ctx.log.add(field, feature, c.failed)
    attrs[field] = c.value
  }
  if (f.geometryError) return rejected(attrs, feature, ctx, `unreadable geometry (${f.geometryError})`)
  if (!f.geometry) return rejected(attrs, feature, ctx, 'no geometry')
  const cleaned = cleanPolygon(f.geometry, ctx.projection)
  if ('reason' in cleaned) return rejected(attrs, feature, ctx, cleaned.reason)
  const misfit = ctx.fit?.check(cleaned.geom, firstPosition(f.geometry))
  if (misfit) return rejected(attrs, feature, ctx, misfit)
  const extra: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(f.properties)) {
    if (used.has(name)) continue
    let key = extraKey(name)
    while (key in extra) key = `${key}_`
    extra[key] =
      value instanceof Uint8Array
        ? hygiene.keepBinary(key, feature, value)
        : hygiene.cleanDeep(key, feature, keepValue(value))
  }
  return { feature, layer: ctx.layer, attrs, extra, geom: cleaned.geom, fixes: cleaned.fixes }
}

/**
 * An attribute's name in the record's extra fields (lower case; `src_` before a name the catalog or
 * the service owns), worked out once per name: with 5,000 joined columns it was 5,000 new strings
 * per feature. Names are the sources' columns, so the cache stays small; cleared if it is not.
 */
const EXTRA_KEYS = new Map<string, string>()
function extraKey(name: string): string {
  let key = EXTRA_KEYS.get(name)
  if (key === undefined) {
    key = name.toLowerCase()
    if (RESERVED.has(key) || key.startsWith('svc_')) key = `src_${key}`
    if (EXTRA_KEYS.size >= 100_000) EXTRA_KEYS.clear()
    EXTRA_KEYS.set(name, key)
  }
  return key
}

/** A feature that cannot be a parcel (a function of its own: a closure per feature was a profiled cost). */
function rejected(attrs: Record<string, unknown>, feature: number, ctx: RowContext, reason: string): StagedItem {
  const parcelId = typeof attrs.parcel_id === 'string' ? attrs.parcel_id : null
  return { feature, layer: ctx.layer, parcelId, reason }
}

function joinParts(parts: unknown[]): string | null {
  const text = parts
    .map((p) => toText(p).value)
    .filter((p) => p !== null)
    .join(' ')
  return text || null
}
