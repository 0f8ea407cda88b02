/**
 * The road every holdings request takes: the cache first (free), else one network call, counted.
 * The sources are the app's cache-then-network sources (src/cache/cached-sources.ts: TanStack Query
 * memory + IndexedDB, keyed by the normalized request), so a repeated portfolio, list or assemblage
 * costs nothing. Pure: tests hand in a Map-backed source. Calls run at most `concurrency` at once.
 */
import type { LookupResponse, QueryRequest, QueryResponse } from '../../../contract/schemas'

export interface Source<Req, Res> {
  peek(req: Req): Promise<Res | undefined>
  fetch(req: Req, signal: AbortSignal): Promise<{ value: Res; network: boolean }>
}
export type QuerySourceLike = Source<QueryRequest, QueryResponse>
export interface PointRequest {
  lat: number
  lon: number
}
export type PointSourceLike = Source<PointRequest, LookupResponse>

export interface Tally {
  /** Network calls made (the allowance spent). */
  calls: number
  /** Requests the cache answered. */
  cached: number
  /** Calls the plan needs in all, as far as known. */
  planned: number
}

export class Cancelled extends Error {
  constructor() {
    super('Cancelled.')
    this.name = 'Cancelled'
  }
}

export interface RunnerOptions {
  signal: AbortSignal
  onTally?(t: Tally): void
  concurrency?: number
}

export class Runner {
  readonly tally: Tally = { calls: 0, cached: 0, planned: 0 }

  constructor(private readonly o: RunnerOptions) {}

  get signal(): AbortSignal {
    return this.o.signal
  }

  /** Tells how many more calls the plan has learned it needs. */
  plan(calls: number): void {
    this.tally.planned += calls
    this.tell()
  }

  async get<Req, Res>(source: Source<Req, Res>, req: Req): Promise<Res> {
    this.check()
    const hit = await source.peek(req)
    this.check()
    if (hit !== undefined) {
      this.tally.cached++
      this.tell()
      return hit
    }
    const { value, network } = await source.fetch(req, this.o.signal)
    if (network) this.tally.calls++
    else this.tally.cached++
    this.tell()
    return value
  }

  /** True when the cache holds the answer (no call needed). */
  async cached<Req, Res>(source: Source<Req, Res>, req: Req): Promise<boolean> {
    return (await source.peek(req)) !== undefined
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

  private tell(): void {
    this.o.onTally?.({ ...this.tally })
  }
}
