/**
 * A value read at most once per `ttlMs`; callers arriving while it is being read share that read.
 * The read is not tied to any one request's signal, since others may be waiting on it.
 */
export function ttlCache<T>(read: () => Promise<T>, ttlMs: number): () => Promise<T> {
  let cached: { value: T; at: number } | null = null
  let reading: Promise<T> | null = null
  return () => {
    if (cached && performance.now() - cached.at < ttlMs) return Promise.resolve(cached.value)
    reading ??= read()
      .then((value) => {
        cached = { value, at: performance.now() }
        return value
      })
      .finally(() => {
        reading = null
      })
    return reading
  }
}
