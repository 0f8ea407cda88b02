/**
 * Saved searches in localStorage: one versioned envelope `{version: 1, searches}`. A search is its
 * shared-link query (src/share), so reopening one is opening its link. Reads never throw: bad
 * entries are dropped and reported, unreadable data is backed up before anything overwrites it,
 * and data from a newer version is left untouched (read-only).
 */
import { z } from 'zod'

export const STORAGE_KEY = 'plat.saved-searches'
export const BACKUP_KEY = 'plat.saved-searches.unreadable'
export const STORE_VERSION = 1
export const MAX_SEARCHES = 200
export const MAX_NAME = 100

export const SavedSearchSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(MAX_NAME),
  query: z.string().max(200_000),
  savedAt: z.string().max(40),
  summary: z.string().max(500).optional(),
})
export type SavedSearch = z.infer<typeof SavedSearchSchema>

export type StorageLike = Pick<Storage, 'getItem' | 'setItem'>

export interface ListResult {
  searches: SavedSearch[]
  /** Set when stored data was partly or wholly unreadable, or from a newer version. */
  problem?: string
  readOnly?: boolean
}

export function listSaved(storage: StorageLike | null): ListResult {
  let raw: string | null
  try {
    raw = storage?.getItem(STORAGE_KEY) ?? null
  } catch {
    return { searches: [], problem: 'Browser storage is not available here, so searches cannot be saved.' }
  }
  if (raw === null) return { searches: [] }
  let data: unknown
  try {
    data = JSON.parse(raw)
  } catch {
    return { searches: [], problem: 'The saved searches in this browser were unreadable; a copy was kept aside.' }
  }
  const version = (data as { version?: unknown })?.version
  if (typeof version === 'number' && version > STORE_VERSION) {
    return { searches: [], readOnly: true, problem: 'These saved searches were made by a newer version of Plat.' }
  }
  const entries = (data as { searches?: unknown })?.searches
  if (!Array.isArray(entries)) {
    return { searches: [], problem: 'The saved searches in this browser were unreadable; a copy was kept aside.' }
  }
  const searches = entries.flatMap((e) => {
    const r = SavedSearchSchema.safeParse(e)
    return r.success ? [r.data] : []
  })
  const bad = entries.length - searches.length
  searches.sort((a, b) => b.savedAt.localeCompare(a.savedAt))
  return bad > 0 ? { searches, problem: `${bad} saved search(es) could not be read and were left out.` } : { searches }
}

export type WriteResult = { ok: true } | { ok: false; error: string }

function write(storage: StorageLike | null, searches: SavedSearch[]): WriteResult {
  if (!storage) return { ok: false, error: 'Browser storage is not available here.' }
  const current = listSaved(storage)
  if (current.readOnly) return { ok: false, error: 'Saved searches from a newer Plat are kept as they are.' }
  try {
    const old = storage.getItem(STORAGE_KEY)
    // Keep what we could not read rather than overwrite it silently.
    if (old !== null && current.problem) storage.setItem(BACKUP_KEY, old)
    storage.setItem(STORAGE_KEY, JSON.stringify({ version: STORE_VERSION, searches }))
    return { ok: true }
  } catch {
    return { ok: false, error: 'Browser storage is full; delete some saved searches and try again.' }
  }
}

export function cleanName(name: string): string {
  return name.replace(/\s+/g, ' ').trim().slice(0, MAX_NAME)
}

export function saveSearch(
  storage: StorageLike | null,
  entry: { name: string; query: string; summary?: string },
  now = new Date(),
): WriteResult {
  const name = cleanName(entry.name)
  if (!name) return { ok: false, error: 'Give the search a name.' }
  const { searches } = listSaved(storage)
  const rest = searches.filter((s) => s.name.toLowerCase() !== name.toLowerCase())
  if (rest.length >= MAX_SEARCHES) return { ok: false, error: `At most ${MAX_SEARCHES} searches can be saved.` }
  const id = `${now.getTime().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
  return write(storage, [{ id, name, query: entry.query, savedAt: now.toISOString(), summary: entry.summary }, ...rest])
}

export function findByName(storage: StorageLike | null, name: string): SavedSearch | undefined {
  const n = cleanName(name).toLowerCase()
  return listSaved(storage).searches.find((s) => s.name.toLowerCase() === n)
}

export function renameSearch(storage: StorageLike | null, id: string, name: string): WriteResult {
  const clean = cleanName(name)
  if (!clean) return { ok: false, error: 'Give the search a name.' }
  const { searches } = listSaved(storage)
  if (searches.some((s) => s.id !== id && s.name.toLowerCase() === clean.toLowerCase())) {
    return { ok: false, error: `A saved search is already called “${clean}”.` }
  }
  return write(
    storage,
    searches.map((s) => (s.id === id ? { ...s, name: clean } : s)),
  )
}

export function deleteSearch(storage: StorageLike | null, id: string): WriteResult {
  return write(
    storage,
    listSaved(storage).searches.filter((s) => s.id !== id),
  )
}

/** Replaces the whole list (file import). */
export function replaceAll(storage: StorageLike | null, searches: SavedSearch[]): WriteResult {
  return write(storage, searches.slice(0, MAX_SEARCHES))
}
