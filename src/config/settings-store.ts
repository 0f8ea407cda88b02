/**
 * The one pattern for a small settings store: a zustand store of plain values with one `set`, read
 * from and written to Web Storage under one key. Storage the browser refuses (disabled, private
 * mode, Node tests) leaves the settings in memory; a stored value that no longer parses falls back
 * to the defaults. `read` checks what was stored; `write` says what to store (null: remove the key).
 */
import { createStore, type StoreApi } from 'zustand/vanilla'

export type SettingsState<T> = T & { set(partial: Partial<T>): void }

export interface SettingsStoreOptions<T> {
  key: string
  storage: 'local' | 'session'
  defaults: T
  /** The settings from what was stored (already JSON-parsed); null when nothing was. */
  read(saved: Record<string, unknown> | null, defaults: T): T
  /** What to store after a change; null removes the key. */
  write(settings: T): object | null
}

function webStorage(kind: 'local' | 'session'): Storage | null {
  try {
    if (kind === 'local') return typeof localStorage === 'undefined' ? null : localStorage
    return typeof sessionStorage === 'undefined' ? null : sessionStorage
  } catch {
    return null // storage disabled by the browser: stay in memory
  }
}

function load<T>(o: SettingsStoreOptions<T>): T {
  try {
    const raw = webStorage(o.storage)?.getItem(o.key)
    const saved: unknown = raw ? JSON.parse(raw) : null
    return o.read(saved && typeof saved === 'object' ? (saved as Record<string, unknown>) : null, o.defaults)
  } catch {
    return o.defaults
  }
}

export function createSettingsStore<T extends object>(o: SettingsStoreOptions<T>): StoreApi<SettingsState<T>> {
  return createStore<SettingsState<T>>()(
    (set, get) =>
      ({
        ...load(o),
        set(partial: Partial<T>) {
          set(partial as Partial<SettingsState<T>>)
          const storage = webStorage(o.storage)
          const value = o.write(get())
          try {
            if (value === null) storage?.removeItem(o.key)
            else storage?.setItem(o.key, JSON.stringify(value))
          } catch {
            // Quota or a refused write: the settings still apply for this page.
          }
        },
      }) as SettingsState<T>,
  )
}
