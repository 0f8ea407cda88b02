/**
 * Whether a read replica may answer parcel reads, decided from one look at the primary and one at
 * the replica (read-router.ts takes both every second). Pure, so every rule has a unit test.
 */
import { DATA_VERSION_SQL } from './data-version-sql'

/** The primary's data version and WAL position, read in one statement. */
export const PRIMARY_PROBE = `SELECT ${DATA_VERSION_SQL} AS version, pg_current_wal_lsn()::text AS lsn`

/**
 * The replica's data version and how far it is behind the primary's position `$1` (read just
 * before): bytes of WAL not yet replayed, and the age of the last transaction it replayed.
 */
export const REPLICA_PROBE = `SELECT ${DATA_VERSION_SQL} AS version, pg_is_in_recovery() AS standby,
  CASE WHEN pg_is_in_recovery() THEN pg_wal_lsn_diff($1::pg_lsn, pg_last_wal_replay_lsn()) END::float8 AS behind_bytes,
  (extract(epoch FROM now() - pg_last_xact_replay_timestamp()) * 1000)::float8 AS replay_age_ms`

export interface PrimaryLook {
  version: string
  lsn: string
}

export type ReplicaLook =
  | { ok: true; version: string; standby: boolean; behindBytes: number | null; replayAgeMs: number | null }
  | { ok: false; error: string }

export type Judgement = { use: true; lagMs: number } | { use: false; reason: string; lagMs?: number }

/**
 * How far behind the replica is, in time. A replica that has replayed everything the primary had
 * written when it was looked at is 0 behind, however old its last replayed transaction: the age of
 * `pg_last_xact_replay_timestamp()` alone grows without end while the primary is idle. Otherwise
 * the age of the last transaction it replayed bounds how stale its answers are.
 */
export function replicaLagMs(look: Extract<ReplicaLook, { ok: true }>): number | null {
  if (look.behindBytes !== null && look.behindBytes <= 0) return 0
  return look.replayAgeMs === null ? null : Math.max(0, look.replayAgeMs)
}

/**
 * The rules, in the order a person fixing it would want them: a replica that does not answer, is
 * not a standby, is further behind than `maxLagMs`, or has not replayed the primary's current data
 * version is skipped. The last is what keeps answers from mixing two data versions: an area found
 * on one node and its query pages read on another are read at the same version, because every node
 * that answers is at the primary's (as of the last look, once a second).
 */
export function judgeReplica(primary: PrimaryLook | null, look: ReplicaLook, maxLagMs: number): Judgement {
  if (!look.ok) return { use: false, reason: `it does not answer (${look.error})` }
  if (!look.standby)
    return {
      use: false,
      reason: 'it is not a standby (pg_is_in_recovery() is false), so it does not follow the primary',
    }
  if (!primary) return { use: false, reason: 'the primary does not answer, so the replica cannot be compared with it' }
  const lagMs = replicaLagMs(look)
  if (lagMs === null) return { use: false, reason: 'it has replayed nothing from the primary yet' }
  if (lagMs > maxLagMs)
    return {
      use: false,
      lagMs,
      reason: `it is ${Math.round(lagMs)} ms behind the primary (more than DATABASE_REPLICA_MAX_LAG_MS, ${maxLagMs} ms)`,
    }
  if (look.version !== primary.version)
    return {
      use: false,
      lagMs,
      reason: `it has not replayed the primary's data version ${primary.version} yet (it has ${look.version}); reads stay off it until it has, so no answer mixes two versions`,
    }
  return { use: true, lagMs }
}
