/**
 * Saved searches in localStorage: one versioned envelope `{version: 1, searches}`. A search is its
 * shared-link query (src/features/share), so reopening one is opening its link. Reads never throw: bad
 * entries are dropped and reported, unreadable data is backed up before anything overwrites it,
 * and data from a newer version is left untouched (read-only).
 */
import { z } from 'zod'

export const STORAGE_KEY = 'plat.saved-searches'
export const BACKUP_KEY = 'plat.saved-searches.unreadable'
const STORE_VERSION = 1
export const MAX_SEARCHES = 200
export const MAX_NAME = 100
/** The share-link codec keeps queries under this; a longer one is not a link we made. */
const MAX_QUERY = 8000
const MAX_SUMMARY = 500

export const SavedSearchSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(MAX_NAME),
  query: z.string().min(1).max(MAX_QUERY),
  savedAt: z
    .string()
    .max(40)
    .refine((s) => !Number.isNaN(Date.parse(s))),
  summary: z.string().max(MAX_SUMMARY).optional(),
})
export type SavedSearch = z.infer<typeof SavedSearchSchema>

export type StorageLike = Pick<Storage, 'getItem' | 'setItem'>

export interface ListResult {
  /** Newest first. */
  searches: SavedSearch[]
  /** Set when stored data was partly or wholly unreadable, from a newer version, or storage is off. */
  problem?: string
  /** Nothing can be written: storage is unavailable or holds a newer version's data. */
  readOnly?: boolean
}

export type WriteResult = { ok: true } | { ok: false; error: string }

const UNAVAILABLE = 'Browser storage is not available here (private browsing?), so searches cannot be saved.'
const UNREADABLE = 'The saved searches in this browser could not be read; a copy is kept aside when you next save.'
export const STORAGE_FULL = 'Browser storage is full; delete some saved searches and try again.'

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** `damaged`: what is stored is not all readable, so it must be backed up before being replaced. */
function read(storage: StorageLike | null): ListResult & { damaged?: boolean } {
  if (!storage) return { searches: [], problem: UNAVAILABLE, readOnly: true }
  let raw: string | null
  try {
    raw = storage.getItem(STORAGE_KEY)
  } catch {
    return { searches: [], problem: UNAVAILABLE, readOnly: true }
  }
  if (raw === null) return { searches: [] }
  let data: unknown
  try {
    data = JSON.parse(raw)
  } catch {
    return { searches: [], problem: UNREADABLE, damaged: true }
  }
  const version = typeof data === 'object' && data !== null ? (data as { version?: unknown }).version : undefined
  if (typeof version === 'number' && version > STORE_VERSION) {
    // A newer Plat may have fields we would drop; writing our version over it would lose them.
    return {
      searches: [],
      readOnly: true,
      problem: 'These saved searches were saved by a newer version of Plat; update Plat to use them.',
    }
  }
  const entries = (data as { searches?: unknown } | null)?.searches
  if (version !== STORE_VERSION || !Array.isArray(entries)) return { searches: [], problem: UNREADABLE, damaged: true }
  const ids = new Set<string>()
  const searches: SavedSearch[] = []
  for (const e of entries) {
    const r = SavedSearchSchema.safeParse(e)
    // A repeated id would make rename/delete hit two entries; keep the first.
    if (r.success && !ids.has(r.data.id)) {
      ids.add(r.data.id)
      searches.push(r.data)
    }
  }
  searches.sort((a, b) => Date.parse(b.savedAt) - Date.parse(a.savedAt))
  const bad = entries.length - searches.length
  if (bad === 0) return { searches }
  return {
    searches,
    damaged: true,
    problem: `${plural(bad, 'saved search', 'saved searches')} could not be read and ${bad === 1 ? 'was' : 'were'} left out.`,
  }
}

export function listSaved(storage: StorageLike | null): ListResult {
  const { damaged: _, ...result } = read(storage)
  return result
}

function isQuotaError(e: unknown): boolean {
  const { name, code } = (e ?? {}) as { name?: unknown; code?: unknown }
  // Firefox used its own name; old WebKit only set the legacy code.
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014
}

function write(storage: StorageLike | null, searches: SavedSearch[]): WriteResult {
  const current = read(storage)
  if (!storage || current.readOnly) return { ok: false, error: current.problem ?? UNAVAILABLE }
  try {
    // Keep what we could not read rather than overwrite it silently. The newest unreadable copy wins.
    if (current.damaged) {
      const old = storage.getItem(STORAGE_KEY)
      if (old !== null) storage.setItem(BACKUP_KEY, old)
    }
    storage.setItem(STORAGE_KEY, JSON.stringify({ version: STORE_VERSION, searches }))
    return { ok: true }
  } catch (e) {
    return { ok: false, error: isQuotaError(e) ? STORAGE_FULL : UNAVAILABLE }
  }
}

/** Collapses whitespace (names come from inputs and imported files) and caps the length. */
export function cleanName(name: string): string {
  return name.replace(/\s+/g, ' ').trim().slice(0, MAX_NAME).trim()
}

export function newId(): string {
  // randomUUID is missing outside secure contexts (plain http on a LAN address).
  const uuid = globalThis.crypto?.randomUUID?.()
  return uuid ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

export function findByName(storage: StorageLike | null, name: string): SavedSearch | undefined {
  const n = cleanName(name)
  return listSaved(storage).searches.find((s) => sameName(s.name, n))
}

/** Saves the query under `name`, replacing a search of the same name (ask first: `findByName`). */
export function saveSearch(
  storage: StorageLike | null,
  entry: { name: string; query: string; summary?: string },
  now = new Date(),
): WriteResult {
  const name = cleanName(entry.name)
  if (!name) return { ok: false, error: 'Give the search a name.' }
  if (!entry.query) return { ok: false, error: 'There is no search to save yet.' }
  if (entry.query.length > MAX_QUERY) return { ok: false, error: 'This search is too large to save.' }
  const { searches } = read(storage)
  const rest = searches.filter((s) => !sameName(s.name, name))
  if (rest.length >= MAX_SEARCHES) {
    return { ok: false, error: `At most ${MAX_SEARCHES} searches can be saved; delete some first.` }
  }
  const summary = entry.summary?.slice(0, MAX_SUMMARY) || undefined
  const search: SavedSearch = { id: newId(), name, query: entry.query, savedAt: now.toISOString(), summary }
  return write(storage, [search, ...rest])
}

export function renameSearch(storage: StorageLike | null, id: string, name: string): WriteResult {
  const clean = cleanName(name)
  if (!clean) return { ok: false, error: 'Give the search a name.' }
  const { searches } = read(storage)
  if (!searches.some((s) => s.id === id)) {
    return { ok: false, error: 'That saved search is gone (deleted in another tab?).' }
  }
  if (searches.some((s) => s.id !== id && sameName(s.name, clean))) {
    return { ok: false, error: `A saved search is already called “${clean}”.` }
  }
  return write(
    storage,
    searches.map((s) => (s.id === id ? { ...s, name: clean } : s)),
  )
}

/** Deleting one that is already gone (another tab) is fine. */
export function deleteSearch(storage: StorageLike | null, id: string): WriteResult {
  return write(
    storage,
    read(storage).searches.filter((s) => s.id !== id),
  )
}

/** Replaces the whole list (after a file import merged into it). */
export function replaceAll(storage: StorageLike | null, searches: readonly SavedSearch[]): WriteResult {
  return write(storage, searches.slice(0, MAX_SEARCHES))
}
