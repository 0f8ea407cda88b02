/**
 * The land-use classifier (issue 23): a county's `land_use_code` and `land_use` description → one
 * of LAND_USE_CLASSES, or null when nothing says. Pure; the loader runs it once per distinct
 * (code, description) pair of a county and stores `land_use_class`, and the app runs it for records
 * of servers that do not store the class.
 *
 * Order, first answer wins:
 * 1. the rules the person gave (exact code, exact description, then "contains" words), in that order;
 * 2. unless they turned the built-ins off: words in the description (land-use-schemes.ts KEYWORDS),
 *    then words in the code when it carries its description ("601 - CASH GRAIN");
 * 3. the code scheme of the county's state (Florida DOR, Indiana/Ohio, Michigan, California LA-style);
 * 4. short Midwestern class codes read by their letters ("A1", "R-1", "E3").
 * Text is compared upper-cased with spaces collapsed, so case and spacing never change a class.
 */
import { isLandUseClass, type LandUseClass } from './land-use-classes'
import { KEYWORDS, prefixClass, STATE_SCHEMES, VACANT } from './land-use-schemes'

export interface LandUseRules {
  /** exact code (after normalising) → class */
  readonly codes?: Readonly<Record<string, LandUseClass>>
  /** exact description → class */
  readonly descriptions?: Readonly<Record<string, LandUseClass>>
  /** words or phrases contained in the description or the code → class, in the order given */
  readonly contains?: readonly (readonly [string, LandUseClass])[]
  /** the built-in words and code schemes (default true) */
  readonly builtin?: boolean
}

export interface LandUseInput {
  code?: unknown
  description?: unknown
  /** the county's state (two letters), for its code scheme */
  state?: string | null
}

const normalLandUseText = (v: unknown): string | null => {
  if (v === null || v === undefined) return null
  const s = String(v).toUpperCase().replace(/\s+/g, ' ').trim()
  return s === '' ? null : s
}

/** Normalises a rules object's keys once, so classifying a county's pairs does no string work twice. */
export function prepareRules(rules: LandUseRules = {}): LandUseRules {
  const keys = <T>(o: Readonly<Record<string, T>> | undefined) =>
    Object.fromEntries(Object.entries(o ?? {}).map(([k, v]) => [normalLandUseText(k) ?? '', v]))
  return {
    codes: keys(rules.codes),
    descriptions: keys(rules.descriptions),
    contains: (rules.contains ?? []).map(([k, v]) => [normalLandUseText(k) ?? '', v] as const).filter(([k]) => k),
    builtin: rules.builtin !== false,
  }
}

function byWords(text: string): LandUseClass | null {
  let best: { cls: LandUseClass; at: number; length: number } | null = null
  for (const [cls, re] of KEYWORDS) {
    const m = re.exec(text)
    if (m && (!best || m.index < best.at || (m.index === best.at && m[0].length > best.length)))
      best = { cls, at: m.index, length: m[0].length }
  }
  if (VACANT.test(text) && best?.cls !== 'agricultural') return 'vacant'
  return best?.cls ?? null
}

/** Rules must come from prepareRules (normalised keys); without rules the built-ins alone answer. */
export function classifyLandUse(input: LandUseInput, rules: LandUseRules = DEFAULT_RULES): LandUseClass | null {
  const code = normalLandUseText(input.code)
  const description = normalLandUseText(input.description)
  if (code === null && description === null) return null
  const fromRules =
    (code !== null ? rules.codes?.[code] : undefined) ??
    (description !== null ? rules.descriptions?.[description] : undefined) ??
    rules.contains?.find(([k]) => description?.includes(k) || code?.includes(k))?.[1]
  if (fromRules) return fromRules
  if (rules.builtin === false) return null
  const words = (description && byWords(description)) ?? (code && /[A-Z]{3}/.test(code) ? byWords(code) : null)
  if (words) return words
  if (code === null) return null
  const scheme = input.state ? STATE_SCHEMES[input.state.toUpperCase()] : undefined
  return scheme?.(code) ?? prefixClass(code)
}

const DEFAULT_RULES = prepareRules()

/**
 * A record's class: the one its server stored (our server's `land_use_class`), else the built-in
 * rules' reading of its code and description, so the theme and card work with any server.
 */
export function landUseClassOf(record: Readonly<Record<string, unknown>>): LandUseClass | null {
  const stored = record.land_use_class
  if (isLandUseClass(stored)) return stored
  if (stored === null && 'land_use_class' in record) return null
  const state = typeof record.state === 'string' ? record.state : null
  return classifyLandUse({ code: record.land_use_code, description: record.land_use, state })
}
