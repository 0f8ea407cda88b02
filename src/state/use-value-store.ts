import { useSyncExternalStore } from 'react'
import type { ValueStore } from './value-store'

/** A workspace ValueStore as React state (one subscription per store read). */
export function useValueStore<T>(store: ValueStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get)
}
