/**
 * "The database to read parcels from": with read replicas (DATABASE_REPLICA_URLS), parcel reads go
 * to a healthy replica and everything else stays on the primary, decided here once so routes never
 * choose. Each second the router looks at the primary and every replica (replica-health.ts) and uses
 * only those that answer, are within the lag limit and have replayed the primary's data version.
 * A read that fails because its replica died runs once more on the primary, so the caller never
 * sees it; the replica is left out until a look finds it well again.
 */
import type { Database, QueryOptions } from './database'
import { DatabaseUnavailableError } from './db-errors'
import {
  type Judgement,
  judgeReplica,
  PRIMARY_PROBE,
  type PrimaryLook,
  REPLICA_PROBE,
  type ReplicaLook,
} from './replica-health'

export interface ReplicaNode {
  /** How /readyz names it: host, port and database, never credentials */
  name: string
  db: Database
}

/** One replica as /readyz shows it. */
export interface ReplicaReport {
  name: string
  in_use: boolean
  /** Why it is skipped, in words */
  reason?: string
  lag_ms?: number
  /** Statements it answered since start */
  reads: number
}

export interface ReadRouterReport {
  replicas: ReplicaReport[]
  /** Parcel-read statements the primary answered: no replica was usable, or one died mid-read */
  reads_on_primary: number
}

export interface ReadRouter {
  /** Parcel reads (area, query, point, address, tiles, coverage, changes) go through this. */
  reads: Database
  /** Looks at every node now (also done every `checkMs`). */
  check(): Promise<void>
  report(): ReadRouterReport
  /** Stops looking and closes the replicas' pools (not the primary's). */
  close(): Promise<void>
}

export interface ReadRouterOptions {
  /** DATABASE_REPLICA_MAX_LAG_MS */
  maxLagMs: number
  /** How often the nodes are looked at; also how soon after a load replicas are held to its version. */
  checkMs?: number
  /** A node that takes longer than this to answer a look counts as not answering. */
  lookTimeoutMs?: number
}

interface NodeState extends ReplicaNode {
  judgement: Judgement
  inFlight: number
  reads: number
}

/** SQLSTATE 40001 on a standby: a statement cancelled by a conflict with recovery; the primary has none. */
const RECOVERY_CONFLICT = '40001'

const replicaFailed = (e: unknown): boolean =>
  e instanceof DatabaseUnavailableError || (e as { code?: unknown }).code === RECOVERY_CONFLICT

export function readRouter(primary: Database, replicas: readonly ReplicaNode[], opts: ReadRouterOptions): ReadRouter {
  const { maxLagMs, checkMs = 1000, lookTimeoutMs = 2000 } = opts
  const nodes: NodeState[] = replicas.map((r) => ({
    ...r,
    judgement: { use: false, reason: 'not looked at yet' },
    inFlight: 0,
    reads: 0,
  }))
  let primaryReads = 0
  let turn = 0

  /**
   * The least busy usable replica (fewest statements in flight from this process), taking turns
   * among equals. Least busy rather than plain round robin: a replica slowed by replaying a load or
   * by its own machine collects unfinished statements and so gets fewer new ones.
   */
  function pick(): NodeState | null {
    let best: NodeState | null = null
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[(turn + i) % nodes.length] as NodeState
      if (node.judgement.use && (!best || node.inFlight < best.inFlight)) best = node
    }
    turn++
    return best
  }

  async function read<T>(o: QueryOptions, run: (db: Database) => Promise<T>): Promise<T> {
    const node = pick()
    if (!node) {
      primaryReads++
      return run(primary)
    }
    node.inFlight++
    try {
      const out = await run(node.db)
      node.reads++
      return out
    } catch (e) {
      if (o.signal?.aborted || !replicaFailed(e)) throw e
      if (e instanceof DatabaseUnavailableError)
        node.judgement = { use: false, reason: `it stopped answering (${e.message})` }
      primaryReads++
      return run(primary)
    } finally {
      node.inFlight--
    }
  }

  const reads: Database = {
    kind: primary.kind,
    query: (sql, params, o = {}) => read(o, (db) => db.query(sql, params, o)),
    exec: (sql, o = {}) => read(o, (db) => db.exec(sql, o)),
    // Reads need neither; should one come, the primary is the only node that may write.
    transaction: (fn) => primary.transaction(fn),
    copyFrom: (table, columns, text) => primary.copyFrom(table, columns, text),
    // The primary is closed by its owner, the replicas by the router.
    close: async () => {},
  }

  async function within<T>(p: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<never>((_, no) => {
      timer = setTimeout(() => no(new Error(`no answer within ${lookTimeoutMs} ms`)), lookTimeoutMs)
    })
    try {
      return await Promise.race([p, late])
    } finally {
      clearTimeout(timer)
    }
  }

  async function lookAtReplica(node: NodeState, at: PrimaryLook | null): Promise<ReplicaLook> {
    try {
      const [row] = await within(
        node.db.query<{
          version: string
          standby: boolean
          behind_bytes: number | null
          replay_age_ms: number | null
        }>(REPLICA_PROBE, [at?.lsn ?? null], { timeoutMs: lookTimeoutMs }),
      )
      if (!row) return { ok: false, error: 'the look returned no row' }
      return {
        ok: true,
        version: row.version,
        standby: row.standby,
        behindBytes: row.behind_bytes,
        replayAgeMs: row.replay_age_ms,
      }
    } catch (e) {
      return { ok: false, error: (e as Error).message }
    }
  }

  let checking: Promise<void> | null = null
  async function checkNow(): Promise<void> {
    const at = await within(
      primary.query<{ version: string; lsn: string }>(PRIMARY_PROBE, [], { timeoutMs: lookTimeoutMs }),
    )
      .then((rows) => rows[0] ?? null)
      .catch(() => null)
    await Promise.all(
      nodes.map(async (node) => {
        node.judgement = judgeReplica(at, await lookAtReplica(node, at), maxLagMs)
      }),
    )
  }
  const check = () => {
    checking ??= checkNow().finally(() => {
      checking = null
    })
    return checking
  }
  const timer = setInterval(() => void check(), checkMs)
  timer.unref()

  return {
    reads,
    check,
    report: () => ({
      replicas: nodes.map((n) => ({
        name: n.name,
        in_use: n.judgement.use,
        ...(n.judgement.use ? {} : { reason: n.judgement.reason }),
        ...(n.judgement.lagMs === undefined ? {} : { lag_ms: Math.round(n.judgement.lagMs) }),
        reads: n.reads,
      })),
      reads_on_primary: primaryReads,
    }),
    async close() {
      clearInterval(timer)
      await checking?.catch(() => {})
      await Promise.all(nodes.map((n) => n.db.close()))
    },
  }
}
