/**
 * The spec's authentication rules in one function (401 for a missing, malformed or unknown key, 403
 * for an inactive key or an endpoint outside its plan), shared by the counted endpoints (through
 * key-guard.ts) and the free ones (tiles, coverage), so both refuse a caller with the same words.
 */
import type { QueryOptions } from '../db/database'
import type { Endpoint } from '../db/key-plans'
import type { StoredKey } from '../db/keys-repo'
import { hashKey, parseBearer } from './api-key'
import type { Ledger } from './ledger'

export type KeyCheckResult =
  | { ok: true; key: StoredKey; used: number }
  | { ok: false; status: 401 | 403; detail: string }

/**
 * Who is calling and may they: the bearer key is well formed, known and active, and its plan has
 * `endpoint` (null: an endpoint every key may use). Charges nothing: the key guard (key-guard.ts)
 * adds the allowance on top for counted endpoints; free ones (tiles, coverage) stop here.
 */
export async function checkKey(
  ledger: Ledger,
  header: string | undefined,
  endpoint: Endpoint | null,
  month: string,
  opts: QueryOptions,
): Promise<KeyCheckResult> {
  const bearer = parseBearer(header)
  if (!bearer.ok) return { ok: false, status: 401, detail: bearer.reason }
  const found = await ledger.find(hashKey(bearer.key), month, opts)
  if (!found) return { ok: false, status: 401, detail: 'Invalid API key.' }
  const { key, used } = found
  if (!key.active) return { ok: false, status: 403, detail: 'This API key has no active subscription.' }
  if (endpoint && !key.endpoints.includes(endpoint)) {
    return { ok: false, status: 403, detail: `This API key's plan does not include the ${endpoint} endpoint.` }
  }
  return { ok: true, key, used }
}
