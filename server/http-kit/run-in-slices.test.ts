import { describe, expect, it } from 'vitest'
import { runInSlices } from './run-in-slices'

function* busy(steps: number, msEach: number): Generator<void, number> {
  for (let i = 0; i < steps; i++) {
    const until = performance.now() + msEach
    while (performance.now() < until) {
      // spin: CPU work
    }
    yield
  }
  return steps
}

describe('running work in slices', () => {
  it('returns what the steps return, and lets timers run between slices', async () => {
    const ticks: number[] = []
    const timer = setInterval(() => ticks.push(performance.now()), 1)
    const t0 = performance.now()
    const out = await runInSlices(busy(40, 2), 8)
    clearInterval(timer)
    expect(out).toBe(40)
    // 80 ms of work in slices of ~8 ms: the timer got in several times along the way.
    expect(ticks.filter((t) => t < t0 + 70).length).toBeGreaterThanOrEqual(3)
  })
})
