import { describe, expect, it } from 'vitest'
import { MovementLimiter } from './movement-limiter'

const at = (lng: number, lat: number, accuracy = 10) => ({ lng, lat, accuracy })
// 0.0001° of latitude ≈ 11.1 m
const north = (f: { lng: number; lat: number }, metres: number) => at(f.lng, f.lat + metres / 111_195)

describe('MovementLimiter', () => {
  const start = at(-93.6, 42.0)

  it('calls for the first fix, and never while inside the parcel named', () => {
    const l = new MovementLimiter()
    expect(l.verdict(start, 0, false)).toEqual({ call: true })
    l.called(start, 0)
    expect(l.verdict(north(start, 500), 60_000, true)).toEqual({ call: false, why: 'inside' })
  })

  it('waits until the position has moved 25 m from the last call', () => {
    const l = new MovementLimiter({ minMoveM: 25, minIntervalMs: 0 })
    l.called(start, 0)
    expect(l.verdict(north(start, 20), 10_000, false)).toEqual({ call: false, why: 'near-last' })
    expect(l.verdict(north(start, 30), 10_000, false)).toEqual({ call: true })
  })

  it('spaces calls by the interval even when moving fast', () => {
    const l = new MovementLimiter({ minMoveM: 25, minIntervalMs: 5_000 })
    l.called(start, 1_000)
    expect(l.verdict(north(start, 100), 3_000, false)).toEqual({ call: false, why: 'too-soon' })
    expect(l.verdict(north(start, 100), 6_000, false)).toEqual({ call: true })
  })

  it('spends nothing on a rough fix', () => {
    const l = new MovementLimiter({ maxAccuracyM: 250 })
    expect(l.verdict(at(-93.6, 42, 900), 0, false)).toEqual({ call: false, why: 'rough' })
  })

  it('starts over after reset', () => {
    const l = new MovementLimiter()
    l.called(start, 0)
    l.reset()
    expect(l.verdict(start, 1, false)).toEqual({ call: true })
  })
})
