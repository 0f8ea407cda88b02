/**
 * The main thread's side of the embedded database: a queue of statements for the worker that owns
 * PGlite (pglite-worker.ts), one at a time (PGlite has one connection), with
 * - two lanes (pglite-queue.ts): cheap statements first, heavy ones (area-search pieces) behind
 *   them, taking turns by owner; each lane's waiting statements are bounded (DatabaseBusyError,
 *   answered 503 + Retry-After);
 * - per-statement timeouts: PGlite cannot interrupt a running statement (WebAssembly has no
 *   signals, so `statement_timeout` never fires), so the owner terminates the worker and opens the
 *   data directory again, which PostgreSQL's crash recovery makes safe;
 * - cancellation: a statement still waiting is dropped; a running one is abandoned, and the worker is
 *   restarted only when the statement has already run as long as a restart takes (the ski-rental
 *   rule: never spend more than twice what waiting would have cost), so clients that hang up cannot
 *   make the server restart its database over and over;
 * - transactions: while one is open only its own statements run.
 */
import { Worker } from 'node:worker_threads'
import type { Database, Queryable, QueryOptions } from './database'
import { DatabaseBusyError, DatabaseUnavailableError, QueryCancelledError, QueryTimeoutError } from './db-errors'
import { WorkerQueryError, type WorkerReply, type WorkerRequest } from './pglite-protocol'
import { FairQueue } from './pglite-queue'

export interface EmbeddedOptions {
  dataDir: string
  /** Statements that may wait for the engine before new ones are refused (in each lane). */
  maxWaiting: number
  /** The longest a heavy statement waits while cheap ones keep coming (default HEAVY_MAX_DEFER_MS). */
  heavyMaxDeferMs?: number
  log?: (line: string) => void
}

/**
 * Under a steady stream of cheap statements, heavy ones still get a turn this often: a piece of an
 * area search is bounded to tens of milliseconds, so cheap requests pay at most that per second.
 */
const HEAVY_MAX_DEFER_MS = 1_000

interface Job {
  id: number
  heavyFor: string | undefined
  queuedAt: number
  kind: 'query' | 'exec' | 'copy'
  sql: string
  params: unknown[]
  /** COPY text rows, for kind 'copy' */
  data?: string
  timeoutMs: number
  tx: number | null
  /** BEGIN of transaction `tx` (it waits like any statement) or its COMMIT/ROLLBACK. */
  txEdge?: 'begin' | 'end'
  signal: AbortSignal | undefined
  resolve(rows: Record<string, unknown>[]): void
  reject(e: Error): void
  startedAt?: number
  abandoned?: boolean
  cleanup?: () => void
}

/** Defined (true) only in the CLI bundle, scripts/run-cli.mjs; a free name everywhere else. */
declare const PLAT_CLI_BUNDLE: true | undefined

// The worker is TypeScript. `--import tsx` does not reach a worker's entry module on Node 20, so a
// tiny bootstrap registers tsx inside the worker and then imports it (works under vitest too). In
// the CLI bundle the worker is bundled too, as pglite-worker.mjs beside this code's chunk.
const WORKER_BOOT =
  typeof PLAT_CLI_BUNDLE !== 'undefined'
    ? `import(${JSON.stringify(new URL('./pglite-worker.mjs', import.meta.url).href)})`
    : `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL('./pglite-worker.ts', import.meta.url).href)}) })`

class PgliteOwner {
  private worker: Worker | null = null
  private starting: Promise<void> | null = null
  private readonly waiting: FairQueue<Job>
  private running: Job | null = null
  private timer: NodeJS.Timeout | null = null
  private activeTx: number | null = null
  private seq = 0
  private txSeq = 0
  private closed = false
  /** How long the last start took: what a restart costs (used by the cancellation rule). */
  private startMs = 2000
  restarts = 0

  constructor(private readonly opts: EmbeddedOptions) {
    this.waiting = new FairQueue<Job>(opts.heavyMaxDeferMs ?? HEAVY_MAX_DEFER_MS)
  }

  start(): Promise<void> {
    if (!this.starting) {
      const t0 = performance.now()
      this.starting = this.spawn().then(
        () => {
          this.startMs = performance.now() - t0
          this.starting = null
          if (this.restarts > 0) this.opts.log?.(`embedded database ready again after ${Math.round(this.startMs)} ms`)
          this.pump()
        },
        (e: Error) => {
          this.starting = null
          throw e
        },
      )
    }
    return this.starting
  }

  private spawn(): Promise<void> {
    return new Promise((resolve, reject) => {
      const worker = new Worker(WORKER_BOOT, { eval: true, workerData: { dataDir: this.opts.dataDir } })
      let ready = false
      worker.on('message', (msg: WorkerReply) => {
        if (msg.kind === 'ready') {
          ready = true
          this.worker = worker
          resolve()
        } else if (msg.kind === 'failed') {
          reject(new DatabaseUnavailableError(msg.message))
        } else if (this.worker === worker) {
          this.settle(msg)
        }
      })
      worker.on('error', (e) => {
        if (!ready) reject(new DatabaseUnavailableError(e.message))
        else this.opts.log?.(`embedded database worker error: ${e.message}`)
      })
      worker.on('exit', (code) => {
        if (!ready) reject(new DatabaseUnavailableError(`worker exited with code ${code}`))
        else if (this.worker === worker && !this.closed) this.lost(`the embedded database stopped (exit code ${code})`)
      })
    })
  }

  private settle(msg: WorkerReply): void {
    if (msg.kind !== 'rows' && msg.kind !== 'error') return
    const job = this.running
    if (!job || job.id !== msg.id) return
    this.finish(job)
    if (job.txEdge === 'end') this.activeTx = null
    if (job.abandoned) job.reject(new QueryCancelledError())
    else if (msg.kind === 'rows') job.resolve(msg.rows)
    else job.reject(new WorkerQueryError(msg.error))
    if (msg.kind === 'error' && msg.error.fatal) this.restart(`the embedded database failed (${msg.error.message})`)
    else this.pump()
  }

  private finish(job: Job): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    job.cleanup?.()
    if (this.running === job) this.running = null
  }

  /** The worker died under a statement: fail that statement and start a new engine. */
  private lost(reason: string): void {
    const job = this.running
    if (job) {
      this.finish(job)
      job.reject(new DatabaseUnavailableError(reason))
    }
    this.restart(reason)
  }

  /** Terminates the engine (whatever it is running) and opens the data directory again. */
  private restart(reason: string): void {
    const worker = this.worker
    this.worker = null
    if (this.activeTx !== null) this.dropTransaction(this.activeTx, reason)
    if (worker) void worker.terminate()
    if (this.closed) return
    this.restarts++
    this.opts.log?.(`embedded database restarting: ${reason}`)
    this.start().catch((e: Error) => {
      this.opts.log?.(`embedded database could not restart: ${e.message}`)
      for (const job of this.waiting.drain()) job.reject(e)
      setTimeout(() => this.restart('retrying after a failed start'), 2000).unref()
    })
  }

  private dropTransaction(tx: number, reason: string): void {
    this.activeTx = null
    for (const job of this.waiting.drain((j) => j.tx === tx)) {
      job.cleanup?.()
      job.reject(new DatabaseUnavailableError(`transaction lost: ${reason}`))
    }
  }

  private pump(): void {
    if (!this.worker || this.running || this.starting) return
    const job = this.waiting.next(this.activeTx, performance.now())
    if (!job) return
    if (job.txEdge === 'begin') this.activeTx = job.tx
    this.running = job
    job.startedAt = performance.now()
    const msg: WorkerRequest =
      job.kind === 'exec'
        ? { kind: 'exec', id: job.id, sql: job.sql, params: [] }
        : job.kind === 'copy'
          ? { kind: 'copy', id: job.id, sql: job.sql, params: [], data: job.data ?? '' }
          : { kind: 'query', id: job.id, sql: job.sql, params: job.params }
    this.worker.postMessage(msg)
    if (job.timeoutMs > 0) {
      this.timer = setTimeout(() => {
        if (this.running !== job) return
        this.finish(job)
        job.reject(new QueryTimeoutError(job.timeoutMs))
        this.restart(`a statement ran longer than ${job.timeoutMs} ms`)
      }, job.timeoutMs)
    }
  }

  private onAbort(job: Job): void {
    if (this.waiting.remove(job)) {
      job.cleanup?.()
      job.reject(new QueryCancelledError())
      return
    }
    if (this.running !== job || job.abandoned) return
    if (performance.now() - (job.startedAt ?? 0) >= this.startMs) {
      this.finish(job)
      job.reject(new QueryCancelledError())
      this.restart('a cancelled statement had already run as long as a restart takes')
    } else {
      job.abandoned = true
    }
  }

  enqueue(
    kind: Job['kind'],
    sql: string,
    params: readonly unknown[],
    opts: QueryOptions,
    tx: number | null = null,
    txEdge?: Job['txEdge'],
    data?: string,
  ): Promise<Record<string, unknown>[]> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new DatabaseUnavailableError('the database is closed'))
      if (opts.signal?.aborted) return reject(new QueryCancelledError())
      // Heavy work is only scheduled as such outside transactions (a transaction runs alone anyway).
      const heavyFor = tx === null ? opts.heavyFor : undefined
      if (tx === null && this.waiting.waitingBeside({ tx, heavyFor }) >= this.opts.maxWaiting) {
        return reject(new DatabaseBusyError(1))
      }
      const job: Job = {
        id: ++this.seq,
        heavyFor,
        queuedAt: performance.now(),
        kind,
        sql,
        params: [...params],
        timeoutMs: opts.timeoutMs ?? 0,
        tx,
        txEdge,
        data,
        signal: opts.signal,
        resolve,
        reject,
      }
      if (opts.signal) {
        const signal = opts.signal
        const listener = () => this.onAbort(job)
        signal.addEventListener('abort', listener, { once: true })
        job.cleanup = () => signal.removeEventListener('abort', listener)
      }
      this.waiting.push(job)
      this.pump()
    })
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const token = ++this.txSeq
    await this.enqueue('exec', 'BEGIN', [], {}, token, 'begin')
    const tx: Queryable = {
      query: async <R extends Record<string, unknown>>(sql: string, params: readonly unknown[] = [], o = {}) =>
        (await this.enqueue('query', sql, params, o, token)) as R[],
      exec: async (sql: string) => {
        await this.enqueue('exec', sql, [], {}, token)
      },
    }
    let out: T
    try {
      out = await fn(tx)
    } catch (e) {
      await this.enqueue('exec', 'ROLLBACK', [], {}, token, 'end').catch(() => {})
      throw e
    }
    await this.enqueue('exec', 'COMMIT', [], {}, token, 'end')
    return out
  }

  async close(): Promise<void> {
    if (this.closed) return
    for (const job of this.waiting.drain()) job.reject(new DatabaseUnavailableError('the database is closing'))
    // Let the running statement finish (for a while) so the engine shuts down cleanly.
    const deadline = performance.now() + 10_000
    while (this.running && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20))
    this.closed = true
    const worker = this.worker
    this.worker = null
    if (!worker) return
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => resolve(), 10_000)
      worker.on('message', (msg: WorkerReply) => {
        if (msg.kind === 'closed') {
          clearTimeout(force)
          resolve()
        }
      })
      worker.postMessage({ kind: 'close' } satisfies WorkerRequest)
    })
    await worker.terminate()
  }
}

/** The embedded database, owned by a worker thread. */
export async function openWorkerPglite(opts: EmbeddedOptions): Promise<Database & { owner: PgliteOwner }> {
  const owner = new PgliteOwner(opts)
  await owner.start()
  return {
    kind: 'pglite',
    owner,
    async query<T extends Record<string, unknown>>(sql: string, params: readonly unknown[] = [], o: QueryOptions = {}) {
      return (await owner.enqueue('query', sql, params, o)) as T[]
    },
    async exec(sql: string, o: QueryOptions = {}) {
      await owner.enqueue('exec', sql, [], o)
    },
    transaction: (fn) => owner.transaction(fn),
    async copyFrom(table, columns, text) {
      await owner.enqueue(
        'copy',
        `COPY ${table} (${columns.join(', ')}) FROM '/dev/blob'`,
        [],
        {},
        null,
        undefined,
        text,
      )
    },
    close: () => owner.close(),
  }
}
