import type { QueryOptions } from '../db/database'
import type { StoredKey } from '../db/keys-repo'
import { hashKey, parseBearer } from './api-key'
import type { Ledger } from './ledger'
import { type Endpoint, monthOf } from './plans'

export type GuardResult =
  | { ok: true; key: StoredKey; release: (outcome: { success: boolean; records: number }) => Promise<GuardRelease> }
  | { ok: false; status: 401 | 403 | 429; detail: string }

export type GuardRelease = { ok: true } | { ok: false; status: 429; detail: string }

const exhausted = (key: StoredKey) =>
  `Monthly request allowance exhausted for this API key (${key.monthlyLimit} ${key.quotaUnit} per month). It renews on the 1st (UTC).`

/**
 * Checks the bearer key and the plan before anything reads the body, and keeps the monthly usage.
 * Requests unit: one unit is charged before the request runs (so concurrent calls cannot overshoot)
 * and refunded when the answer is not 2xx. Records unit: the records are charged once their number is
 * known, only if they fit in what is left; otherwise the answer is 429 and nothing is charged.
 */
export function createKeyGuard(
  ledger: Ledger,
  { timeoutMs, now = () => new Date() }: { timeoutMs: number; now?: () => Date },
) {
  return async function guard(
    header: string | undefined,
    endpoint: Endpoint,
    signal?: AbortSignal,
  ): Promise<GuardResult> {
    const opts: QueryOptions = { signal, timeoutMs }
    const bearer = parseBearer(header)
    if (!bearer.ok) return { ok: false, status: 401, detail: bearer.reason }
    const month = monthOf(now())
    const found = await ledger.find(hashKey(bearer.key), month, opts)
    if (!found) return { ok: false, status: 401, detail: 'Invalid API key.' }
    const { key, used } = found
    if (!key.active) return { ok: false, status: 403, detail: 'This API key has no active subscription.' }
    if (!key.endpoints.includes(endpoint)) {
      return { ok: false, status: 403, detail: `This API key's plan does not include the ${endpoint} endpoint.` }
    }
    const limit = key.monthlyLimit
    if (limit !== null && used >= limit) return { ok: false, status: 429, detail: exhausted(key) }
    const perRequest = key.quotaUnit === 'requests'
    if (perRequest && !(await ledger.charge(key, month, 1, opts))) {
      return { ok: false, status: 429, detail: exhausted(key) }
    }
    // Settling is not tied to the request's signal: a charge or refund must not be lost to a hang-up.
    const settle: QueryOptions = { timeoutMs }
    return {
      ok: true,
      key,
      async release({ success, records }) {
        if (perRequest) {
          if (!success) await ledger.refund(key, month, 1, settle)
          return { ok: true }
        }
        if (!success || records === 0 || (await ledger.charge(key, month, records, settle))) return { ok: true }
        const left = Math.max(0, (limit ?? 0) - (await ledger.used(key, month, settle)))
        const detail = `This request would return ${records} records but only ${left} of this key's monthly allowance of ${limit} records remain; ask for fewer (a smaller limit) or wait for the 1st (UTC).`
        return { ok: false, status: 429, detail }
      },
    }
  }
}
export type KeyGuard = ReturnType<typeof createKeyGuard>
