/**
 * Progress of a run as the planner learns it: page requests planned (estimates replaced by exact
 * numbers as counts arrive) and done, records expected and loaded. Mutable on purpose — the planner
 * updates it from many concurrent tasks and the session reads a copy when it publishes a snapshot.
 */
export class Tally {
  planned = 0
  done = 0
  recordsLoaded = 0
  recordsExpected = 0

  constructor(private readonly onChange: () => void = () => {}) {}

  /** Adds (or, negative, removes) planned requests and expected records. */
  plan(requests: number, records = 0): void {
    this.planned += requests
    this.recordsExpected += records
    this.onChange()
  }

  /** One page request answered with `records` records. */
  finish(records: number): void {
    this.done++
    this.recordsLoaded += records
    // A plan is an estimate; never show more done than planned.
    if (this.planned < this.done) this.planned = this.done
    this.onChange()
  }
}
