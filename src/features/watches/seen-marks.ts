/**
 * Which watch events this browser has shown, per server and key: the last event id seen of each
 * watch, in localStorage (the inbox's badge counts what is newer). The key itself is never stored:
 * the entry is named by a short hash of the server's address and the key, so two keys on one
 * browser keep their own marks and nothing in storage reveals either.
 */

/** What the marks need of localStorage (injectable for tests; null: kept for the session only). */
export interface SeenStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}

export type SeenMarks = Readonly<Record<string, number>>

/** FNV-1a, 32 bits: a name for the entry, not a secret's protection (it cannot be reversed to a key). */
function fnv1a(s: string): string {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h.toString(36)
}

export function seenEntry(baseUrl: string, apiKey: string): string {
  return `plat.watches.seen.${fnv1a(`${baseUrl}\n${apiKey}`)}`
}

export function readSeen(storage: SeenStorage | null, entry: string): SeenMarks {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(entry) ?? '{}')
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {}
    return Object.fromEntries(
      Object.entries(parsed).filter((kv): kv is [string, number] => Number.isSafeInteger(kv[1])),
    )
  } catch {
    return {}
  }
}

export function writeSeen(storage: SeenStorage | null, entry: string, marks: SeenMarks): void {
  try {
    storage?.setItem(entry, JSON.stringify(marks))
  } catch {
    // Storage full or refused (private mode): the marks last for this page instead.
  }
}
