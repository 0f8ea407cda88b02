import { describe, expect, it } from 'vitest'
import { StagedRanges } from './staged-ranges'

/** Work that records its ranges and finishes when told. */
function recorder() {
  const ranges: [number, number][] = []
  const pending: (() => void)[] = []
  let failNext = false
  const work = (after: number, upTo: number) => {
    ranges.push([after, upTo])
    if (failNext) {
      failNext = false
      return Promise.reject(new Error('statement failed'))
    }
    return new Promise<void>((ok) => pending.push(ok))
  }
  const release = async () => {
    for (const ok of pending.splice(0)) ok()
    await new Promise((ok) => setTimeout(ok, 0))
  }
  /** Releases work until `p` settles (finish starts its ranges after a turn of its own). */
  const drain = async (p: Promise<unknown>) => {
    let settled = false
    const watched = p.finally(() => {
      settled = true
    })
    while (!settled) await release()
    await watched
  }
  return { ranges, work, release, drain, failOnce: () => (failNext = true) }
}

/** Every seq in 1..n exactly once across the ranges. */
function covered(ranges: [number, number][], n: number): boolean {
  const seen = new Array<number>(n + 1).fill(0)
  for (const [after, upTo] of ranges) for (let s = after + 1; s <= upTo; s++) seen[s]!++
  return seen.slice(1).every((c) => c === 1)
}

describe('StagedRanges', () => {
  it('starts a range once enough rows are staged, one at a time, and finishes the rest in parts', async () => {
    const r = recorder()
    const ranges = new StagedRanges(r.work, 100)
    ranges.offer(60)
    expect(r.ranges).toEqual([])
    ranges.offer(120)
    expect(r.ranges).toEqual([[0, 120]])
    ranges.offer(260) // the first range still runs: nothing new starts
    expect(r.ranges).toEqual([[0, 120]])
    await r.release()
    ranges.offer(260)
    expect(r.ranges).toEqual([
      [0, 120],
      [120, 260],
    ])
    await r.release()
    await r.drain(ranges.finish(50_000, 2))
    expect(r.ranges.slice(2)).toEqual([
      [260, 25_130],
      [25_130, 50_000],
    ])
    expect(covered(r.ranges, 50_000)).toBe(true)
  })

  it('finishes in one range when little is left, and waits for the running range first', async () => {
    const r = recorder()
    const ranges = new StagedRanges(r.work, 10)
    ranges.offer(30)
    let finished = false
    const done = ranges.finish(45, 2).then(() => (finished = true))
    await new Promise((ok) => setTimeout(ok, 0))
    expect(finished).toBe(false)
    expect(r.ranges).toEqual([[0, 30]])
    await r.drain(done)
    expect(r.ranges).toEqual([
      [0, 30],
      [30, 45],
    ])
  })

  it('with every = Infinity does all of it after the read', async () => {
    const r = recorder()
    const ranges = new StagedRanges(r.work, Number.POSITIVE_INFINITY)
    for (let staged = 1000; staged <= 30_000; staged += 1000) ranges.offer(staged)
    expect(r.ranges).toEqual([])
    await r.drain(ranges.finish(30_000, 2))
    expect(r.ranges).toEqual([
      [0, 15_000],
      [15_000, 30_000],
    ])
  })

  it('a failed range fails finish (not an unhandled rejection); settled() ignores it', async () => {
    const r = recorder()
    const ranges = new StagedRanges(r.work, 10)
    r.failOnce()
    ranges.offer(20)
    await new Promise((ok) => setTimeout(ok, 5))
    await expect(ranges.finish(40, 2)).rejects.toThrow('statement failed')
    await expect(ranges.settled()).resolves.toBeUndefined()
  })
})
