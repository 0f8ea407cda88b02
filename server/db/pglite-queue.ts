/**
 * The order in which the embedded database's one connection serves waiting statements (issue 19:
 * one client looping heavy area searches took point lookups from 245 req/s to 1.1 req/s, p99 9.9 s,
 * because every statement waited in one first-come queue behind seconds of area work).
 *
 * Two lanes. Cheap statements (the default: points, addresses, query pages, tiles, keys) are served
 * first, in arrival order. Heavy ones (the pieces of an area search, each bounded in cost by
 * area-pieces.ts) wait behind them and take turns by owner (an API key), so one key's queue of heavy
 * work cannot delay another key's either. So that heavy work still moves while cheap traffic alone
 * fills the engine, a heavy statement that has waited `maxDeferMs` goes next.
 *
 * Transactions run alone: while one is open only its own statements are served (they are always
 * cheap-lane), and its BEGIN waits like any cheap statement.
 */
export interface Queued {
  tx: number | null
  txEdge?: 'begin' | 'end' | undefined
  /** The owner of heavy work; absent: a cheap statement. */
  heavyFor?: string | undefined
  /** performance.now() when it was queued. */
  queuedAt: number
}

export class FairQueue<J extends Queued> {
  private cheap: J[] = []
  /** Owner → their heavy statements; Map order is the round-robin order (served owners go last). */
  private heavy = new Map<string, J[]>()

  constructor(private readonly maxDeferMs: number) {}

  push(job: J): void {
    const owner = job.tx === null ? job.heavyFor : undefined
    if (owner === undefined) {
      this.cheap.push(job)
      return
    }
    const line = this.heavy.get(owner)
    if (line) line.push(job)
    else this.heavy.set(owner, [job])
  }

  /** Takes `job` out if it is still waiting; false when it is not (running or done). */
  remove(job: J): boolean {
    const index = this.cheap.indexOf(job)
    if (index >= 0) {
      this.cheap.splice(index, 1)
      return true
    }
    const owner = job.heavyFor
    const line = owner === undefined ? undefined : this.heavy.get(owner)
    const at = line ? line.indexOf(job) : -1
    if (!line || at < 0 || owner === undefined) return false
    line.splice(at, 1)
    if (line.length === 0) this.heavy.delete(owner)
    return true
  }

  /** Statements outside transactions waiting in the lane `job` would join (for the waiting bound). */
  waitingBeside(job: Pick<Queued, 'tx' | 'heavyFor'>): number {
    if (job.tx !== null) return 0
    if (job.heavyFor === undefined) return this.cheap.filter((j) => j.tx === null).length
    let n = 0
    for (const line of this.heavy.values()) n += line.length
    return n
  }

  /** Takes out the statement to run next, or undefined when none may run now. */
  next(activeTx: number | null, now: number): J | undefined {
    if (activeTx !== null) return this.take(this.cheap.findIndex((j) => j.tx === activeTx))
    const cheap = this.cheap.findIndex((j) => j.tx === null || j.txEdge === 'begin')
    const first = this.heavy.entries().next()
    if (first.done) return this.take(cheap)
    const [owner, line] = first.value
    const head = line[0] as J
    if (cheap >= 0 && now - head.queuedAt < this.maxDeferMs) return this.take(cheap)
    line.shift()
    // Served: this owner goes to the back of the round.
    this.heavy.delete(owner)
    if (line.length) this.heavy.set(owner, line)
    return head
  }

  /** Takes out every waiting statement that `match` picks (all when omitted). */
  drain(match: (job: J) => boolean = () => true): J[] {
    const out = this.cheap.filter(match)
    this.cheap = this.cheap.filter((j) => !match(j))
    for (const [owner, line] of [...this.heavy]) {
      out.push(...line.filter(match))
      const kept = line.filter((j) => !match(j))
      if (kept.length) this.heavy.set(owner, kept)
      else this.heavy.delete(owner)
    }
    return out
  }

  private take(index: number): J | undefined {
    if (index < 0) return undefined
    return this.cheap.splice(index, 1)[0]
  }
}
