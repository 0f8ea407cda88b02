/**
 * The monthly allowance the spec sells (429 once it is used), on top of the key check: charged so
 * that concurrent requests cannot overshoot it and refunded when an answer fails, in either of the
 * two units a plan may count (requests, or records returned).
 */
import type { QueryOptions } from '../db/database'
import { type Endpoint, monthOf } from '../db/key-plans'
import type { StoredKey } from '../db/keys-repo'
import { checkKey, type KeyCheckResult } from './key-check'
import type { Ledger } from './ledger'

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
  async function guard(header: string | undefined, endpoint: Endpoint, signal?: AbortSignal): Promise<GuardResult> {
    const opts: QueryOptions = { signal, timeoutMs }
    const month = monthOf(now())
    const checked = await checkKey(ledger, header, endpoint, month, opts)
    if (!checked.ok) return checked
    const { key, used } = checked
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
  /**
   * For endpoints outside the allowance (tiles, coverage): key and plan are checked, nothing is
   * charged, and a key that has used up its month is still let in (a map of parcel outlines is not
   * what the allowance sells; docs/api.md "Parcel tiles and coverage").
   */
  guard.free = (header: string | undefined, endpoint: Endpoint | null, signal?: AbortSignal): Promise<KeyCheckResult> =>
    checkKey(ledger, header, endpoint, monthOf(now()), { signal, timeoutMs })
  return guard
}
export type KeyGuard = ReturnType<typeof createKeyGuard>
