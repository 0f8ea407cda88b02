import { describe, expect, it } from 'vitest'
import {
  BYTES_PER_PARCEL,
  BYTES_PER_TEXTURE_PARCEL,
  BYTES_PER_VERTEX,
  chooseDetail,
  classFloor,
  coarser,
  DETAIL_STEPS,
  estimateBytes,
  omittedBy,
  type SizeClass,
  UNITS_PER_PIXEL,
} from './tile-budget'

const cls = (sizeClass: number, parcels: number, vertices = parcels * 5): SizeClass => ({
  sizeClass,
  parcels,
  vertices,
})

describe('detail steps', () => {
  it('start at full detail and only ever get coarser, each size limit a class floor', () => {
    expect(DETAIL_STEPS[0]).toEqual({ step: 0, toleranceUnits: 0, minSizeUnits: 0 })
    expect(DETAIL_STEPS[1]).toMatchObject({ toleranceUnits: UNITS_PER_PIXEL, minSizeUnits: UNITS_PER_PIXEL })
    const floors = new Set(Array.from({ length: 15 }, (_, k) => classFloor(k)))
    for (const [i, d] of DETAIL_STEPS.entries()) {
      expect(d.step).toBe(i)
      expect(floors.has(d.minSizeUnits), `step ${i} limit ${d.minSizeUnits}`).toBe(true)
      if (i === 0) continue
      const before = DETAIL_STEPS[i - 1]!
      expect(d.minSizeUnits).toBeGreaterThan(before.minSizeUnits)
      expect(d.toleranceUnits).toBeGreaterThanOrEqual(before.toleranceUnits)
      // Simplification stops at 2 px: coarser outlines would wobble visibly; dropping small parcels does not.
      expect(d.toleranceUnits).toBeLessThanOrEqual(2 * UNITS_PER_PIXEL)
    }
    expect(coarser(DETAIL_STEPS.at(-1)!)).toBeNull()
    expect(coarser(DETAIL_STEPS[0]!)).toBe(DETAIL_STEPS[1])
  })
})

describe('estimate, choice and what is left out', () => {
  // 1,000 parcels under a pixel (class 3: 4–8 units), 300 of 1–2 px (class 5), 20 large (class 10).
  const classes = [cls(3, 1000), cls(5, 300), cls(10, 20, 400)]
  const all = (1000 + 300) * (BYTES_PER_PARCEL + 5 * BYTES_PER_VERTEX) + 20 * BYTES_PER_PARCEL + 400 * BYTES_PER_VERTEX

  it('estimates the parcels a step keeps', () => {
    expect(estimateBytes(classes, DETAIL_STEPS[0]!)).toBe(all)
    // 1 px keeps classes from 8 units (class 4) up: the 1,000 sub-pixel parcels go into the texture.
    expect(estimateBytes(classes, DETAIL_STEPS[1]!)).toBe(
      all - 1000 * (BYTES_PER_PARCEL + 5 * BYTES_PER_VERTEX) + 1000 * BYTES_PER_TEXTURE_PARCEL,
    )
    expect(omittedBy(classes, DETAIL_STEPS[1]!)).toBe(1000)
    expect(omittedBy(classes, DETAIL_STEPS[0]!)).toBe(0)
  })

  it('chooses the finest step that fits, and the coarsest when none does', () => {
    expect(chooseDetail(classes, all)).toBe(DETAIL_STEPS[0])
    expect(chooseDetail(classes, all - 1)).toBe(DETAIL_STEPS[1])
    const afterOnePx = estimateBytes(classes, DETAIL_STEPS[1]!)
    // The 2 px step keeps class 5 (16–32 units); the next one (32 units) drops the 300.
    expect(chooseDetail(classes, afterOnePx - 1).minSizeUnits).toBe(32)
    // A step that leaves everything out costs only the texture…
    expect(chooseDetail(classes, 1320 * BYTES_PER_TEXTURE_PARCEL).minSizeUnits).toBe(1024)
    expect(chooseDetail(classes, 0)).toBe(DETAIL_STEPS.at(-1))
    // …but parcels two tiles wide are kept by every step: then the coarsest it is.
    expect(chooseDetail([...classes, cls(14, 10)], 0)).toBe(DETAIL_STEPS.at(-1))
    expect(chooseDetail([], 0)).toBe(DETAIL_STEPS[0])
  })
})
