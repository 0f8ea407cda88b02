import { describe, expect, it } from 'vitest'
import { metersPerPixel, scaleBar } from './scale-bar'

describe('scale bar', () => {
  it('ground resolution: 512-px tiles, so z0 at the equator is 78,271.5 m a pixel, halving per zoom', () => {
    expect(metersPerPixel(0, 0)).toBeCloseTo(78_271.517, 2)
    expect(metersPerPixel(0, 1)).toBeCloseTo(39_135.758, 2)
    expect(metersPerPixel(60, 0)).toBeCloseTo(39_135.758, 2) // cos 60° = ½
  })

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
