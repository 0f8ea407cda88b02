/**
 * The seam between the gate and where usage is kept, because the two backends need different
 * bookkeeping: one process owns the embedded database, several share a PostgreSQL one.
 */
import type { QueryOptions } from '../db/database'
import type { StoredKey } from '../db/keys-repo'

/**
 * Where keys are looked up and usage is counted. The embedded database serves one process, so its
 * ledger keeps keys and usage in memory (memory-ledger.ts); on PostgreSQL several processes share
 * one database, so every lookup and charge goes to it (database-ledger.ts).
 */
export interface Ledger {
  find(keyHash: string, month: string, opts?: QueryOptions): Promise<{ key: StoredKey; used: number } | null>
  /** Adds `amount` to the key's usage in `month` if it stays within the key's limit; false if it would not. */
  charge(key: StoredKey, month: string, amount: number, opts?: QueryOptions): Promise<boolean>
  refund(key: StoredKey, month: string, amount: number, opts?: QueryOptions): Promise<void>
  used(key: StoredKey, month: string, opts?: QueryOptions): Promise<number>
  /** Writes whatever is still pending. */
  close(): Promise<void>
}
