/**
 * The search engine, without React: start a spec, confirm/cancel/resume, on-demand row requests, and
 * a snapshot (the agreed `SearchResult`) for `useSyncExternalStore`. It owns the current run and
 * moves it through the state machine (search-status.ts). A new spec aborts the old run; resume
 * starts a new run of the same spec that finds every page already loaded in the cache, so nothing
 * is fetched twice. A new order for a search whose every match is loaded keeps the run: the table
 * sorts it locally, free.
 */
import type { FilterItem } from '../../../contract/schemas'
import { ApiError } from '../../api/api-error'
import { areaRequestBody } from '../../api/request-key'
import type { AreaSource, QuerySource } from '../../cache/cached-sources'
import { DEFAULT_RETRY, type RetryPolicy, realSleep, type Sleep } from '../../calls/retry'
import type { LoadPolicy, SearchSpec } from '../../state/search-spec'
import { isLive } from '../../state/search-status'
import { ChunkSizer } from './chunk-sizer'
import { isTooLarge, loadAll, type PlannerDeps } from './load-all'
import { LocalFilter, needsServerExtensions, splitFilters } from './local-filters'
import { PagedQuery } from './paged-query'
import { idFilter } from './query-body'
import { makeCaller } from './search-calls'
import { attribute, localCheck, unexpected } from './search-errors'
import { SearchRun } from './search-run'
import { idleResult, snapshotOf } from './search-snapshot'
import type { SearchCost, SearchResult } from './search-types'
import { serverSorted, specKey } from './spec-key'

export interface SessionOptions {
  confirmThreshold(): number
  concurrency: number
  retry?: RetryPolicy
  sleep?: Sleep
  random?: () => number
  /** The session's chunk-size learning (a new one by default). */
  sizer?: ChunkSizer
  /**
   * Snapshot throttle while pages stream in (0 = publish synchronously, for tests). Each snapshot
   * re-renders the table, totals and legend and re-marks the map, so 4 a second, not 10; and as
   * that work grows with the rows loaded, less often past 5,000 rows (see `publishDelay`).
   */
  publishMs?: number
  /**
   * The extension filter fields the server evaluates (`/coverage` extensions), asked only for
   * a search that has such a filter; the others are applied here. Default: all of them (our server).
   */
  serverExtensions?: () => Promise<ReadonlySet<string>>
}

export class SearchSession {
  private current: SearchRun | null = null
  private snapshot: SearchResult
  private readonly listeners = new Set<() => void>()
  private timer: ReturnType<typeof setTimeout> | null = null
  private stale = false
  readonly sizer: ChunkSizer

  constructor(
    private readonly sources: { area: AreaSource; query: QuerySource },
    private readonly options: SessionOptions,
  ) {
    this.sizer = options.sizer ?? new ChunkSizer()
    this.snapshot = this.build()
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Built lazily: rows are materialized at most once per publish, not once per page. */
  getSnapshot = (): SearchResult => {
    if (this.stale) {
      this.snapshot = this.build()
      this.stale = false
    }
    return this.snapshot
  }

  /** Resolves when the current run has settled (tests, and callers that want to await a search). */
  settled(): Promise<void> {
    return this.current?.done ?? Promise.resolve()
  }

  /**
   * Runs `spec` (a no-op when it is the live run's). `costAccepted`: the user already agreed to what
   * this run spends (e.g. "Sort on the server"), so it does not ask a second time.
   */
  start(spec: SearchSpec | null, policy: LoadPolicy, opts: { costAccepted?: boolean } = {}): void {
    if (!spec) {
      this.stopCurrent()
      this.current = null
      this.publish(true)
      return
    }
    const key = specKey(spec, policy)
    const cur = this.current
    if (cur?.key === key && cur.live && cur.status !== 'stopped' && cur.status !== 'failed') return
    if (cur?.live && cur.complete && cur.policy === policy && sameButOrder(cur.spec, spec, policy)) {
      // Every match is here already: a new order is a local sort, not a new (paid) search.
      cur.spec = spec
      cur.key = key
      this.publish(true)
      return
    }
    this.launch(spec, policy, key, opts.costAccepted === true)
  }

  confirm = (): void => {
    this.current?.pendingConfirm?.resolve()
  }

  cancel = (): void => {
    const run = this.current
    if (!run?.live || !isLive(run.status)) return
    this.stopCurrent()
    run.move('stopped')
    this.publish(true)
  }

  resume = (): void => {
    const run = this.current
    if (!run || (run.status !== 'stopped' && run.status !== 'failed')) return
    const next = this.launch(run.spec, run.policy, run.key, true)
    next.lastRange = run.lastRange
  }

  requestRows = (start: number, end: number): void => {
    const run = this.current
    if (!run) return
    run.lastRange = [start, end]
    if (!run.paged || run.paged.count === null || !run.live || run.limiter.halted) return
    this.track(run, run.paged.requestRange(start, end))
  }

  /** Aborts the current run. Subscribers stay (React unsubscribes itself; StrictMode re-mounts). */
  dispose(): void {
    this.stopCurrent()
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }

  private stopCurrent(): void {
    const run = this.current
    if (!run) return
    run.pendingConfirm?.reject(new DOMException('cancelled', 'AbortError'))
    run.controller.abort()
  }

  private launch(spec: SearchSpec, policy: LoadPolicy, key: string, confirmed: boolean): SearchRun {
    this.stopCurrent()
    const run = new SearchRun(spec, policy, key, this.options.concurrency, confirmed, () => this.publish())
    this.current = run
    run.move('planning')
    this.publish(true)
    run.done = this.track(run, this.execute(run))
    return run
  }

  /** Runs `work` for `run`: done once nothing is in flight any more. */
  private async track(run: SearchRun, work: Promise<void>): Promise<void> {
    run.inFlight++
    if (run.status === 'done') run.move('loading')
    try {
      await work
    } catch (e) {
      this.fail(run, e)
    } finally {
      run.inFlight--
      if (run.inFlight === 0 && run.live) run.move('done')
      if (run === this.current) this.publish(true)
    }
  }

  private fail(run: SearchRun, e: unknown): void {
    if (!run.live || !isLive(run.status)) return
    const error = e instanceof ApiError ? toUserRow(attribute(e, serverSpec(run)), run) : unexpected(e)
    run.error = error
    run.move(error.kind === 'quota' ? 'stopped' : 'failed')
    run.limiter.halt(error)
  }

  private async execute(run: SearchRun): Promise<void> {
    const filters = await this.serverFilters(run)
    if (!run.live) return
    const spec = filters === run.spec.filters ? run.spec : { ...run.spec, filters }
    // Filtering here needs every match of the other filters: their count is not the user's.
    const policy: LoadPolicy = run.local ? 'all' : run.policy
    const caller = makeCaller({
      limiter: run.limiter,
      signal: run.signal,
      retry: this.options.retry ?? DEFAULT_RETRY,
      sleep: this.options.sleep ?? realSleep,
      random: this.options.random ?? Math.random,
      counts: run.counts,
      onCount: () => {
        if (run.live) this.publish()
      },
    })
    const local = localCheck(spec, policy)
    if (local) throw local
    const call = (body: Parameters<QuerySource['peek']>[0]) => caller('query', this.sources.query, body)
    const peek = (body: Parameters<QuerySource['peek']>[0]) => this.sources.query.peek(body)
    const confirm = (cost: SearchCost) => this.confirmCost(run, cost)

    let ids: readonly string[] | null = null
    if (spec.mode === 'area') {
      const body = areaRequestBody(spec.areas.map((a) => a.geometry))
      ids = (await caller('area', this.sources.area, body)).svc_uuids
    }
    const paged = (filters: readonly FilterItem[]) =>
      new PagedQuery(pagedInput(filters, spec, policy), {
        call,
        peek,
        limiter: run.limiter,
        tally: run.tally,
        confirm,
        onPage: (offset, records) => {
          if (policy === 'all') run.addPage({ chunkStart: 0, offset }, records)
          else run.addRows(offset, records, run.paged?.reachable ?? 0)
        },
      })

    if (ids === null || (policy === 'on-demand' && ids.length > 0 && ids.length <= this.sizer.max)) {
      run.paged = paged(ids === null ? spec.filters : [...spec.filters, idFilter(ids)])
      if (policy === 'on-demand') run.sparse = []
      try {
        await run.paged.first()
      } catch (e) {
        if (!(ids && isTooLarge(e, spec.filters.length))) throw e
        // This server takes fewer ids per list than the area has: load all in smaller chunks.
        this.sizer.refused(ids.length)
        run.paged = null
        run.sparse = null
        return this.loadAllChunks(run, ids, call, peek, confirm)
      }
      run.offsetCapped = run.paged.offsetCapped
      if (policy === 'all') return run.paged.loadAll()
      if (run.lastRange) await run.paged.requestRange(...run.lastRange)
      return
    }
    // Load-all, or on-demand for an area whose ids do not fit one `in` list: then the server cannot
    // sort across chunks, so we load all and the table sorts locally.
    return this.loadAllChunks(run, ids, call, peek, confirm)
  }

  private loadAllChunks(
    run: SearchRun,
    ids: readonly string[],
    call: PlannerDeps['call'],
    peek: PlannerDeps['peek'],
    confirm: PlannerDeps['confirm'],
  ): Promise<void> {
    const deps: PlannerDeps = {
      call,
      peek,
      limiter: run.limiter,
      sizer: this.sizer,
      tally: run.tally,
      confirm,
      onPage: (at, records) => run.addPage(at, records),
    }
    return loadAll({ ids, filters: serverSpec(run).filters, includeBuildings: run.spec.includeBuildings }, deps)
  }

  /** The filters to send: all of them, or (when the server cannot evaluate some) the others. */
  private async serverFilters(run: SearchRun): Promise<FilterItem[]> {
    const all = run.spec.filters
    if (!needsServerExtensions(all) || !this.options.serverExtensions) return all
    const split = splitFilters(all, await this.options.serverExtensions())
    if (split.local.length === 0) return all
    run.local = new LocalFilter(split.local)
    run.serverIndex = split.serverIndex
    return split.server
  }

  /** planning → (asking →) loading: asks only when the calls still to spend pass the threshold. */
  private async confirmCost(run: SearchRun, cost: SearchCost): Promise<void> {
    const spent = run.counts.area + run.counts.query
    if (run.confirmed || spent + cost.calls <= this.options.confirmThreshold()) {
      run.move('loading')
      // Not at once: the pages' calls go out first (a snapshot re-renders the panels and re-marks the map).
      this.publish()
      return
    }
    run.move('asking')
    run.estimate = cost
    this.publish(true)
    await new Promise<void>((resolve, reject) => {
      run.pendingConfirm = { resolve, reject }
    })
    run.pendingConfirm = null
    run.confirmed = true
    run.move('loading')
    this.publish(true)
  }

  /** Marks the snapshot stale and tells subscribers (throttled while pages stream in). */
  private publish(now = false): void {
    this.stale = true
    const wait = publishDelay(this.options.publishMs ?? 250, this.current?.tally.recordsLoaded ?? 0)
    if (now || wait <= 0) {
      if (this.timer) clearTimeout(this.timer)
      this.timer = null
      for (const l of this.listeners) l()
      return
    }
    this.timer ??= setTimeout(() => this.publish(true), wait)
  }

  private build(): SearchResult {
    const actions = { confirm: this.confirm, resume: this.resume, cancel: this.cancel, requestRows: this.requestRows }
    return this.current ? snapshotOf(this.current, actions) : idleResult(actions)
  }
}

/**
 * The wait between snapshots while pages stream in: `base` ms, then growing with the rows loaded
 * (each snapshot's totals, table model and map marks cost time in proportion to them), up to 1 s:
 * 250 ms up to 5,000 rows, 500 ms at 10,000, 1 s from 20,000. Keeps that work a small, steady share
 * of a long load instead of a growing one.
 */
export function publishDelay(base: number, rows: number): number {
  if (base <= 0) return 0
  return Math.min(Math.max(base, rows / 20), Math.max(base, 1000))
}

/** The spec as the server sees it (without the filters applied here). */
function serverSpec(run: SearchRun): SearchSpec {
  const index = run.serverIndex
  return index ? { ...run.spec, filters: run.spec.filters.filter((_, i) => index.includes(i)) } : run.spec
}

/** A server error names the index of a filter it received; the user's row may differ. */
function toUserRow(e: ApiError, run: SearchRun): ApiError {
  if (!run.serverIndex || e.filterIndex === undefined) return e
  return e.withFilterIndex(run.serverIndex[e.filterIndex])
}

function pagedInput(filters: readonly FilterItem[], spec: SearchSpec, policy: LoadPolicy) {
  return { filters, order: serverSorted(spec, policy) ? spec.order : null, includeBuildings: spec.includeBuildings }
}

/** The same search but for its order (the order only matters where the server sorts). */
function sameButOrder(a: SearchSpec, b: SearchSpec, policy: LoadPolicy): boolean {
  return specKey({ ...a, order: null }, policy) === specKey({ ...b, order: null }, policy)
}
