/**
 * Proxy mode's operator endpoints (GET /proxy/usage) show what the upstream key has cost, so they
 * take an operator's key rather than any customer's; checked with the same bearer rules as the
 * parcel endpoints so a refusal reads the same.
 */
import { hashKey, parseBearer } from '../auth/api-key'
import type { Ledger } from '../auth/ledger'
import { monthOf } from '../db/key-plans'

export type OperatorCheck = (
  header: string | undefined,
  signal?: AbortSignal,
) => Promise<{ ok: true } | { ok: false; status: 401 | 403; detail: string }>

/**
 * Operator endpoints take a key created with `npm run keys -- create --operator`: the same bearer
 * rules as the parcel endpoints (401 for a missing, malformed or unknown key), 403 for a key that
 * is inactive or not an operator's. Nothing is charged.
 */
export function createOperatorCheck(ledger: Ledger, timeoutMs: number, now = () => new Date()): OperatorCheck {
  return async (header, signal) => {
    const bearer = parseBearer(header)
    if (!bearer.ok) return { ok: false, status: 401, detail: bearer.reason }
    const found = await ledger.find(hashKey(bearer.key), monthOf(now()), { signal, timeoutMs })
    if (!found) return { ok: false, status: 401, detail: 'Invalid API key.' }
    if (!found.key.active) return { ok: false, status: 403, detail: 'This API key has no active subscription.' }
    if (!found.key.operator) {
      const detail =
        'This endpoint is for the server operator: it needs a key created with `npm run keys -- create --operator`.'
      return { ok: false, status: 403, detail }
    }
    return { ok: true }
  }
}
