/** A tiny observable value for workspace state that is neither the app store's nor the server's. */
export class ValueStore<T> {
  private readonly listeners = new Set<() => void>()

  constructor(private value: T) {}

  get = (): T => this.value

  set(next: T): void {
    if (Object.is(next, this.value)) return
    this.value = next
    for (const l of this.listeners) l()
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}
