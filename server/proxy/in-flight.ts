/**
 * Coalescing: while an upstream call for a cache key is under way, requests with the same key wait
 * for it instead of paying for the same answer again. The entry lives until the call's answer is
 * stored (the caller's `run` covers both), so a request arriving in between finds either the call
 * or the cached answer, never neither. In-process only: processes sharing PostgreSQL share the
 * cache, not their calls in flight.
 */
export interface Shared<T> {
  value: T
  /** The exact request text of the call that produced it. */
  raw: string
}

export class InFlight<T> {
  private readonly calls = new Map<string, Promise<Shared<T>>>()

  /** The call under way for `key`, if any. */
  get(key: string): Promise<Shared<T>> | undefined {
    return this.calls.get(key)
  }

  /** Runs `fn` as the call for `key` (others find it with `get` until it settles). */
  run(key: string, raw: string, fn: () => Promise<T>): Promise<T> {
    const call = fn().then((value) => ({ value, raw }))
    if (!this.calls.has(key)) {
      this.calls.set(key, call)
      const forget = () => {
        if (this.calls.get(key) === call) this.calls.delete(key)
      }
      call.then(forget, forget)
    }
    return call.then((shared) => shared.value)
  }
}
