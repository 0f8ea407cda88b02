/**
 * Saved searches as a file, to move them to another browser: export all, import and merge. The
 * same search (query and name) already saved is skipped; a different search under a taken name
 * is renamed "Name (2)".
 */
import { cleanName, MAX_NAME, MAX_SEARCHES, newId, type SavedSearch, SavedSearchSchema } from './saved-store'

export const FILE_FORMAT = 'plat-saved-searches'
const FILE_VERSION = 1
/** 200 searches of 8,000-character links is under 2 MB; anything far larger is not our file. */
export const MAX_FILE_BYTES = 5_000_000

export function savedSearchesFile(searches: readonly SavedSearch[]): string {
  return `${JSON.stringify({ format: FILE_FORMAT, version: FILE_VERSION, searches }, null, 2)}\n`
}

export function savedFileName(now = new Date()): string {
  return `plat-saved-searches-${now.toISOString().slice(0, 10)}.json`
}

export type MergeResult =
  | {
      ok: true
      searches: SavedSearch[]
      added: number
      duplicates: number
      unreadable: number
      overCap: number
      message: string
    }
  | { ok: false; error: string }

const NOT_OURS = 'This file is not a Plat saved-searches file.'

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

function uniqueName(base: string, taken: (name: string) => boolean): string {
  if (!taken(base)) return base
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`
    const name = `${base.slice(0, MAX_NAME - suffix.length).trimEnd()}${suffix}`
    if (!taken(name)) return name
  }
}

export function mergeSavedFile(current: readonly SavedSearch[], text: string, makeId = newId): MergeResult {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return { ok: false, error: `${NOT_OURS} (It is not JSON.)` }
  }
  const d = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>
  if (d.format !== FILE_FORMAT) return { ok: false, error: NOT_OURS }
  if (typeof d.version === 'number' && d.version > FILE_VERSION) {
    return { ok: false, error: 'This file was saved by a newer version of Plat; update Plat to import it.' }
  }
  if (d.version !== FILE_VERSION || !Array.isArray(d.searches)) {
    return { ok: false, error: `${NOT_OURS} (Its contents are not in the expected shape.)` }
  }
  const merged = [...current]
  const counts = { added: 0, duplicates: 0, unreadable: 0, overCap: 0 }
  const lower = (s: string) => s.toLowerCase()
  for (const entry of d.searches) {
    const r = SavedSearchSchema.safeParse(entry)
    const name = r.success ? cleanName(r.data.name) : ''
    if (!r.success || !name) {
      counts.unreadable++
      continue
    }
    if (merged.some((m) => m.query === r.data.query && lower(m.name) === lower(name))) {
      counts.duplicates++
      continue
    }
    if (merged.length >= MAX_SEARCHES) {
      counts.overCap++
      continue
    }
    const unique = uniqueName(name, (n) => merged.some((m) => lower(m.name) === lower(n)))
    // A fresh id: the file's ids may clash with ours (the same file imported into two browsers).
    merged.push({ ...r.data, id: makeId(), name: unique })
    counts.added++
  }
  return { ok: true, searches: merged, ...counts, message: importMessage(counts) }
}

function importMessage(c: { added: number; duplicates: number; unreadable: number; overCap: number }): string {
  const parts = [`Imported ${plural(c.added, 'search', 'searches')}`]
  if (c.duplicates) parts.push(`${c.duplicates} ${c.duplicates === 1 ? 'was' : 'were'} already saved`)
  if (c.unreadable) parts.push(`${plural(c.unreadable, 'entry', 'entries')} could not be read`)
  if (c.overCap) parts.push(`${c.overCap} left out: at most ${MAX_SEARCHES} searches can be saved`)
  return `${parts.join('; ')}.`
}
