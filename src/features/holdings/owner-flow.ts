/**
 * "Owner's holdings": a name (from a parcel card or typed) → its portfolio across every covered
 * county, spellings offered with their counts, then the included parcels merged into holdings.
 * The cost is shown before anything is spent (the formula, and "cached answers are free") and asked
 * again once the first page says how many parcels there are, when that is above the search's
 * confirm threshold (Settings).
 */
import type { ParcelRecord } from '../../../contract/schemas'
import { ApiError } from '../../api/api-error'
import { Cancelled, type QuerySourceLike, Runner } from '../../calls/runner'
import type { Spent } from '../../calls/tally'
import { ValueStore } from '../../state/value-store'
import type { OwnerQuestion, OwnerState } from './holdings-views'
import { probeWords, spellingKey } from './owner-names'
import { defaultIncluded, findPortfolio, includedRecords, portfolioCalls } from './portfolio'
import type { ScopeCounty } from './scoped-query'

export interface OwnerFlowDeps {
  query(): QuerySourceLike | null
  counties(): readonly ScopeCounty[]
  confirmThreshold(): number
  reportError(e: ApiError): void
  /** The included parcels changed (the holdings are merged again). */
  onParcels(records: ParcelRecord[], title: string): void
}

export class OwnerFlow {
  readonly state = new ValueStore<OwnerState>({ status: 'idle' })
  private abort: AbortController | null = null
  private answer: ((yes: boolean) => void) | null = null
  /** The server refused `state in` as a scope once: ask state by state from then on. */
  private perState = false

  constructor(private readonly d: OwnerFlowDeps) {}

  /** Sets up the question (the cost shows before anything runs). */
  ask(name: string, mailing: readonly string[] = []): void {
    this.cancel()
    const clean = name.replace(/\s+/g, ' ').trim()
    if (!clean) {
      this.state.set({ status: 'idle' })
      return
    }
    const words = probeWords(clean)
    const question: OwnerQuestion = {
      name: clean,
      words: words.length ? words : [spellingKey(clean)],
      word: words[0] ?? spellingKey(clean),
      mailing: mailing.filter((m) => m.trim() !== ''),
      byAddress: true,
    }
    this.state.set({ status: 'ready', question, states: this.states() })
  }

  /** Another word to search spellings by, or the mailing-address read on or off. */
  adjust(change: Partial<Pick<OwnerQuestion, 'word' | 'byAddress'>>): void {
    const s = this.state.get()
    if (s.status !== 'ready') return
    this.state.set({ ...s, question: { ...s.question, ...change } })
  }

  async run(): Promise<void> {
    const s = this.state.get()
    if (s.status !== 'ready' && s.status !== 'failed' && s.status !== 'done') return
    const query = this.d.query()
    const question = s.question
    if (!query) return this.state.set({ status: 'failed', question, message: 'No parcel server is connected.' })
    if (this.d.counties().length === 0)
      return this.state.set({
        status: 'failed',
        question,
        message: 'This server does not say which counties it covers (no /coverage), so a portfolio cannot be planned.',
      })
    this.cancel()
    const abort = new AbortController()
    this.abort = abort
    const tally: Spent = { calls: 0, cached: 0, planned: 0 }
    this.state.set({ status: 'running', question, tally })
    const runner = new Runner({
      signal: abort.signal,
      onTally: (t) => {
        const now = this.state.get()
        if (this.abort === abort && (now.status === 'running' || now.status === 'asking'))
          this.state.set({ ...now, tally: t })
      },
    })
    try {
      const result = await findPortfolio(
        runner,
        query,
        { name: question.name, word: question.word, mailing: question.mailing, byAddress: question.byAddress },
        this.d.counties(),
        {
          perState: this.perState,
          onScopeRefused: () => {
            this.perState = true
          },
          confirmAbove: this.d.confirmThreshold(),
          confirm: (calls, records) =>
            new Promise<boolean>((resolve) => {
              this.answer = resolve
              this.state.set({ status: 'asking', question, tally: { ...runner.tally }, calls, records })
            }),
        },
      )
      if (this.abort !== abort) return
      const included = defaultIncluded(result.groups)
      this.state.set({
        status: 'done',
        question,
        result,
        included,
        tally: { ...runner.tally },
        calls: portfolioCalls(result.counts),
      })
      this.publish()
    } catch (e) {
      if (this.abort !== abort) return
      if (e instanceof Cancelled) return this.state.set({ status: 'ready', question, states: this.states() })
      if (e instanceof ApiError) this.d.reportError(e)
      this.state.set({
        status: 'failed',
        question,
        message: e instanceof Error ? e.message : 'The portfolio could not be loaded.',
      })
    } finally {
      if (this.abort === abort) this.abort = null
    }
  }

  /** The answer to "this will cost N calls: continue?". */
  confirm(yes: boolean): void {
    const a = this.answer
    this.answer = null
    a?.(yes)
  }

  cancel(): void {
    this.confirm(false)
    this.abort?.abort()
    this.abort = null
    const s = this.state.get()
    if (s.status === 'running' || s.status === 'asking')
      this.state.set({ status: 'ready', question: s.question, states: this.states() })
  }

  /** Include or leave out spellings (or owners at the same address); several at once merge once. */
  setIncluded(key: string | readonly string[], on: boolean): void {
    const s = this.state.get()
    if (s.status !== 'done') return
    const keys = typeof key === 'string' ? [key] : key
    const included = on ? [...new Set([...s.included, ...keys])] : s.included.filter((k) => !keys.includes(k))
    this.state.set({ ...s, included })
    this.publish()
  }

  records(): ParcelRecord[] {
    const s = this.state.get()
    return s.status === 'done' ? includedRecords(s.result, new Set(s.included)) : []
  }

  reset(): void {
    this.cancel()
    this.state.set({ status: 'idle' })
    this.d.onParcels([], '')
  }

  private publish(): void {
    const s = this.state.get()
    if (s.status === 'done') this.d.onParcels(this.records(), s.question.name)
  }

  private states(): string[] {
    return [...new Set(this.d.counties().map((c) => c.state))].sort()
  }
}
