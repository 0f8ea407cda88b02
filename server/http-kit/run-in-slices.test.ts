import { describe, expect, it } from 'vitest'
import { runInSlices } from './run-in-slices'

/** `steps` steps of `msEach` of CPU each; `done` gets the time the last one ended. */
function* busy(steps: number, msEach: number, done: (at: number) => void): Generator<void, number> {
  for (let i = 0; i < steps; i++) {
    const until = performance.now() + msEach
    while (performance.now() < until) {
      // spin: CPU work
    }
    yield
  }
  done(performance.now())
  return steps
}

describe('running work in slices', () => {
  it('returns what the steps return, and lets timers run between slices', async () => {
    const ticks: number[] = []
    const timer = setInterval(() => ticks.push(performance.now()), 1)
    let end = Number.POSITIVE_INFINITY
    const out = await runInSlices(
      busy(40, 2, (at) => {
        end = at
      }),
      8,
    )
    clearInterval(timer)
    expect(out).toBe(40)
    // 80 ms of work in slices of ~8 ms: the timer got in several times before the work ended. Counted
    // against the work's own end, not a wall-clock budget, so a loaded machine (CI runs suites side
    // by side) slows both alike; run in one piece, no tick could come before the end.
    expect(ticks.filter((t) => t < end).length).toBeGreaterThanOrEqual(3)
  })
})
