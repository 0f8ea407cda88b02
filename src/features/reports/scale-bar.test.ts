import { describe, expect, it } from 'vitest'
import { scaleBar } from './scale-bar'

describe('scale bar', () => {
  it('picks the longest round length that fits: feet below a mile, miles above', () => {
    // 1 m per point, 140 pt: 459 ft fit → 200 ft (1-2-5 steps), 60.96 pt long.
    const feet = scaleBar(1, 140)
    expect(feet?.label).toBe('200 ft')
    expect(feet?.length).toBeCloseTo(60.96, 2)
    // 50 m per point: 140 pt = 7,000 m = 4.35 mi → 2 mi = 3,218.7 m = 64.37 pt.
    const miles = scaleBar(50, 140)
    expect(miles?.label).toBe('2 mi')
    expect(miles?.length).toBeCloseTo(64.37, 2)
    expect(scaleBar(0, 140)).toBeNull()
  })
})
