import { describe, expect, it } from 'vitest'
import { haversineMetres } from './distance'
import { EARTH_RADIUS_M, METRES_PER_MILE } from './units'

describe('haversineMetres', () => {
  it('is one degree of arc along a meridian: 6,371,008.8 × π / 180 = 111,195.08 m', () => {
    expect(haversineMetres([-93, 42], [-93, 43])).toBeCloseTo(111_195.08, 1)
  })

  it('shrinks a degree of longitude with latitude: at 60° about half a degree of latitude', () => {
    // 2R·asin(cos 60° · sin 0.5°) = 55,597.0 m: a hair shorter than the parallel's 55,597.5 m.
    expect(haversineMetres([0, 60], [1, 60])).toBeCloseTo(55_597.0, 0)
  })

  it('is zero for one point, symmetric, and half the circumference between antipodes', () => {
    expect(haversineMetres([-93.6, 42], [-93.6, 42])).toBe(0)
    expect(haversineMetres([-93.6, 42], [-93.5, 42.1])).toBe(haversineMetres([-93.5, 42.1], [-93.6, 42]))
    expect(haversineMetres([0, 0], [180, 0])).toBeCloseTo(Math.PI * EARTH_RADIUS_M, 3)
  })

  it('gives a mile as 1609.344 m when the points are a mile apart along the equator', () => {
    const degrees = (METRES_PER_MILE / (Math.PI * EARTH_RADIUS_M)) * 180
    expect(haversineMetres([0, 0], [degrees, 0])).toBeCloseTo(METRES_PER_MILE, 6)
  })
})
