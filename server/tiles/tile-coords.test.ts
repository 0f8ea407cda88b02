import { describe, expect, it } from 'vitest'
import { tileBounds } from '../../contract/tile-math'
import { PARCEL_TILE_MAX_ZOOM, TILE_EXTENT } from '../../contract/tiles'
import { parseTile, unitsPerDegree } from './tile-coords'

describe('parseTile', () => {
  it('reads canonical addresses up to the deepest zoom', () => {
    expect(parseTile('0', '0', '0.mvt')).toEqual({ ok: true, tile: { z: 0, x: 0, y: 0 } })
    expect(parseTile('13', '1965', '3040.mvt')).toEqual({ ok: true, tile: { z: 13, x: 1965, y: 3040 } })
    const last = 2 ** PARCEL_TILE_MAX_ZOOM - 1
    expect(parseTile(String(PARCEL_TILE_MAX_ZOOM), String(last), `${last}.mvt`).ok).toBe(true)
  })

  it.each([
    ['a', '1', '1.mvt', /z must be a whole number/],
    ['10', '-1', '1.mvt', /x must be a whole number/],
    ['10', '1', '1.5.mvt', /y must be a whole number/],
    ['10', '01', '1.mvt', /written plainly/],
    ['10', '1', '.mvt', /y must be/],
    ['10', '1', '1e2.mvt', /y must be/],
    ['10', '1', '1.png', /\{y\}\.mvt/],
    ['10', '1', '1', /\{y\}\.mvt/],
    ['17', '0', '0.mvt', /beyond 16/],
    ['99999999999999999999', '0', '0.mvt', /z must be a whole number/],
    ['30', '0', '0.mvt', /beyond 16/],
    ['10', '1024', '0.mvt', /0 to 1023/],
    ['10', '0', '1024.mvt', /0 to 1023/],
    ['0', '1', '0.mvt', /0 to 0/],
  ])('refuses z=%s x=%s y=%s with a reason', (z, x, y, reason) => {
    const parsed = parseTile(z, x, y)
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.detail).toMatch(reason)
  })

  it('quotes at most 20 characters of what it refuses', () => {
    const parsed = parseTile('x'.repeat(5000), '0', '0.mvt')
    expect(!parsed.ok && parsed.detail.length).toBeLessThan(120)
  })
})

describe('unitsPerDegree', () => {
  it('spreads a tile’s longitude span over the extent, and stretches latitude by Mercator’s 1/cos', () => {
    const tile = { z: 14, x: 3931, y: 6080 }
    const [w, s, e, n] = tileBounds(tile)
    const { sx, sy } = unitsPerDegree(tile)
    expect((e - w) * sx).toBeCloseTo(TILE_EXTENT, 6)
    // The tile is square in Mercator: its latitude span in units is the extent, within the 1/cos spread.
    expect((n - s) * sy).toBeGreaterThan(TILE_EXTENT * 0.999)
    expect((n - s) * sy).toBeLessThan(TILE_EXTENT * 1.001)
  })
})
