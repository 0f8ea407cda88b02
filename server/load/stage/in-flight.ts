/**
 * One piece of work running while the caller prepares the next: `settled()` waits for it and
 * rethrows its failure there, so a failure is never an unhandled rejection while nobody awaits.
 */
export class InFlight {
  private current: Promise<void> = Promise.resolve()
  private failure: { error: unknown } | null = null

  start(work: Promise<void>): void {
    this.current = work.catch((error: unknown) => {
      this.failure ??= { error }
    })
  }

  async settled(): Promise<void> {
    await this.current
    if (this.failure) throw this.failure.error
  }
}
