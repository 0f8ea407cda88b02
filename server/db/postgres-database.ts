/**
 * The PostgreSQL side of `Database`: a `pg` pool with per-statement time limits and cancellation, so
 * one slow search cannot hold a connection that point lookups need (the embedded twin is
 * pglite-owner.ts; both answer the same interface so repos never know which they run on).
 */
import { pipeline } from 'node:stream/promises'
import pg from 'pg'
import { from as copyFromStdin } from 'pg-copy-streams'
import { type Database, type Queryable, type QueryOptions, SESSION_SETUP } from './database'
import { DatabaseBusyError, DatabaseUnavailableError, QueryCancelledError, QueryTimeoutError } from './db-errors'
import { keyedSlots } from './keyed-slots'

export interface PostgresOptions {
  url: string
  /** Connections this process keeps (each server instance has its own pool). */
  poolSize: number
  /** Statements that may wait for a connection before new ones are refused. */
  maxWaiting: number
  /** More `SET name = value` settings for every connection of this process (the loader's: jit off) */
  sessionSetup?: string
  /** How the connections name themselves in pg_stat_activity (read replicas' pools: "plat-reads"). */
  applicationName?: string
  /**
   * Refuse to open when the server does not answer (default). A read replica opens regardless: the
   * read router leaves it out until it answers (read-router.ts).
   */
  failFast?: boolean
}

/** Connections heavy statements leave to cheap ones (when the pool has more than one). */
const HEAVY_RESERVE = 2

/** SQLSTATE query_canceled: raised by statement_timeout and by pg_cancel_backend alike. */
const QUERY_CANCELED = '57014'
/** Connection-level failures: the server went away or is shutting down. */
const UNAVAILABLE = /^(08|57P)/
/**
 * The socket's own failures, which Node reports by errno name in the same `code` field as a
 * SQLSTATE: a reset mid-statement came back as a 500 "read ECONNRESET" (issue 39 §7, a cut under
 * load on every surface), where a reset before the statement was already a 503.
 */
const SOCKET_FAILURE =
  /^(ECONNRESET|ECONNREFUSED|ECONNABORTED|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)$/

/**
 * A PostgreSQL + PostGIS server, for real data at scale and for several server processes on one
 * database. Each statement runs on a checked-out connection whose `statement_timeout` is set to the
 * statement's limit (only when it differs from the connection's current one, so steady request
 * traffic pays no extra round trip); an aborted request cancels its statement on the server.
 */
export async function openPostgres(opts: PostgresOptions): Promise<Database> {
  // Session settings go in the startup packet so every pooled connection has them from its first query.
  const options = [SESSION_SETUP, opts.sessionSetup ?? '']
    .join(';')
    .split(';')
    .filter((s) => s.trim())
    .map((s) => s.trim().replace(/^SET\s+(\S+)\s*=\s*(\S+)$/i, '-c $1=$2'))
    .join(' ')
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.poolSize,
    options,
    ...(opts.applicationName ? { application_name: opts.applicationName } : {}),
  })
  // A connection that breaks (server restart, network cut) must not crash the process: pg emits
  // 'error' on its Client, and an 'error' event without a listener kills Node. The pool listens only
  // while a client is idle (pool 'error'); while one is checked out — mid-statement, or in a
  // transaction between statements — pg-pool leaves it without a listener (issue 19: the server died
  // when PostgreSQL went away under the tile warmer). The statement itself rejects, and a client
  // that is no longer queryable is dropped at release, so the listener has nothing more to do.
  pool.on('error', () => {})
  pool.on('connect', (client) => {
    client.on('error', () => {})
    seqScanOff.set(client as pg.PoolClient, false)
  })
  const timeouts = new WeakMap<pg.PoolClient, number>()
  /**
   * Each connection's `enable_seqscan = off` (QueryOptions.indexPathsOnly): false from its start,
   * unknown (absent) after a rolled-back transaction, which may or may not have undone a SET.
   */
  const seqScanOff = new WeakMap<pg.PoolClient, boolean>()
  /** Statements holding or waiting for a connection: beyond poolSize + maxWaiting, refuse. */
  let inFlight = 0
  // Heavy statements (area-search pieces) may hold all connections but HEAVY_RESERVE, so cheap ones
  // always find one free or soon free (issue 19's fairness, on the pool).
  const heavySlots = keyedSlots({ running: Math.max(1, opts.poolSize - HEAVY_RESERVE), waiting: Infinity })

  // Fail fast with a clear message rather than on the first request.
  if (opts.failFast ?? true) await pool.query('select 1')

  async function checkout(signal: AbortSignal | undefined): Promise<pg.PoolClient> {
    if (signal?.aborted) throw new QueryCancelledError()
    try {
      return await pool.connect()
    } catch (e) {
      throw new DatabaseUnavailableError((e as Error).message)
    }
  }

  /** Runs one statement on `client` under `o`'s timeout and signal. */
  async function run(client: pg.PoolClient, sql: string, params: readonly unknown[] | undefined, o: QueryOptions) {
    const limit = o.timeoutMs ?? 0
    let cancelling: Promise<unknown> | null = null
    const onAbort = () => {
      cancelling = cancelBackend(opts.url, client)
    }
    o.signal?.addEventListener('abort', onAbort, { once: true })
    try {
      // Inside the try: the connection may break on this statement too (a 500 before, issue 19).
      if ((timeouts.get(client) ?? 0) !== limit) {
        await client.query(`SET statement_timeout = ${Math.max(0, Math.floor(limit))}`)
        timeouts.set(client, limit)
      }
      // Like the timeout: changed only when this statement wants another setting than the last one.
      const off = Boolean(o.indexPathsOnly)
      if (seqScanOff.get(client) !== off) {
        await client.query(`SET enable_seqscan = ${off ? 'off' : 'on'}`)
        seqScanOff.set(client, off)
      }
      return await client.query(sql, params as unknown[] | undefined)
    } catch (e) {
      throw classify(e, o, cancelling !== null)
    } finally {
      o.signal?.removeEventListener('abort', onAbort)
      // The cancel request must land before the connection serves anyone else.
      if (cancelling) await cancelling
    }
  }

  const onClient = (client: pg.PoolClient): Queryable => ({
    async query<T extends Record<string, unknown>>(sql: string, params: readonly unknown[] = [], o: QueryOptions = {}) {
      return (await run(client, sql, params, o)).rows as T[]
    },
    async exec(sql: string, o: QueryOptions = {}) {
      await run(client, sql, undefined, o)
    },
  })

  async function withClient<T>(o: QueryOptions, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    if (inFlight >= opts.poolSize + opts.maxWaiting) throw new DatabaseBusyError(1)
    inFlight++
    let releaseHeavy: (() => void) | undefined
    try {
      if (o.heavyFor !== undefined) {
        releaseHeavy = (await heavySlots.acquire('', o.signal)) ?? undefined
        if (!releaseHeavy) throw new QueryCancelledError()
      }
      const client = await checkout(o.signal)
      let broken: Error | undefined
      try {
        return await fn(client)
      } catch (e) {
        if (e instanceof DatabaseUnavailableError) broken = e
        throw e
      } finally {
        client.release(broken)
      }
    } finally {
      releaseHeavy?.()
      inFlight--
    }
  }

  return {
    kind: 'postgres',
    query: <T extends Record<string, unknown>>(sql: string, params: readonly unknown[] = [], o: QueryOptions = {}) =>
      withClient(o, (client) => onClient(client).query<T>(sql, params, o)),
    exec: (sql: string, o: QueryOptions = {}) => withClient(o, (client) => onClient(client).exec(sql, o)),
    transaction: (fn) =>
      withClient({}, async (client) => {
        const tx = onClient(client)
        await tx.exec('BEGIN')
        try {
          const out = await fn(tx)
          await tx.exec('COMMIT')
          return out
        } catch (e) {
          await client.query('ROLLBACK').catch(() => {})
          // A SET inside the transaction was rolled back with it: set the timeout again next time.
          timeouts.delete(client)
          seqScanOff.delete(client)
          throw e
        }
      }),
    copyFrom: (table, columns, text) =>
      withClient({}, async (client) => {
        try {
          const stream = client.query(copyFromStdin(`COPY ${table} (${columns.join(', ')}) FROM STDIN`))
          await pipeline(async function* () {
            yield text
          }, stream)
        } catch (e) {
          throw classify(e, {}, false)
        }
      }),
    async close() {
      await pool.end()
    },
  }
}

function classify(e: unknown, o: QueryOptions, cancelled: boolean): Error {
  const code = (e as { code?: unknown }).code
  if (code === QUERY_CANCELED) {
    return cancelled ? new QueryCancelledError() : new QueryTimeoutError(o.timeoutMs ?? 0)
  }
  if (typeof code === 'string' && (UNAVAILABLE.test(code) || SOCKET_FAILURE.test(code)))
    return new DatabaseUnavailableError((e as Error).message)
  if (!(e instanceof Error)) return new Error(String(e))
  // Connection errors from the driver (reset, refused) carry no SQLSTATE.
  if (!code && /connection|ECONN|terminat/i.test(e.message)) return new DatabaseUnavailableError(e.message)
  return e
}

/** Asks the server to cancel what `client`'s backend runs, over a connection of its own. */
async function cancelBackend(url: string, client: pg.PoolClient): Promise<void> {
  const pid = (client as unknown as { processID?: number }).processID
  if (!pid) return
  const canceller = new pg.Client({ connectionString: url })
  canceller.on('error', () => {})
  try {
    await canceller.connect()
    await canceller.query('SELECT pg_cancel_backend($1)', [pid])
  } catch {
    // The statement runs on until its timeout; nothing else to do.
  } finally {
    await canceller.end().catch(() => {})
  }
}
