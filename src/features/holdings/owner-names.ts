/**
 * Owner names as county rolls write them, made comparable: "SMITH JOHN A", "JOHN A SMITH TRUST",
 * "Smith, John A. & Mary", "MILLER FARMS, L.L.C.". Pure; nothing here decides for the user — it
 * says how two names differ (`compareOwners` → reasons) so the panel can offer a variant with its
 * reasons, and the user includes it or not.
 */

/** Legal-form words: the same owner's LLC may be written LLC, L.L.C., L L C. */
const ENTITY = new Set(['LLC', 'INC', 'CORP', 'CORPORATION', 'CO', 'COMPANY', 'LP', 'LLP', 'LTD', 'PC', 'INCORPORATED'])
/** Trust words ("JOHN A SMITH REVOCABLE TRUST", "SMITH JOHN A TR", "… TRUSTEE"). */
const TRUST = new Set([
  'TRUST',
  'TR',
  'TRS',
  'TRUSTEE',
  'TRUSTEES',
  'REVOCABLE',
  'REV',
  'LIVING',
  'IRREVOCABLE',
  'ESTATE',
])
/** Joiners and "and others" markers, which say nothing about who the owner is. */
const NOISE = new Set([
  'AND',
  'THE',
  'OF',
  'ET',
  'AL',
  'ETAL',
  'UX',
  'ETUX',
  'ETVIR',
  'VIR',
  'JT',
  'JTWROS',
  'TEN',
  'COM',
])
/** Words too common in owner names to find one owner by (FAMILY trust, FARMS llc, BROS inc…). */
export const GENERIC: ReadonlySet<string> = new Set([
  'FAMILY',
  'FARM',
  'BROTHER',
  'PROPERTY',
  'HOLDING',
  'INVESTMENT',
  'LAND',
  'RENTAL',
  'PARTNER',
])
/** One spelling for singular/plural and abbreviations that rolls mix. */
const STEM: Record<string, string> = {
  FARMS: 'FARM',
  BROS: 'BROTHER',
  BROTHERS: 'BROTHER',
  PROPERTIES: 'PROPERTY',
  HOLDINGS: 'HOLDING',
  INVESTMENTS: 'INVESTMENT',
  RENTALS: 'RENTAL',
  PARTNERS: 'PARTNER',
  PARTNERSHIP: 'PARTNER',
}

/** Case and spacing only: "Miller  Farms llc" and "MILLER FARMS LLC" are one spelling. */
export const spellingKey = (name: string): string => name.trim().replace(/\s+/g, ' ').toUpperCase()

/**
 * Words of a name with punctuation and spelling noise removed: `&` → AND, dotted and spaced
 * initialisms joined (L.L.C. / L L C → LLC), apostrophes dropped, other punctuation a space.
 */
export function nameWords(name: string): string[] {
  let s = spellingKey(name).replaceAll('&', ' AND ').replaceAll('+', ' AND ')
  s = s.replace(/['’`]/g, '')
  // Dotted initialisms first (L.L.C., U.S.A.), then runs of single letters that spell a legal form.
  s = s.replace(/\b(?:[A-Z]\.){2,}/g, (m) => m.replaceAll('.', ''))
  s = s.replace(/[^A-Z0-9]+/g, ' ').trim()
  s = s
    .replace(/\bL L C\b/g, 'LLC')
    .replace(/\bL L P\b/g, 'LLP')
    .replace(/\bL P\b/g, 'LP')
  s = s.replace(/\bET AL\b/g, 'ETAL').replace(/\bET UX\b/g, 'ETUX')
  return s === '' ? [] : s.split(' ')
}

export interface NameParts {
  /** Words that name the owner (stemmed), in the order written. */
  core: string[]
  entity: string[]
  trust: boolean
  /** "ET AL", "& OTHERS": the roll names more owners than it shows. */
  others: boolean
}

export function nameParts(name: string): NameParts {
  const core: string[] = []
  const entity: string[] = []
  let trust = false
  let others = false
  for (const w of nameWords(name)) {
    if (ENTITY.has(w)) entity.push(w === 'CORPORATION' ? 'CORP' : w === 'COMPANY' ? 'CO' : w)
    else if (TRUST.has(w)) trust = true
    else if (w === 'ETAL' || w === 'AL') others = true
    else if (!NOISE.has(w)) core.push(STEM[w] ?? w)
  }
  return { core, entity, trust, others }
}

export const isInitial = (w: string) => w.length === 1

/**
 * Words worth an `owner ilike` probe to find the other spellings, best first: not an initial, not a
 * legal-form or generic word; on a person's name the surname comes first (rolls write "SMITH JOHN
 * A" or "SMITH, JOHN A"; a typed "John A Smith" ends with it), then the longer words.
 */
export function probeWords(name: string): string[] {
  const words = nameParts(name).core.filter((w) => !isInitial(w) && !/^\d+$/.test(w))
  const distinct = [...new Set(words)]
  const specific = distinct.filter((w) => !GENERIC.has(w))
  const pool = specific.length > 0 ? specific : distinct
  const comma = name.indexOf(',')
  const surname =
    comma > 0
      ? nameParts(name.slice(0, comma)).core.at(-1)
      : words.length >= 2 && words.length <= 3 && isPersonLike(name)
        ? endsWithInitial(name)
          ? words[0]
          : words.at(-1)
        : pool[0]
  const rest = pool.filter((w) => w !== surname).sort((a, b) => b.length - a.length)
  return surname && pool.includes(surname) ? [surname, ...rest] : rest
}

const isPersonLike = (name: string) => {
  const p = nameParts(name)
  return p.entity.length === 0 && !p.core.some((w) => GENERIC.has(w))
}
/** "SMITH JOHN A": the middle initial last means surname first. */
const endsWithInitial = (name: string) => {
  const core = nameParts(name).core
  return core.length > 0 && isInitial(core.at(-1) as string)
}

export type Relation = 'same' | 'variant' | 'unrelated'

export interface Comparison {
  relation: Relation
  /** How a variant differs, in words a person reads ("word order", "L.L.C. for LLC"…). */
  reasons: string[]
}

/** Two first names agree when equal, or when one is the other's initial. */
function wordsMatch(a: string, b: string): boolean {
  if (a === b) return true
  return (isInitial(a) && b.startsWith(a)) || (isInitial(b) && a.startsWith(b))
}

/** Every word of `small` has a partner in `big` (each partner used once); initials may stand for names. */
function covers(big: readonly string[], small: readonly string[]): { ok: boolean; initials: boolean } {
  const left = [...big]
  let initials = false
  for (const w of small) {
    let i = left.indexOf(w)
    if (i < 0) {
      i = left.findIndex((x) => wordsMatch(x, w))
      if (i >= 0) initials = true
    }
    if (i < 0) return { ok: false, initials }
    left.splice(i, 1)
  }
  return { ok: true, initials }
}

/**
 * How `candidate` relates to `target`: the same spelling (case and spacing aside), a likely variant
 * (the same words in another order or punctuation, `&`/AND, LLC/L.L.C., FARM/FARMS, with or without
 * ET AL, TRUST or a legal form, initials for names, a name with fewer of the same words), or
 * unrelated. Couples written "SMITH JOHN & MARY" and "JOHN SMITH AND MARY SMITH" compare as word
 * sets, so a repeated surname does not count.
 */
export function compareOwners(target: string, candidate: string): Comparison {
  if (spellingKey(target) === spellingKey(candidate)) return { relation: 'same', reasons: [] }
  const t = nameParts(target)
  const c = nameParts(candidate)
  const tw = [...new Set(t.core)]
  const cw = [...new Set(c.core)]
  if (tw.length === 0 || cw.length === 0) return { relation: 'unrelated', reasons: [] }
  const reasons: string[] = []
  const sameSet = tw.length === cw.length && covers(tw, cw).ok
  if (sameSet) {
    const initials = covers(tw, cw).initials
    if (initials) reasons.push('initials for names')
    else if (t.core.filter((w) => cw.includes(w)).join(' ') !== c.core.filter((w) => tw.includes(w)).join(' '))
      reasons.push('word order')
  } else {
    const [big, small] = tw.length > cw.length ? [tw, cw] : [cw, tw]
    const cover = covers(big, small)
    // Fewer words of the same name ("JOHNSON ROBERT L ET AL" for the couple): only with two or
    // more specific words in common, so "MILLER FARMS LLC" and "MILLER JOHN" stay apart.
    const specific = small.filter((w) => !GENERIC.has(w) && !isInitial(w))
    if (!cover.ok || specific.length < 2) return { relation: 'unrelated', reasons: [] }
    reasons.push(small === cw ? 'fewer names' : 'more names')
    if (cover.initials) reasons.push('initials for names')
  }
  if (pluralDiffers(target, candidate)) reasons.push('singular/plural (FARM/FARMS)')
  const te = t.entity.join(' ')
  const ce = c.entity.join(' ')
  if (te !== ce) reasons.push(te && ce ? `${ce} for ${te}` : ce ? `adds ${ce}` : `without ${te}`)
  else if (te && legalSpelling(target) !== legalSpelling(candidate))
    reasons.push(`${legalSpelling(candidate)} for ${te}`)
  if (t.trust !== c.trust) reasons.push(c.trust ? 'a trust' : 'not a trust')
  if (t.others !== c.others) reasons.push(c.others ? 'adds ET AL' : 'without ET AL')
  if (/[&+]/.test(target) !== /[&+]/.test(candidate)) reasons.push('& for AND')
  if (reasons.length === 0) reasons.push('punctuation')
  return { relation: 'variant', reasons }
}

/** FARM vs FARMS, BROS vs BROTHERS: the stems agree, the words do not. */
function pluralDiffers(a: string, b: string): boolean {
  const raw = (n: string) => nameWords(n).filter((w) => STEM[w] || Object.values(STEM).includes(w))
  return raw(a).join(' ') !== raw(b).join(' ')
}

/** The legal form as written ("L.L.C.", "L L C", "LLC"). */
function legalSpelling(name: string): string {
  const m = /\bL\.?\s?L\.?\s?C\.?|\bINC\.?|\bCORP\.?/i.exec(name)
  return m ? m[0].toUpperCase() : 'another spelling'
}
