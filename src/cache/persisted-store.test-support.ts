import type { PersistedStore } from './persisted-store'

/** A Map with the same interface: tests, and a stand-in for "the disk" across simulated reloads. */
export function memoryStore(): PersistedStore & { size(): number } {
  const map = new Map<string, unknown>()
  return {
    get: async (key) => map.get(key),
    set: (key, value) => void map.set(key, structuredClone(value)),
    clear: async () => map.clear(),
    size: () => map.size,
  }
}
