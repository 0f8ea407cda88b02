/**
 * Runs a computation given as steps (a generator that yields between them), letting the event loop
 * serve other requests whenever a slice of `sliceMs` has passed: checking a 100,000-vertex area body
 * is ~100 ms of CPU, which would otherwise hold every other request for that long (issue 19).
 */
export async function runInSlices<T>(steps: Generator<void, T>, sliceMs = 8): Promise<T> {
  let sliceStart = performance.now()
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
    if (performance.now() - sliceStart >= sliceMs) {
      await new Promise((resolve) => setImmediate(resolve))
      sliceStart = performance.now()
    }
  }
}
