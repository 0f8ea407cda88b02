/**
 * Making a key, shared by the keys CLI and the demo key: the value is returned once and only its
 * digest and prefix are stored, so a lost key is replaced, never recovered.
 */
import { ENDPOINTS, type Endpoint, type QuotaUnit } from '../db/key-plans'
import type { KeysRepo, StoredKey } from '../db/keys-repo'
import { hashKey, newKeyId, newKeyValue } from './api-key'

export interface CreateKeyOptions {
  name: string
  endpoints?: Endpoint[]
  monthlyLimit?: number | null
  quotaUnit?: QuotaUnit
  active?: boolean
  /** The demo-mode key (revoked when the server starts with DEMO=off). */
  demo?: boolean
  /** May read GET /proxy/usage (proxy mode). */
  operator?: boolean
}

/** Creates a key and returns its value: the only time the value exists outside the caller. */
export async function createKey(repo: KeysRepo, opts: CreateKeyOptions): Promise<{ key: StoredKey; value: string }> {
  const value = newKeyValue()
  const key = {
    id: newKeyId(),
    name: opts.name,
    keyHash: hashKey(value),
    keyPrefix: value.slice(0, 9),
    endpoints: opts.endpoints ?? [...ENDPOINTS],
    monthlyLimit: opts.monthlyLimit ?? null,
    quotaUnit: opts.quotaUnit ?? 'requests',
    active: opts.active ?? true,
    demo: opts.demo ?? false,
    operator: opts.operator ?? false,
  }
  await repo.insert(key)
  return { key: { ...key, createdAt: new Date().toISOString() }, value }
}
