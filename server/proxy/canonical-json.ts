/**
 * One text for every spelling of the same JSON value: object members sorted by name, no
 * whitespace, strings and numbers written as JSON.stringify writes them. Two bodies with the same
 * canonical text are the same request to any JSON parser — as long as the text is unambiguous (see
 * `isUnambiguousJson`); otherwise the caller keys on the exact text instead.
 */

/** Deeper values are keyed by their exact text: no real request nests this deep, and recursion must stay bounded. */
const MAX_DEPTH = 64

/** The canonical text of `value`, or null when it nests deeper than MAX_DEPTH. */
export function canonicalJson(value: unknown, depth = 0): string | null {
  if (depth > MAX_DEPTH) return null
  if (Array.isArray(value)) {
    const parts: string[] = []
    for (const v of value) {
      const part = canonicalJson(v, depth + 1)
      if (part === null) return null
      parts.push(part)
    }
    return `[${parts.join(',')}]`
  }
  if (value !== null && typeof value === 'object') {
    const parts: string[] = []
    for (const name of Object.keys(value).sort()) {
      const part = canonicalJson((value as Record<string, unknown>)[name], depth + 1)
      if (part === null) return null
      parts.push(`${JSON.stringify(name)}:${part}`)
    }
    return `{${parts.join(',')}}`
  }
  return JSON.stringify(value)
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y

/**
 * Whether `text` (already parsed into `value`) means the same to every JSON parser as its canonical
 * form does: false when a number is written in a form that parsers may read differently from its
 * plain value (`1.0` is a float in Python but 1 here; `1e2`, `-0`, digits beyond a double), or when
 * an object names a member twice (parsers disagree on which one wins).
 */
export function isUnambiguousJson(text: string, value: unknown): boolean {
  let members = 0
  let i = 0
  while (i < text.length) {
    const ch = text.charCodeAt(i)
    if (ch === 0x22) {
      // A string: skip to its closing quote; if a colon follows, it was a member name.
      i++
      while (i < text.length && text.charCodeAt(i) !== 0x22) i += text.charCodeAt(i) === 0x5c ? 2 : 1
      i++
      let j = i
      while (j < text.length && /\s/.test(text[j] as string)) j++
      if (text[j] === ':') members++
      continue
    }
    if (ch === 0x2d || (ch >= 0x30 && ch <= 0x39)) {
      NUMBER.lastIndex = i
      const lexeme = NUMBER.exec(text)?.[0] ?? text[i]
      if (String(Number(lexeme)) !== lexeme) return false
      i += (lexeme as string).length
      continue
    }
    i++
  }
  const counted = countMembers(value, 0)
  return counted !== null && counted === members
}

function countMembers(value: unknown, depth: number): number | null {
  if (depth > MAX_DEPTH) return null
  if (value === null || typeof value !== 'object') return 0
  const children = Array.isArray(value) ? value : Object.values(value)
  let n = Array.isArray(value) ? 0 : children.length
  for (const child of children) {
    const inner = countMembers(child, depth + 1)
    if (inner === null) return null
    n += inner
  }
  return n
}
