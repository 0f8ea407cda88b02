/**
 * Long pure work run between the page's own tasks, one generator step at a time, so the page
 * answers input and paints while it runs.
 *
 * A slice may take as long as the page took since the previous slice (at least about a frame, at
 * most MAX_SLICE_MS), not a fixed frame: while the map repaints in software (SwiftShader, or a
 * loaded machine) a frame costs 100–250 ms, and fixed 16 ms slices gave the comps back-test a tenth
 * of the main thread — 0.5 s of work shown 4–6 s after the list (issue 38, BENCHMARKS' comps
 * section). Matching the page's turn gives the work at least half the thread while the page is busy,
 * and still frame-sized slices while it is idle.
 */

/** Shortest slice: about a frame. */
export const SLICE_MS = 16
/** Longest slice: the house limit for one main-thread task (BENCHMARKS' map section). */
export const MAX_SLICE_MS = 100

/** Runs `steps` to its end in slices between timer turns; `done` gets its value. Returns a cancel. */
export function runInSlices<T>(
  steps: Iterator<unknown, T>,
  done: (value: T) => void,
  now: () => number = () => performance.now(),
): () => void {
  let yielded = now()
  const slice = () => {
    const t0 = now()
    const budget = Math.min(MAX_SLICE_MS, Math.max(SLICE_MS, t0 - yielded))
    for (;;) {
      const step = steps.next()
      if (step.done) return done(step.value)
      if (now() - t0 > budget) break
    }
    yielded = now()
    timer = setTimeout(slice, 0)
  }
  let timer = setTimeout(slice, 0)
  return () => clearTimeout(timer)
}
