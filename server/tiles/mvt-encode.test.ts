import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { PARCEL_LAYER, PLACE_LAYER, TILE_EXTENT } from '../../contract/tiles'
import { encodeTile, type MultiPolygonCoords, type PolygonFeature } from './mvt-encode'
import { decodeTile, ringArea } from './tile-decode.test-support'

const square = (x: number, y: number, w: number, h: number, clockwiseOnScreen = true): number[][] => {
  const ring = [
    [x, y],
    [x + w, y],
    [x + w, y + h],
    [x, y + h],
    [x, y],
  ]
  return clockwiseOnScreen ? ring : ring.reverse()
}

const parcel = (id: number, coordinates: MultiPolygonCoords, properties = {}): PolygonFeature => ({
  id,
  properties: { svc_uuid: `u${id}`, ...properties },
  coordinates,
})

const encodeParcels = (features: PolygonFeature[]) =>
  decodeTile(encodeTile([{ name: PARCEL_LAYER, kind: 'polygons', features }]).bytes)

describe('encodeTile', () => {
  it('writes ids, properties (nulls left out), version 2 and the 4096 extent', () => {
    const tile = encodeParcels([parcel(2 ** 52 - 1, [[square(10, 10, 100, 50)]], { crop: 1, acres: 2.5, vpa: null })])
    expect(tile.layers).toEqual([PARCEL_LAYER])
    expect(tile.extent[PARCEL_LAYER]).toBe(TILE_EXTENT)
    expect(tile.parcels).toHaveLength(1)
    expect(tile.parcels[0]).toMatchObject({
      id: 2 ** 52 - 1,
      properties: { svc_uuid: `u${2 ** 52 - 1}`, crop: 1, acres: 2.5 },
    })
    expect(tile.parcels[0]!.area).toBe(5000)
  })

  it('gives exteriors positive and holes negative area whatever winding came in (MVT 2.1 §4.3.4.4)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -64, max: 3000 }),
        fc.integer({ min: -64, max: 3000 }),
        fc.integer({ min: 20, max: 1000 }),
        fc.integer({ min: 20, max: 1000 }),
        fc.boolean(),
        fc.boolean(),
        (x, y, w, h, outerCw, holeCw) => {
          const hole = square(x + 5, y + 5, w - 10, h - 10, holeCw)
          const tile = encodeParcels([parcel(1, [[square(x, y, w, h, outerCw), hole]])])
          const rings = tile.parcels[0]!.rings
          expect(rings).toHaveLength(2)
          expect(ringArea(rings[0]!)).toBe(w * h)
          expect(ringArea(rings[1]!)).toBe(-(w - 10) * (h - 10))
        },
      ),
    )
  })

  it('rounds to the integer grid and drops rings rounding made degenerate, with their holes', () => {
    const sliver = [
      [0.2, 0.2],
      [100.4, 0.1],
      [100.3, 0.4],
      [0.2, 0.2],
    ]
    const tile = encodeParcels([
      parcel(1, [[square(0.4, 0.4, 99.8, 50.2)]]),
      parcel(2, [[sliver, square(10, 0, 5, 5)]]),
      parcel(3, [[sliver], [square(200, 200, 10, 10)]]),
    ])
    expect(tile.parcels.map((p) => p.id)).toEqual([1, 3])
    expect(tile.parcels[0]!.bbox).toEqual([0, 0, 100, 51])
    // Parcel 3 keeps its second polygon only.
    expect(tile.parcels[1]!.area).toBe(100)
  })

  it('writes places as points; a tile with no features is empty (0 bytes)', () => {
    const both = encodeTile([
      { name: PARCEL_LAYER, kind: 'polygons', features: [] },
      {
        name: PLACE_LAYER,
        kind: 'points',
        features: [{ properties: { name: 'AMES', parcels: 12 }, point: [100.4, -3.6] }],
      },
    ])
    expect(both.features).toEqual({ [PLACE_LAYER]: 1 })
    expect(decodeTile(both.bytes).places).toEqual([{ properties: { name: 'AMES', parcels: 12 }, x: 100, y: -4 }])
    expect(
      encodeTile([
        {
          name: PARCEL_LAYER,
          kind: 'polygons',
          features: [
            parcel(1, [
              [
                [
                  [0, 0],
                  [0, 0],
                  [0, 0],
                ],
              ],
            ]),
          ],
        },
      ]).bytes,
    ).toHaveLength(0)
  })
})
