import type { Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import { boxPolygon } from '../../../contract/bbox'
import { type TileXYZ, tileBounds } from '../../../contract/tile-math'
import { tilesCovering } from './tile-cover'

describe('tilesCovering', () => {
  // A box strictly inside one z16 tile: one tile per zoom, 7 in all, each the parent of the next.
  const z16 = { z: 16, x: 15_340, y: 24_300 }
  const [w, s, e, n] = tileBounds(z16)
  const inner = boxPolygon([w + (e - w) * 0.3, s + (n - s) * 0.3, w + (e - w) * 0.6, s + (n - s) * 0.6])

  it('takes one tile per zoom for an area inside one z16 tile', () => {
    const cover = tilesCovering(inner)
    if (!cover.ok) throw new Error(cover.reason)
    expect(cover.tiles).toHaveLength(7)
    expect(cover.tiles.map((t) => t.z)).toEqual([10, 11, 12, 13, 14, 15, 16])
    expect(cover.tiles.at(-1)).toEqual(z16)
    for (const t of cover.tiles) expect(t).toEqual({ z: t.z, x: z16.x >> (16 - t.z), y: z16.y >> (16 - t.z) })
  })

  it('counts a 2 × 2 block of z16 tiles as 4 at z16', () => {
    const block = boxPolygon([
      tileBounds(z16)[0] + 1e-7,
      tileBounds({ z: 16, x: z16.x, y: z16.y + 1 })[1] + 1e-7,
      tileBounds({ z: 16, x: z16.x + 1, y: z16.y })[2] - 1e-7,
      tileBounds(z16)[3] - 1e-7,
    ])
    const cover = tilesCovering(block)
    if (!cover.ok) throw new Error(cover.reason)
    expect(cover.tiles.filter((t) => t.z === 16)).toHaveLength(4)
  })

  it('follows the outline, not its box: an L-shape leaves the empty corner out', () => {
    const [x0, y0] = [15_340, 24_300]
    const corner = (t: TileXYZ) => tileBounds(t)
    const west = corner({ z: 16, x: x0, y: y0 })[0] + 1e-7
    const east = corner({ z: 16, x: x0 + 3, y: y0 })[2] - 1e-7
    const north = corner({ z: 16, x: x0, y: y0 })[3] - 1e-7
    const south = corner({ z: 16, x: x0, y: y0 + 3 })[1] + 1e-7
    const midX = corner({ z: 16, x: x0 + 1, y: y0 })[2] - 1e-6
    const midY = corner({ z: 16, x: x0, y: y0 + 1 })[1] - 1e-6
    const L: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [west, south],
          [east, south],
          [east, midY],
          [midX, midY],
          [midX, north],
          [west, north],
          [west, south],
        ],
      ],
    }
    const cover = tilesCovering(L, { minZoom: 16, maxZoom: 16 })
    if (!cover.ok) throw new Error(cover.reason)
    // 4 × 4 box = 16 tiles; the north-east 2 × 2 block is outside the L.
    expect(cover.tiles).toHaveLength(12)
    expect(cover.tiles.some((t) => t.x === x0 + 3 && t.y === y0)).toBe(false)
  })

  it('refuses an area past the limit and says how to fix it', () => {
    const county = boxPolygon([-93.7, 41.85, -93.2, 42.2])
    const cover = tilesCovering(county, { limit: 500 })
    expect(cover.ok).toBe(false)
    if (cover.ok) return
    expect(cover.reason).toMatch(/more than 500 map tiles; take a smaller area/)
    expect(cover.atLeast).toBeGreaterThan(500)
  })
})
