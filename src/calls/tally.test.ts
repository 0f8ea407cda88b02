import { describe, expect, it } from 'vitest'
import { Tally } from './tally'

describe('Tally', () => {
  it('tells every change and never shows more done than planned', () => {
    let told = 0
    const t = new Tally(() => told++)
    t.plan(2, 200)
    t.finish(100)
    t.finish(100)
    t.finish(0) // a page the estimate missed
    expect([t.done, t.planned, t.recordsLoaded, t.recordsExpected]).toEqual([3, 3, 200, 200])
    t.answered(true)
    t.answered(false)
    expect([t.calls, t.cached]).toEqual([1, 1])
    expect(told).toBe(6)
  })

  it('copies to plain data without its listener', () => {
    const t = new Tally(() => {})
    t.plan(1)
    expect({ ...t }).toEqual({ planned: 1, done: 0, calls: 0, cached: 0, recordsLoaded: 0, recordsExpected: 0 })
  })
})
