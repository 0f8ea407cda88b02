/**
 * "Look up a list": parcel numbers (with a county column, or a county picked from coverage) or
 * latitude/longitude points, pasted or read from a CSV file. The plan and its cost show before
 * anything is spent; the run shows progress and can be cancelled (what was answered stays cached);
 * the answers keep the list's order and its own columns, with a "not found" report.
 */
import type { ParcelRecord } from '../../../contract/schemas'
import type { CoverageCounty } from '../../../contract/tiles'
import { ApiError } from '../../api/api-error'
import { Cancelled, type PointSourceLike, type QuerySourceLike, Runner } from '../../calls/runner'
import type { Spent } from '../../calls/tally'
import { ValueStore } from '../../state/value-store'
import { planBatch, plannedCalls } from './batch-plan'
import { answersTable, batchCalls, runBatch } from './batch-run'
import { guessColumns, parseTable } from './batch-table'
import type { ListSetup, ListState } from './holdings-views'

export interface ListFlowDeps {
  sources(): { query: QuerySourceLike; point: PointSourceLike } | null
  counties(): readonly CoverageCounty[]
  reportError(e: ApiError): void
  onParcels(records: ParcelRecord[], title: string): void
}

export class ListFlow {
  readonly state = new ValueStore<ListState>({ status: 'empty' })
  private abort: AbortController | null = null

  constructor(private readonly d: ListFlowDeps) {}

  /** A pasted list or a file's text; `source` names it ("pasted list", the file name). */
  load(text: string, source: string): void {
    this.cancel()
    if (text.trim() === '') {
      this.state.set({ status: 'empty', problem: 'The list is empty.' })
      return
    }
    const table = parseTable(text)
    if (table.rows.length === 0) {
      this.state.set({ status: 'empty', problem: 'No rows were found in the list.' })
      return
    }
    this.setUp({ source, table, columns: guessColumns(table), county: this.onlyCounty() })
  }

  /** The user corrects which columns hold what, or picks the county for the whole list. */
  change(change: Partial<Pick<ListSetup, 'columns' | 'county'>>): void {
    const s = this.state.get()
    if (s.status === 'empty' || s.status === 'running') return
    this.setUp({ ...s.setup, ...change })
  }

  async run(): Promise<void> {
    const s = this.state.get()
    if (s.status === 'empty' || s.status === 'running') return
    const sources = this.d.sources()
    const setup = s.setup
    if (!sources) return this.state.set({ status: 'failed', setup, message: 'No parcel server is connected.' })
    const abort = new AbortController()
    this.abort = abort
    const tally: Spent = { calls: 0, cached: 0, planned: 0 }
    this.state.set({ status: 'running', setup, done: 0, planned: setup.calls, tally })
    const runner = new Runner({ signal: abort.signal })
    try {
      const result = await runBatch(runner, sources, setup.plan, {
        onProgress: (done, planned) => {
          const now = this.state.get()
          if (this.abort === abort && now.status === 'running')
            this.state.set({ ...now, done, planned, tally: { ...runner.tally } })
        },
      })
      if (this.abort !== abort) return
      this.state.set({ status: 'done', setup, result, tally: { ...runner.tally }, calls: batchCalls(result) })
      this.d.onParcels(result.records, setup.source)
    } catch (e) {
      if (this.abort !== abort) return
      if (e instanceof Cancelled || (e instanceof Error && e.name === 'AbortError'))
        return this.state.set({ status: 'ready', setup })
      if (e instanceof ApiError) this.d.reportError(e)
      this.state.set({
        status: 'failed',
        setup,
        message: e instanceof Error ? e.message : 'The list could not be looked up.',
      })
    } finally {
      if (this.abort === abort) this.abort = null
    }
  }

  cancel(): void {
    this.abort?.abort()
    this.abort = null
    const s = this.state.get()
    if (s.status === 'running') this.state.set({ status: 'ready', setup: s.setup })
  }

  clear(): void {
    this.cancel()
    this.state.set({ status: 'empty' })
    this.d.onParcels([], '')
  }

  /** The list with its answers (all rows, or only those not found), for the CSV export. */
  answers(onlyNotFound: boolean): { header: string[]; rows: unknown[][] } | null {
    const s = this.state.get()
    if (s.status !== 'done') return null
    return answersTable(s.setup.table.header, s.setup.table.rows, s.result.answers, onlyNotFound)
  }

  private setUp(x: Omit<ListSetup, 'plan' | 'calls'>): void {
    const plan = planBatch(x.table, x.columns, this.d.counties(), x.county)
    this.state.set({ status: 'ready', setup: { ...x, plan, calls: plannedCalls(plan) } })
  }

  /** With one covered county there is nothing to pick. */
  private onlyCounty(): CoverageCounty | null {
    const c = this.d.counties()
    return c.length === 1 ? (c[0] as CoverageCounty) : null
  }
}
