/**
 * What a metered run has planned, spent and loaded — the one count search, holdings and comparable
 * sales keep and show. Requests are planned (estimates replaced by exact numbers as counts arrive)
 * and answered (`done`); an answered request was a network call (`calls`: the allowance spent) or
 * came from the cache (`cached`). Mutable on purpose — a run updates it from many concurrent tasks
 * and the screen reads a copy (`{ ...tally }`: the listener is private, so a copy is plain data).
 */
export class Tally {
  planned = 0
  done = 0
  calls = 0
  cached = 0
  recordsLoaded = 0
  recordsExpected = 0
  readonly #onChange: () => void

  constructor(onChange: () => void = () => {}) {
    this.#onChange = onChange
  }

  /** Adds (or, negative, removes) planned requests and expected records. */
  plan(requests: number, records = 0): void {
    this.planned += requests
    this.recordsExpected += records
    this.#onChange()
  }

  /** One page request answered with `records` records. */
  finish(records: number): void {
    this.done++
    this.recordsLoaded += records
    // A plan is an estimate; never show more done than planned.
    if (this.planned < this.done) this.planned = this.done
    this.#onChange()
  }

  /** One request answered, by the network (a call spent) or by the cache (free). */
  answered(network: boolean): void {
    if (network) this.calls++
    else this.cached++
    this.#onChange()
  }
}

/** The spending part of a tally, as a panel shows it ("3 calls · 2 answers from cache"). */
export type Spent = Pick<Tally, 'calls' | 'cached' | 'planned'>
