/**
 * What changed since a link's data (issue 23), for the workspace. A search is stamped with the data
 * version `/coverage` reports when it is run (state/data-stamp-slice.ts; the link carries it as
 * `dv=`). A link or saved search opened later, whose stamp is not the server's version now, asks
 * GET /changes?since=<stamp> — over the areas' box, or the results' counties in a filters-only
 * search — and the notice above the results says what changed among them. Only where the server
 * lists `changes` among its extensions; GET /changes is free on our server.
 */
import type { Polygon } from 'geojson'
import type { ChangesResponse, ParcelChange } from '../../../contract/changes'
import type { ParcelRecord } from '../../../contract/schemas'
import type { ChangesQuery } from '../../api/changes'
import type { CoverageState } from '../../state/coverage-state'
import type { DataStamp } from '../../state/data-stamp-slice'
import type { SearchStatus } from '../../state/search-status'
import type { AppStore } from '../../state/store'
import { ValueStore } from '../../state/value-store'
import { areasBbox, type ChangesState, type ParcelFate, summarizeChanges } from './changes-summary'
import { parcelSetKey } from './search-key'

/** What the flow reads of the search's snapshot (features/search's SearchRun is one; features do not import each other). */
export interface SearchRun {
  status: SearchStatus
  rowCount: number
  rows: readonly (ParcelRecord | undefined)[]
}

export interface ChangesDeps {
  store: AppStore
  search: { getSnapshot(): SearchRun; subscribe(listener: () => void): () => void }
  coverage: ValueStore<CoverageState>
  /** GET /changes (null: the server has none) */
  load(q: ChangesQuery, signal: AbortSignal): Promise<ChangesResponse | null>
  /** today, YYYY-MM-DD */
  today(): string
}

const PAGE = 5000
const MAX_PAGES = 10
const MAX_COUNTIES = 5

export class ChangesFlow {
  readonly state = new ValueStore<ChangesState>({ status: 'none' })
  private asked: string | null = null
  private abort: AbortController | null = null
  private readonly stops: (() => void)[] = []

  constructor(private readonly d: ChangesDeps) {
    const check = () => this.check()
    this.stops.push(
      d.search.subscribe(check),
      d.coverage.subscribe(check),
      d.store.subscribe((s, prev) => {
        if (s.submitted !== prev.submitted || s.dataStamp !== prev.dataStamp) check()
      }),
    )
  }

  dispose(): void {
    for (const stop of this.stops.splice(0)) stop()
    this.abort?.abort()
  }

  /** "Got it": the search is about the data as it is now; the link stops saying what changed. */
  dismiss(): void {
    const s = this.d.store.getState()
    const version = this.currentVersion()
    if (!s.submitted || !version) return
    s.setDataStamp({ version, date: this.d.today() }, keyOf(s.submitted))
  }

  /** What became of `id` since the stamp: from the changes already read, else one question to the log. */
  async fateOf(id: string, signal: AbortSignal): Promise<ParcelFate | null> {
    const st = this.state.get()
    const known =
      st.status === 'ready'
        ? fateIn(
            st.summary.changed.map((c) => c.change),
            id,
          )
        : null
    if (known) return known
    const stamp = this.d.store.getState().dataStamp?.stamp
    const version = this.currentVersion()
    if (!stamp || !version || stamp.version === version || !this.offersChanges()) return null
    const answer = await this.d.load({ since: stamp.version, id }, signal).catch(() => null)
    return answer ? fateIn(answer.changes, id) : null
  }

  private currentVersion(): string | null {
    const c = this.d.coverage.get()
    return c.status === 'ready' ? c.coverage.version : null
  }

  private offersChanges(): boolean {
    const c = this.d.coverage.get()
    return c.status === 'ready' && (c.coverage.extensions ?? []).includes('changes')
  }

  private check(): void {
    const s = this.d.store.getState()
    const r = this.d.search.getSnapshot()
    if (!s.submitted || r.status !== 'done') {
      if (!s.submitted) this.clear()
      return
    }
    const coverage = this.d.coverage.get()
    if (coverage.status === 'loading') return
    const key = keyOf(s.submitted)
    const version = this.currentVersion()
    const stamp = s.dataStamp
    if (!stamp || stamp.searchKey !== key) {
      // A search run now is about the data now.
      this.clear()
      if (version) s.setDataStamp({ version, date: this.d.today() }, key)
      return
    }
    if (!version || stamp.stamp.version === version || !this.offersChanges()) {
      this.clear()
      return
    }
    const ask = JSON.stringify([key, stamp.stamp, version, r.rowCount])
    if (ask === this.asked) return
    this.asked = ask
    void this.read(stamp.stamp, s.submitted.mode === 'area' ? s.submitted.areas.map((a) => a.geometry) : null, r)
  }

  private clear(): void {
    this.asked = null
    this.abort?.abort()
    this.abort = null
    this.state.set({ status: 'none' })
  }

  private async read(since: DataStamp, areas: Polygon[] | null, r: SearchRun): Promise<void> {
    this.abort?.abort()
    const abort = new AbortController()
    this.abort = abort
    this.state.set({ status: 'loading', since })
    const ids = new Set(r.rows.flatMap((row) => (row ? [row.svc_uuid] : [])))
    const scopes = scopesOf(areas, r)
    try {
      const log: ParcelChange[] = []
      let truncated = false
      for (const scope of scopes) {
        let after = 0
        for (let page = 0; ; page++) {
          if (page === MAX_PAGES) {
            truncated = true
            break
          }
          const answer = await this.d.load({ since: since.version, ...scope, limit: PAGE, after }, abort.signal)
          if (!answer) {
            this.state.set({ status: 'none' })
            return
          }
          log.push(...answer.changes)
          if (answer.next === null) break
          after = answer.next
        }
      }
      if (abort.signal.aborted) return
      const summary = summarizeChanges(log, ids, areas, truncated)
      this.state.set({ status: 'ready', since, summary, results: ids.size })
    } catch (e) {
      if (abort.signal.aborted) return
      const status = (e as { status?: number }).status
      if (status === 400) this.state.set({ status: 'unknown', since })
      else
        this.state.set({
          status: 'failed',
          since,
          message: (e as Error).message ?? 'The change log could not be read.',
        })
    }
  }
}

/** The key of a submitted search, made once per search (it hashes the areas). */
const keys = new WeakMap<object, string>()
function keyOf(spec: Parameters<typeof parcelSetKey>[0]): string {
  let key = keys.get(spec)
  if (key === undefined) {
    key = parcelSetKey(spec)
    keys.set(spec, key)
  }
  return key
}

/** Where to read the log: the areas' box, or each county of a filters-only search's results. */
function scopesOf(areas: Polygon[] | null, r: SearchRun): Pick<ChangesQuery, 'bbox' | 'county'>[] {
  const box = areas ? areasBbox(areas) : null
  if (box) return [{ bbox: box }]
  const counties = new Set<string>()
  for (const row of r.rows) {
    if (row && typeof row.state_fp === 'string' && typeof row.county_fp === 'string')
      counties.add(row.state_fp + row.county_fp)
  }
  return counties.size > 0 && counties.size <= MAX_COUNTIES ? [...counties].map((county) => ({ county })) : [{}]
}

function fateIn(log: readonly ParcelChange[], id: string): ParcelFate | null {
  for (const c of [...log].reverse()) {
    if (c.svc_uuid === id && (c.kind === 'split' || c.kind === 'renumbered' || c.kind === 'removed'))
      return { kind: c.kind, successors: c.related, loadedAt: c.loaded_at }
    if (c.kind === 'merged' && c.related.includes(id) && c.svc_uuid !== id)
      return { kind: 'merged', successors: [c.svc_uuid], loadedAt: c.loaded_at }
  }
  return null
}
