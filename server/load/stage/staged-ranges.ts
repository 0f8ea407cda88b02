/**
 * Per-row work on the stage (the geometry check and repair, the geodesic areas) done range by range
 * of seq while the read goes on: the read keeps Node's core busy and leaves most of PostgreSQL's
 * idle, so a second connection checks the rows already staged (issue 23: the check and the areas
 * took 8.8 s after the read of a 1,000,000-parcel load). After the read, `finish` does the rest in
 * `parts` ranges side by side. A range is only offered once its rows are in the stage, and ranges
 * never overlap, so the work is the same as one pass over every row, in any order.
 */
import { InFlight } from './in-flight'

export type RangeWork = (after: number, upTo: number) => Promise<void>

/** Fewer rows than this left after the read are checked in one range (~50 ms of work at ~13 µs a row). */
const MIN_SPLIT = 4_000

export class StagedRanges {
  /** rows with seq ≤ this have been handed to the work */
  private through = 0
  private busy = false
  private readonly running = new InFlight()

  /**
   * @param every the rows a range waits for (Infinity: none during the read, as on the embedded
   *   database, whose one connection would only take turns with the read's COPY)
   */
  constructor(
    private readonly work: RangeWork,
    private readonly every: number,
  ) {}

  /** Rows through seq `staged` are in the stage: starts the next range when it is big enough and none runs. */
  offer(staged: number): void {
    if (this.busy || staged - this.through < this.every) return
    const after = this.through
    this.through = staged
    this.busy = true
    this.running.start(
      this.work(after, staged).finally(() => {
        this.busy = false
      }),
    )
  }

  /** After the read (rows through `staged`): waits for the running range, then does the rest in `parts` ranges at once. */
  async finish(staged: number, parts: number): Promise<void> {
    await this.running.settled()
    const after = this.through
    this.through = staged
    if (staged <= after) return
    const n = staged - after < MIN_SPLIT ? 1 : parts
    const step = Math.ceil((staged - after) / n)
    await Promise.all(
      Array.from({ length: n }, (_, k) => this.work(after + k * step, Math.min(staged, after + (k + 1) * step))),
    )
  }

  /** Waits for the running range and ignores its failure (a load that is ending anyway). */
  async settled(): Promise<void> {
    await this.running.settled().catch(() => {})
  }
}
