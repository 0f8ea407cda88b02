import type { KeysRepo, StoredKey } from '../db/keys-repo'
import { hashKey, parseBearer } from './api-key'
import { type Endpoint, monthOf } from './plans'

export type GuardResult =
  | { ok: true; key: StoredKey; release: (outcome: { success: boolean; records: number }) => Promise<GuardRelease> }
  | { ok: false; status: 401 | 403 | 429; detail: string }

export type GuardRelease = { ok: true } | { ok: false; status: 429; detail: string }

/**
 * Checks the bearer key and the plan before anything reads the body, and keeps the monthly usage.
 * Keys are cached in memory (the keys CLI only runs while the server is stopped). Usage is
 * reserved synchronously before the request runs so concurrent calls cannot overshoot the
 * allowance; `release` settles it once the outcome (and, for the records unit, the count) is known.
 */
export async function createKeyGuard(repo: KeysRepo, now: () => Date = () => new Date()) {
  const byHash = new Map((await repo.all()).map((k) => [k.keyHash, k]))
  let month = monthOf(now())
  let used = await repo.usage(month)

  const rollMonth = () => {
    const m = monthOf(now())
    if (m !== month) {
      month = m
      used = new Map()
    }
  }
  const charge = (key: StoredKey, amount: number) => {
    if (amount === 0) return
    used.set(key.id, (used.get(key.id) ?? 0) + amount)
    void repo.addUsage(key.id, month, amount).catch((e) => console.error('usage write failed', e))
  }
  const exhausted = (key: StoredKey) =>
    `Monthly request allowance exhausted for this API key (${key.monthlyLimit} ${key.quotaUnit} per month). It renews on the 1st (UTC).`

  return async function guard(header: string | undefined, endpoint: Endpoint): Promise<GuardResult> {
    const bearer = parseBearer(header)
    if (!bearer.ok) return { ok: false, status: 401, detail: bearer.reason }
    const key = byHash.get(hashKey(bearer.key))
    if (!key) return { ok: false, status: 401, detail: 'Invalid API key.' }
    if (!key.active) return { ok: false, status: 403, detail: 'This API key has no active subscription.' }
    if (!key.endpoints.includes(endpoint)) {
      return { ok: false, status: 403, detail: `This API key's plan does not include the ${endpoint} endpoint.` }
    }
    rollMonth()
    const limit = key.monthlyLimit
    if (limit !== null && (used.get(key.id) ?? 0) >= limit) return { ok: false, status: 429, detail: exhausted(key) }
    const reserved = key.quotaUnit === 'requests' ? 1 : 0
    if (reserved) used.set(key.id, (used.get(key.id) ?? 0) + reserved)
    return {
      ok: true,
      key,
      async release({ success, records }) {
        if (reserved) used.set(key.id, (used.get(key.id) ?? 0) - reserved)
        if (!success) return { ok: true }
        const amount = key.quotaUnit === 'requests' ? 1 : records
        const left = limit === null ? Number.POSITIVE_INFINITY : limit - (used.get(key.id) ?? 0)
        if (key.quotaUnit === 'records' && amount > left) {
          const detail = `This request would return ${amount} records but only ${left} of this key's monthly allowance of ${limit} records remain; ask for fewer (a smaller limit) or wait for the 1st (UTC).`
          return { ok: false, status: 429, detail }
        }
        charge(key, amount)
        return { ok: true }
      },
    }
  }
}
export type KeyGuard = Awaited<ReturnType<typeof createKeyGuard>>
