/** An in-memory Storage for tests (the unit project runs in Node, without localStorage). */
import { STORAGE_KEY, type StorageLike } from './saved-store'

export function memoryStorage(initial?: string): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>()
  if (initial !== undefined) data.set(STORAGE_KEY, initial)
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) }
}
