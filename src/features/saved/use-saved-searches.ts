/** The saved list as React state, in step with other tabs (the `storage` event) and our own writes. */
import { useCallback, useSyncExternalStore } from 'react'
import { type ListResult, listSaved, STORAGE_KEY, type StorageLike, type WriteResult } from './saved-store'

const listeners = new Set<() => void>()
let cached: { raw: string | null; result: ListResult } | null = null

/** localStorage, or null where it is missing or merely touching it throws (sandboxed iframes, some private modes). */
export function savedStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

function snapshot(): ListResult {
  const storage = savedStorage()
  let raw: string | null = null
  try {
    raw = storage?.getItem(STORAGE_KEY) ?? null
  } catch {
    raw = null
  }
  // useSyncExternalStore needs the same object while nothing changed, or it re-renders forever.
  if (!cached || cached.raw !== raw) cached = { raw, result: listSaved(storage) }
  return cached.result
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  const onStorage = (e: StorageEvent) => {
    // key is null when another tab cleared all storage.
    if (e.key === STORAGE_KEY || e.key === null) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

export function useSavedSearches() {
  const list = useSyncExternalStore(subscribe, snapshot, snapshot)
  /** Runs a store operation on localStorage and tells every subscriber in this tab. */
  const apply = useCallback((op: (s: StorageLike | null) => WriteResult): WriteResult => {
    const r = op(savedStorage())
    for (const l of listeners) l()
    return r
  }, [])
  return { ...list, apply }
}
