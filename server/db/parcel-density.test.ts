import { describe, expect, it } from 'vitest'
import { ParcelDensity } from './parcel-density'

// Two counties: 10,000 parcels over a 1° × 1° box, 1,000 over the next degree east.
const counties = [
  { west: -94, south: 41, east: -93, north: 42, parcels: 10_000 },
  { west: -93, south: 41, east: -92, north: 42, parcels: 1_000 },
]

describe('parcel density estimates', () => {
  it("spreads each county's parcels evenly over its box", () => {
    const d = new ParcelDensity()
    d.setCounties(counties)
    expect(d.estimate([-94, 41, -93, 42])).toBeCloseTo(10_000)
    expect(d.estimate([-93.5, 41, -92.5, 41.5])).toBeCloseTo(2_500 + 250)
    expect(d.estimate([-90, 41, -89, 42])).toBe(0)
    // A box over both and beyond counts each once.
    expect(d.estimate([-100, 30, -80, 50])).toBeCloseTo(11_000)
  })

  it('learns where parcels are denser than the county average, and uses it for boxes inside', () => {
    const d = new ParcelDensity(0.01)
    d.setCounties(counties)
    const town = [-93.6, 41.5, -93.5, 41.6] as const
    expect(d.estimate(town)).toBeCloseTo(100)
    d.observe(town, 5_000)
    expect(d.estimate(town)).toBeCloseTo(5_000, -1)
    expect(d.estimate([-93.6, 41.5, -93.55, 41.55])).toBeCloseTo(1_250, -1)
    // Outside the town, still the county average.
    expect(d.estimate([-93.9, 41.1, -93.8, 41.2])).toBeCloseTo(100)
    // A coarser look over the town does not overwrite the finer one.
    d.observe([-94, 41, -93, 42], 10_000)
    expect(d.estimate(town)).toBeCloseTo(5_000, -1)
  })

  it('forgets what it learned when the counties change (a load)', () => {
    const d = new ParcelDensity(0.01)
    d.setCounties(counties)
    d.observe([-93.6, 41.5, -93.5, 41.6], 5_000)
    d.setCounties(counties)
    expect(d.estimate([-93.6, 41.5, -93.5, 41.6])).toBeCloseTo(5_000, -1)
    d.setCounties([{ ...counties[0], parcels: 20_000 } as (typeof counties)[0], counties[1] as (typeof counties)[0]])
    expect(d.estimate([-93.6, 41.5, -93.5, 41.6])).toBeCloseTo(200)
  })
})
