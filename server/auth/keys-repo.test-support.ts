/**
 * An in-memory KeysRepo for the auth unit tests: the same contract as db/keys-repo.ts (a charge lands
 * only if the total stays within the limit, usage per key and month), without a database, so the
 * gate's rules are tested in plain Node. The SQL itself is covered by the db and API suites.
 */
import type { KeysRepo, NewKey, StoredKey } from '../db/keys-repo'

export interface MemoryKeysRepo extends KeysRepo {
  /** Usage as written through the repo, `${keyId} ${month}` → amount. */
  readonly written: Map<string, number>
}

export function memoryKeysRepo(): MemoryKeysRepo {
  const keys = new Map<string, StoredKey>()
  const written = new Map<string, number>()
  const slot = (id: string, month: string) => `${id} ${month}`
  return {
    written,
    async all() {
      return [...keys.values()]
    },
    async find(keyHash, month) {
      const key = [...keys.values()].find((k) => k.keyHash === keyHash)
      return key ? { key, used: written.get(slot(key.id, month)) ?? 0 } : null
    },
    async insert(k: NewKey) {
      keys.set(k.id, {
        ...k,
        demo: k.demo ?? false,
        operator: k.operator ?? false,
        createdAt: new Date(0).toISOString(),
      })
    },
    async remove(id) {
      return keys.delete(id)
    },
    async removeDemoKeys() {
      const demo = [...keys.values()].filter((k) => k.demo)
      for (const k of demo) keys.delete(k.id)
      return demo.length
    },
    async usage(month) {
      const out = new Map<string, number>()
      for (const [s, n] of written) if (s.endsWith(` ${month}`)) out.set(s.slice(0, -month.length - 1), n)
      return out
    },
    async used(keyId, month) {
      return written.get(slot(keyId, month)) ?? 0
    },
    async charge(keyId, month, amount, limit) {
      const now = written.get(slot(keyId, month)) ?? 0
      if (limit !== null && now + amount > limit) return false
      written.set(slot(keyId, month), now + amount)
      return true
    },
    async refund(keyId, month, amount) {
      const now = written.get(slot(keyId, month)) ?? 0
      written.set(slot(keyId, month), Math.max(0, now - amount))
    },
  }
}
