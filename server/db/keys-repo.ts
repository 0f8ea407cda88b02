import type { ApiKey, Endpoint, QuotaUnit } from '../auth/plans'
import type { Database } from './database'

interface KeyRow extends Record<string, unknown> {
  id: string
  name: string
  key_hash: string
  key_prefix: string
  endpoints: string[]
  monthly_limit: string | number | null
  quota_unit: string
  active: boolean
  created_at: string | Date
}

export interface StoredKey extends ApiKey {
  keyHash: string
}

export interface NewKey {
  id: string
  name: string
  keyHash: string
  keyPrefix: string
  endpoints: Endpoint[]
  monthlyLimit: number | null
  quotaUnit: QuotaUnit
  active: boolean
}

export interface KeysRepo {
  all(): Promise<StoredKey[]>
  insert(key: NewKey): Promise<void>
  remove(id: string): Promise<boolean>
  usage(month: string): Promise<Map<string, number>>
  addUsage(keyId: string, month: string, amount: number): Promise<void>
}

const toKey = (r: KeyRow): StoredKey => ({
  id: r.id,
  name: r.name,
  keyHash: r.key_hash,
  keyPrefix: r.key_prefix,
  endpoints: r.endpoints as Endpoint[],
  monthlyLimit: r.monthly_limit === null ? null : Number(r.monthly_limit),
  quotaUnit: r.quota_unit as QuotaUnit,
  active: r.active,
  createdAt: new Date(r.created_at).toISOString(),
})

export function keysRepo(db: Database): KeysRepo {
  return {
    async all() {
      return (await db.query<KeyRow>('SELECT * FROM api_keys ORDER BY created_at, id')).map(toKey)
    },
    async insert(k) {
      await db.query(
        `INSERT INTO api_keys (id, name, key_hash, key_prefix, endpoints, monthly_limit, quota_unit, active)
         VALUES ($1, $2, $3, $4, $5::text[], $6, $7, $8)`,
        [k.id, k.name, k.keyHash, k.keyPrefix, k.endpoints, k.monthlyLimit, k.quotaUnit, k.active],
      )
    },
    async remove(id) {
      const rows = await db.query<{ id: string }>('DELETE FROM api_keys WHERE id = $1 RETURNING id', [id])
      return rows.length > 0
    },
    async usage(month) {
      const rows = await db.query<{ key_id: string; used: string | number }>(
        'SELECT key_id, used FROM api_usage WHERE month = $1',
        [month],
      )
      return new Map(rows.map((r) => [r.key_id, Number(r.used)]))
    },
    async addUsage(keyId, month, amount) {
      await db.query(
        `INSERT INTO api_usage (key_id, month, used) VALUES ($1, $2, $3)
         ON CONFLICT (key_id, month) DO UPDATE SET used = api_usage.used + EXCLUDED.used`,
        [keyId, month, amount],
      )
    },
  }
}
