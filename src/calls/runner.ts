/**
 * The road every metered request of holdings and comparable sales takes: the cache first (free),
 * else one network call — retried on transient failures when the run asks for it (retry.ts) —
 * counted in the run's tally. Calls run at most `concurrency` at once; cancelling the run's signal
 * stops it between requests with `Cancelled`. The search has its own planner over the same parts
 * (limiter.ts, retry.ts, tally.ts) because it also halts on verdicts and re-cuts chunks.
 */
import type { LookupResponse, QueryRequest, QueryResponse } from '../../contract/schemas'
import { DEFAULT_RETRY, type RetryDeps, realSleep, withRetry } from './retry'
import type { Source } from './source'
import { type Spent, Tally } from './tally'

export type QuerySourceLike = Source<QueryRequest, QueryResponse>
export interface PointRequest {
  lat: number
  lon: number
}
export type PointSourceLike = Source<PointRequest, LookupResponse>

/** How a run retries: the one policy (retry.ts) with real time and randomness; tests inject both. */
export type RetrySetup = Omit<RetryDeps, 'signal' | 'onRetry'>
export const STANDARD_RETRY: RetrySetup = { policy: DEFAULT_RETRY, sleep: realSleep, random: Math.random }

/** The run was cancelled: by its signal, or by a "no" when asked before spending. */
export class Cancelled extends Error {
  constructor() {
    super('Cancelled.')
    this.name = 'Cancelled'
  }
}

export interface RunnerOptions {
  signal: AbortSignal
  onTally?(t: Spent): void
  concurrency?: number
  /** Retry transient failures here; left out where the sources retry themselves. */
  retry?: RetrySetup
}

export class Runner {
  readonly tally: Tally

  constructor(private readonly o: RunnerOptions) {
    this.tally = new Tally(() => this.o.onTally?.(this.spent()))
  }

  get signal(): AbortSignal {
    return this.o.signal
  }

  /** Tells how many more calls the plan has learned it needs. */
  plan(calls: number): void {
    this.tally.plan(calls)
  }

  async get<Req, Res>(source: Source<Req, Res>, req: Req): Promise<Res> {
    this.check()
    const hit = await source.peek(req)
    this.check()
    if (hit !== undefined) {
      this.tally.answered(false)
      return hit
    }
    const signal = this.o.signal
    const fetch = () => source.fetch(req, signal)
    const { value, network } = await (this.o.retry ? withRetry(fetch, { ...this.o.retry, signal }) : fetch())
    this.tally.answered(network)
    return value
  }

  /** True when the cache holds the answer (no call needed). */
  async cached<Req, Res>(source: Source<Req, Res>, req: Req): Promise<boolean> {
    return (await source.peek(req)) !== undefined
  }

  /** How many of these requests the cache cannot answer: the calls they would spend. */
  async misses<Req, Res>(source: Source<Req, Res>, reqs: readonly Req[]): Promise<number> {
    const held = await Promise.all(reqs.map((req) => this.cached(source, req)))
    return held.filter((h) => !h).length
  }

  /** Asks before spending more than `above` calls (never when at or under it); a "no" cancels the run. */
  async confirm(calls: number, above: number | undefined, ask: (calls: number) => Promise<boolean>): Promise<void> {
    if (calls > (above ?? Number.POSITIVE_INFINITY) && !(await ask(calls))) throw new Cancelled()
  }

  /** Runs `fn` over `items`, at most `concurrency` at once; results in input order. */
  async pool<T, R>(items: readonly T[], fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
    const out: R[] = new Array(items.length)
    let next = 0
    const worker = async () => {
      while (next < items.length) {
        const i = next++
        out[i] = await fn(items[i] as T, i)
      }
    }
    const n = Math.min(this.o.concurrency ?? 4, items.length)
    await Promise.all(Array.from({ length: n }, worker))
    return out
  }

  check(): void {
    if (this.o.signal.aborted) throw new Cancelled()
  }

  /** The spending so far, as plain data for a view. */
  spent(): Spent {
    return { calls: this.tally.calls, cached: this.tally.cached, planned: this.tally.planned }
  }
}
