/**
 * The ledger on PostgreSQL: several server processes may share one database, so none of them can
 * count usage in its own memory; every lookup and charge goes to the database (keys-repo.ts).
 */
import type { KeysRepo } from '../db/keys-repo'
import type { Ledger } from './ledger'

/**
 * Keys and usage read and written in the database on every request: a key deleted or deactivated
 * with the CLI is refused at once by every process, and `charge` is one atomic statement, so N
 * processes on one database enforce one allowance exactly.
 */
export function databaseLedger(repo: KeysRepo): Ledger {
  return {
    find: (hash, month, opts) => repo.find(hash, month, opts),
    charge: (key, month, amount, opts) => repo.charge(key.id, month, amount, key.monthlyLimit, opts),
    refund: (key, month, amount, opts) => repo.refund(key.id, month, amount, opts),
    used: (key, month, opts) => repo.used(key.id, month, opts),
    async close() {},
  }
}
