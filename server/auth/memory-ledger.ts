/**
 * The ledger on the embedded database: its one connection is shared with every query, so letting a
 * request in must not wait for it; keys and usage are held in memory and usage written behind.
 */
import type { KeysRepo, StoredKey } from '../db/keys-repo'
import type { Ledger } from './ledger'

/** How often usage counted in memory is written to the database, unless USAGE_FLUSH_MS says otherwise. */
const FLUSH_MS = 1000

/**
 * The embedded database's ledger: one process owns DATA_DIR (the keys CLI refuses to run beside it),
 * so keys are read once and usage is counted in memory, synchronously (concurrent requests cannot
 * overshoot), and written behind in one statement per key and month. A request never waits for the
 * single-connection database just to be let in.
 */
export async function memoryLedger(repo: KeysRepo, month: string, flushMs = FLUSH_MS): Promise<Ledger> {
  const byHash = new Map((await repo.all()).map((k) => [k.keyHash, k]))
  const used = new Map<string, number>()
  for (const [id, n] of await repo.usage(month)) used.set(`${id} ${month}`, n)
  const pending = new Map<string, { key: StoredKey; month: string; delta: number }>()

  const add = (key: StoredKey, m: string, delta: number) => {
    const slot = `${key.id} ${m}`
    used.set(slot, (used.get(slot) ?? 0) + delta)
    const p = pending.get(slot) ?? { key, month: m, delta: 0 }
    p.delta += delta
    pending.set(slot, p)
  }
  const flush = async () => {
    for (const [slot, p] of [...pending]) {
      pending.delete(slot)
      if (p.delta === 0) continue
      try {
        if (p.delta > 0) await repo.charge(p.key.id, p.month, p.delta, null)
        else await repo.refund(p.key.id, p.month, -p.delta)
      } catch (e) {
        // Keep it for the next flush (the database may be restarting or busy).
        const again = pending.get(slot) ?? { ...p, delta: 0 }
        again.delta += p.delta
        pending.set(slot, again)
        console.error(`usage write failed: ${(e as Error).message}`)
      }
    }
  }
  const timer = setInterval(() => void flush(), flushMs)
  timer.unref()

  return {
    async find(hash, m) {
      const key = byHash.get(hash)
      return key ? { key, used: used.get(`${key.id} ${m}`) ?? 0 } : null
    },
    async charge(key, m, amount) {
      const now = used.get(`${key.id} ${m}`) ?? 0
      if (key.monthlyLimit !== null && now + amount > key.monthlyLimit) return false
      add(key, m, amount)
      return true
    },
    async refund(key, m, amount) {
      add(key, m, -Math.min(amount, used.get(`${key.id} ${m}`) ?? 0))
    },
    async used(key, m) {
      return used.get(`${key.id} ${m}`) ?? 0
    },
    async close() {
      clearInterval(timer)
      await flush()
    },
  }
}
