import { describe, expect, it } from 'vitest'
import { lngLatToTile, MAX_MERCATOR_LAT, tileBounds, tilesInBox } from './tile-math'

describe('lngLatToTile', () => {
  it('finds the tile of a point (hand-checked: Ames, IA at z10 is 245/380)', () => {
    // x = (−93.62 + 180) / 360 × 1024 = 245.7; y = (1 − ln(tan φ + sec φ) / π) / 2 × 1024 = 380.1 for φ = 42.03°.
    expect(lngLatToTile(-93.62, 42.03, 10)).toEqual({ x: 245, y: 380 })
  })

  it('clamps points off the Mercator square into its edge tiles', () => {
    expect(lngLatToTile(180, 90, 2)).toEqual({ x: 3, y: 0 })
    expect(lngLatToTile(-180, -90, 2)).toEqual({ x: 0, y: 3 })
  })
})

describe('tileBounds', () => {
  it('is the Web Mercator world at zoom 0 and its quarters at zoom 1', () => {
    const [w, s, e, n] = tileBounds({ z: 0, x: 0, y: 0 })
    expect([w, e]).toEqual([-180, 180])
    expect(n).toBeCloseTo(MAX_MERCATOR_LAT, 9)
    expect(s).toBeCloseTo(-MAX_MERCATOR_LAT, 9)
    expect(tileBounds({ z: 1, x: 1, y: 0 })).toEqual([0, 0, 180, n])
  })

  it('tiles a zoom without gaps: neighbours share their edges', () => {
    const a = tileBounds({ z: 13, x: 1965, y: 3040 })
    const right = tileBounds({ z: 13, x: 1966, y: 3040 })
    const below = tileBounds({ z: 13, x: 1965, y: 3041 })
    expect(right[0]).toBe(a[2])
    expect(below[3]).toBe(a[1])
  })

  it('holds the point it was found from', () => {
    const [w, s, e, n] = tileBounds({ z: 10, x: 245, y: 380 })
    expect(w).toBeLessThanOrEqual(-93.62)
    expect(e).toBeGreaterThan(-93.62)
    expect(s).toBeLessThanOrEqual(42.03)
    expect(n).toBeGreaterThan(42.03)
  })
})

describe('tilesInBox', () => {
  it('lists the tiles a box touches, column by column, rows from the north', () => {
    // z10 tiles are 0.3515625° wide: −93.7 and −93.23 fall in columns 245.5 and 246.8; the Mercator
    // rows of 42.21° and 41.86° are 379.3 and 380.6: two columns, two rows.
    const tiles = tilesInBox([-93.7, 41.86, -93.23, 42.21], 10)
    expect(tiles.map((t) => `${t.z}/${t.x}/${t.y}`)).toEqual(['10/245/379', '10/245/380', '10/246/379', '10/246/380'])
  })

  it('gives a point box the one tile under it', () => {
    // At z12: x = 86.38 / 360 × 4096 = 982.8; ln(tan φ + sec φ) = 0.80987 for 42.03°, so y = 1520.05.
    expect(tilesInBox([-93.62, 42.03, -93.62, 42.03], 12)).toEqual([{ z: 12, x: 982, y: 1520 }])
  })
})
