/**
 * Bounded concurrency for network calls, with two ways to stop:
 * - abort (the user cancelled or the search changed): queued work rejects with the abort reason;
 * - halt (a 429/401/… ended the run): no new call starts, calls already in flight finish so their
 *   records are kept and cached, and queued work rejects with the halting error.
 * FIFO, so the first chunks' pages arrive first and the table fills from the top.
 */
export class Limiter {
  private active = 0
  private readonly queue: { start: () => void; fail: (e: unknown) => void }[] = []
  private haltReason: { error: unknown } | null = null

  /** One abort listener for the whole queue (one per waiting task would pile up on big runs). */
  constructor(
    private readonly max: number,
    private readonly signal: AbortSignal,
  ) {
    signal.addEventListener('abort', () => {
      for (const waiter of this.queue.splice(0)) waiter.fail(signal.reason)
    })
  }

  get halted(): boolean {
    return this.haltReason !== null
  }

  /** Throws the halting error if the run has been halted (or its abort reason if aborted). */
  check(): void {
    if (this.signal.aborted) throw this.signal.reason
    if (this.haltReason) throw this.haltReason.error
  }

  halt(error: unknown): void {
    if (this.haltReason) return
    this.haltReason = { error }
    for (const waiter of this.queue.splice(0)) waiter.fail(error)
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire()
    try {
      this.check() // halted while this task waited for its turn
      return await task()
    } finally {
      this.active--
      this.queue.shift()?.start()
    }
  }

  private acquire(): Promise<void> {
    this.check()
    if (this.active < this.max) {
      this.active++
      return Promise.resolve()
    }
    return new Promise((resolve, reject) => {
      this.queue.push({
        start: () => {
          this.active++
          resolve()
        },
        fail: reject,
      })
    })
  }
}

/**
 * Waits for every task (so in-flight calls land before the run reports), halting the limiter at the
 * first failure so nothing new starts; then rethrows that first failure.
 */
export async function settleAll(tasks: Promise<unknown>[], limiter: Limiter): Promise<void> {
  let first: { error: unknown } | null = null
  await Promise.all(
    tasks.map((t) =>
      t.catch((error: unknown) => {
        first ??= { error }
        limiter.halt(error)
      }),
    ),
  )
  if (first) throw (first as { error: unknown }).error
}
