import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MAX_SLICE_MS, runInSlices, SLICE_MS } from './run-in-slices'

/** `work` steps of `stepMs` each on a fake clock; returns the slices taken and the wall time. */
function run(work: number, stepMs: number, pageMs: number) {
  let clock = 0
  let slices = 0
  function* steps(): Generator<void, string> {
    for (let i = 0; i < work; i++) {
      clock += stepMs
      yield
    }
    return 'done'
  }
  let value: string | null = null
  const longest: number[] = []
  runInSlices(
    steps(),
    (v) => (value = v),
    () => clock,
  )
  while (value === null) {
    clock += pageMs // the page's own tasks (a map frame) before the next timer turn
    const t0 = clock
    slices++
    vi.runOnlyPendingTimers()
    longest.push(clock - t0)
  }
  return { slices, wall: clock, longest: Math.max(...longest), value }
}

describe('runInSlices', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('gives the work about half the main thread while the page is busy (a 200 ms map frame per turn)', () => {
    // 500 ms of work in 10 ms steps. Fixed 16 ms slices took 25 turns of 200 + 20 ms: 5.5 s;
    // slices up to MAX_SLICE_MS take 5 turns of 200 + 110 ms.
    const r = run(50, 10, 200)
    expect(r.value).toBe('done')
    expect(r.slices).toBeLessThanOrEqual(5)
    expect(r.wall).toBeLessThanOrEqual(1550)
    expect(r.longest).toBeLessThanOrEqual(MAX_SLICE_MS + 10)
  })

  it('keeps to frame-sized slices while the page is idle', () => {
    const r = run(50, 10, 0)
    expect(r.longest).toBeLessThanOrEqual(SLICE_MS + 10)
    expect(r.wall).toBe(500)
  })

  it('stops when cancelled', () => {
    let clock = 0
    const done = vi.fn()
    const steps = (function* () {
      for (;;) {
        clock += 10
        yield
      }
    })()
    const cancel = runInSlices(steps, done, () => clock)
    vi.runOnlyPendingTimers()
    cancel()
    vi.runAllTimers()
    expect(done).not.toHaveBeenCalled()
  })
})
