import { describe, expect, it } from 'vitest'
import wkx from 'wkx'
import { multiPolygonEwkbHex } from './ewkb'

describe('multiPolygonEwkbHex', () => {
  it('writes EWKB that a WKB reader reads back as the same multipolygon with SRID 4326', () => {
    const geom = {
      type: 'MultiPolygon' as const,
      coordinates: [
        [
          [
            [-93.64, 42.02],
            [-93.638, 42.02],
            [-93.638, 42.021],
            [-93.64, 42.02],
          ],
        ],
        [
          [
            [1.5, 2.25],
            [3, 2.25],
            [3, 4],
            [1.5, 2.25],
          ],
          [
            [2, 2.5],
            [2.5, 2.5],
            [2.5, 3],
            [2, 2.5],
          ],
        ],
      ],
    }
    const hex = multiPolygonEwkbHex(geom)
    const parsed = wkx.Geometry.parse(Buffer.from(hex, 'hex'))
    expect(parsed.srid).toBe(4326)
    expect(parsed.toGeoJSON()).toEqual(geom)
  })
})
