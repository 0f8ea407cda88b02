/**
 * API keys and their monthly usage in SQL, for both backends: the ledgers (auth/) and the keys CLI
 * read and write them only through here, and a charge is one atomic statement so several processes
 * on one PostgreSQL enforce one allowance.
 */
import type { Database, QueryOptions } from './database'
import type { ApiKey, Endpoint, QuotaUnit } from './key-plans'

interface KeyRow extends Record<string, unknown> {
  id: string
  name: string
  key_hash: string
  key_prefix: string
  endpoints: string[]
  monthly_limit: string | number | null
  quota_unit: string
  active: boolean
  demo: boolean
  operator: boolean
  created_at: string | Date
}

export interface StoredKey extends ApiKey {
  keyHash: string
  demo: boolean
  /** May read GET /proxy/usage in proxy mode. */
  operator: boolean
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
  demo?: boolean
  operator?: boolean
}

export interface KeysRepo {
  all(): Promise<StoredKey[]>
  /** The key with this digest and what it has used in `month`, in one round trip. */
  find(keyHash: string, month: string, opts?: QueryOptions): Promise<{ key: StoredKey; used: number } | null>
  insert(key: NewKey): Promise<void>
  remove(id: string): Promise<boolean>
  /** Deletes every key marked as the demo key; returns how many. */
  removeDemoKeys(): Promise<number>
  usage(month: string): Promise<Map<string, number>>
  used(keyId: string, month: string, opts?: QueryOptions): Promise<number>
  /**
   * Adds `amount` to the key's usage only if the total stays within `limit` (null: no limit), as one
   * atomic statement, so any number of server processes enforce one allowance exactly.
   */
  charge(keyId: string, month: string, amount: number, limit: number | null, opts?: QueryOptions): Promise<boolean>
  /** Takes back a charge (a request that was reserved but did not succeed). */
  refund(keyId: string, month: string, amount: number, opts?: QueryOptions): Promise<void>
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
  demo: r.demo,
  operator: r.operator,
  createdAt: new Date(r.created_at).toISOString(),
})

export function keysRepo(db: Database): KeysRepo {
  return {
    async all() {
      return (await db.query<KeyRow>('SELECT * FROM api_keys ORDER BY created_at, id')).map(toKey)
    },
    async find(keyHash, month, opts) {
      const rows = await db.query<KeyRow & { used: string | number }>(
        `SELECT k.*, coalesce(u.used, 0) AS used FROM api_keys k
         LEFT JOIN api_usage u ON u.key_id = k.id AND u.month = $2
         WHERE k.key_hash = $1`,
        [keyHash, month],
        opts,
      )
      const row = rows[0]
      return row ? { key: toKey(row), used: Number(row.used) } : null
    },
    async insert(k) {
      await db.query(
        `INSERT INTO api_keys (id, name, key_hash, key_prefix, endpoints, monthly_limit, quota_unit, active, demo, operator)
         VALUES ($1, $2, $3, $4, $5::text[], $6, $7, $8, $9, $10)`,
        [
          k.id,
          k.name,
          k.keyHash,
          k.keyPrefix,
          k.endpoints,
          k.monthlyLimit,
          k.quotaUnit,
          k.active,
          k.demo ?? false,
          k.operator ?? false,
        ],
      )
    },
    async remove(id) {
      const rows = await db.query<{ id: string }>('DELETE FROM api_keys WHERE id = $1 RETURNING id', [id])
      return rows.length > 0
    },
    async removeDemoKeys() {
      return (await db.query<{ id: string }>('DELETE FROM api_keys WHERE demo RETURNING id')).length
    },
    async usage(month) {
      const rows = await db.query<{ key_id: string; used: string | number }>(
        'SELECT key_id, used FROM api_usage WHERE month = $1',
        [month],
      )
      return new Map(rows.map((r) => [r.key_id, Number(r.used)]))
    },
    async used(keyId, month, opts) {
      const rows = await db.query<{ used: string | number }>(
        'SELECT used FROM api_usage WHERE key_id = $1 AND month = $2',
        [keyId, month],
        opts,
      )
      return Number(rows[0]?.used ?? 0)
    },
    async charge(keyId, month, amount, limit, opts) {
      // The row lock taken by ON CONFLICT DO UPDATE serialises concurrent charges of one key; the
      // WHERE re-reads the locked row, so no two processes can both take the last unit.
      const rows = await db.query<{ used: string | number }>(
        `INSERT INTO api_usage (key_id, month, used)
         SELECT $1, $2, $3::bigint WHERE $4::bigint IS NULL OR $3::bigint <= $4::bigint
         ON CONFLICT (key_id, month) DO UPDATE SET used = api_usage.used + EXCLUDED.used
         WHERE $4::bigint IS NULL OR api_usage.used + EXCLUDED.used <= $4::bigint
         RETURNING used`,
        [keyId, month, amount, limit],
        opts,
      )
      return rows.length > 0
    },
    async refund(keyId, month, amount, opts) {
      await db.query(
        'UPDATE api_usage SET used = greatest(0, used - $3::bigint) WHERE key_id = $1 AND month = $2',
        [keyId, month, amount],
        opts,
      )
    },
  }
}
