/**
 * What an area means: the union of every polygon of every feature. Overlapping MultiPolygon parts
 * (invalid to PostGIS, which silently dropped the parcels in the overlap) and overlapping features
 * count a parcel once; members other than type and coordinates never reach the database.
 */
import type { Polygon, Position } from 'geojson'
import { beforeAll, describe, expect, it } from 'vitest'
import { areaOk, expectedIds, expectSameIds } from './area-oracle'
import { allParcels, type Parcel } from './data'
import { bboxCenter, bboxOf, collection, ngon } from './geo'

let all: Parcel[]
let a: Polygon
let b: Polygon
beforeAll(async () => {
  all = await allParcels()
  // Two overlapping areas a few parcels wide, around a parcel in the middle of the data.
  const p = all[Math.floor(all.length / 2)] as Parcel
  const box = bboxOf(p.geom)
  const [cx, cy] = bboxCenter(box) as [number, number]
  const r = Math.max(box[2] - box[0], box[3] - box[1]) * 3
  a = ngon([cx - r / 3, cy], r, r, 9)
  b = ngon([cx + r / 3, cy + r / 5], r, r, 11)
})

describe('overlapping polygons mean their union', () => {
  it('a MultiPolygon with overlapping parts finds every parcel of either part, as two features do', async () => {
    const expected = expectedIds(all, [a, b])
    const overlap = expectedIds(all, [a]).filter((id) => expectedIds(all, [b]).includes(id))
    expect(overlap.length, 'the parts must overlap on some parcels').toBeGreaterThan(0)
    const multi = await areaOk(collection({ type: 'MultiPolygon', coordinates: [a.coordinates, b.coordinates] }))
    expectSameIds(multi, expected, 'MultiPolygon[a, b]')
    expect(await areaOk(collection(a, b))).toEqual(multi)
  })

  it('the same polygon twice, as parts or as features, answers like once', async () => {
    const once = await areaOk(collection(a))
    expect(await areaOk(collection({ type: 'MultiPolygon', coordinates: [a.coordinates, a.coordinates] }))).toEqual(
      once,
    )
    expect(await areaOk(collection(a, a, a))).toEqual(once)
  })
})

describe('only coordinates reach the database', () => {
  it('crs (a bogus EPSG code), bbox, foreign members and a third coordinate change nothing', async () => {
    const plain = await areaOk(collection(a))
    const dressed = {
      type: 'FeatureCollection',
      crs: { type: 'name', properties: { name: 'EPSG:999999' } },
      features: [
        {
          type: 'Feature',
          id: 7,
          bbox: [0, 0, 1, 1],
          properties: { name: 'field' },
          geometry: {
            type: 'Polygon',
            crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::999999' } },
            bbox: [-1, -1, 1, 1],
            srid: 3857,
            coordinates: a.coordinates.map((ring) => ring.map((p: Position) => [p[0], p[1], 250])),
          },
        },
      ],
    }
    expect(await areaOk(dressed)).toEqual(plain)
  })
})
