/** POST /parcels/area: answers checked against turf over the whole demo data set. */
import type { MultiPolygon, Polygon, Position } from 'geojson'
import { beforeAll, describe, expect, it } from 'vitest'
import { areaOf, areaOk, expectedIds, expectSameIds } from './area-oracle'
import { allParcels, ids, type Parcel, queryOk, recordsById } from './data'
import { bboxCenter, bboxOf, collection, feature, interiorPoint, ngon, rect } from './geo'
import { fakeUuids } from './uuids'

let all: Parcel[]
beforeAll(async () => {
  all = await allParcels()
})

/** Parcels spread over the data set (every county gets some, since the order is by uuid). */
const picks = () => [7, 311, 977, 1503, 2222, 2897].map((i) => all[i % all.length] as Parcel)

/** A convex area around a parcel, a few parcels wide, with edges off any grid. */
function around(p: Parcel, scale = 1.7, n = 7): Polygon {
  const b = bboxOf(p.geom)
  return ngon(bboxCenter(b), ((b[2] - b[0]) / 2) * scale + 1e-4, ((b[3] - b[1]) / 2) * scale + 1e-4, n)
}

describe('area search equals turf intersection over all parcels', () => {
  for (const [i, scale] of [
    [0, 1.7],
    [1, 3.1],
    [2, 0.9],
    [3, 2.3],
    [4, 5.2],
    [5, 1.3],
  ] as const) {
    it(`convex area #${i} (scale ${scale})`, async () => {
      const area = around(picks()[i] as Parcel, scale, 5 + i)
      const got = await areaOf(area)
      const expected = expectedIds(all, [area])
      expect(expected.length).toBeGreaterThan(0)
      expectSameIds(got, expected, `area #${i}`)
    })
  }

  it('a tiny triangle inside one parcel finds that parcel (and anything stacked on it)', async () => {
    for (const p of picks()) {
      const c = interiorPoint(p.geom)
      expect(c).not.toBeNull()
      const [x, y] = c as [number, number]
      const d = 1e-6
      const tri: Polygon = {
        type: 'Polygon',
        coordinates: [
          [
            [x - d, y - d],
            [x + d, y - d],
            [x, y + d],
            [x - d, y - d],
          ],
        ],
      }
      const got = await areaOf(tri)
      expect(got).toContain(p.svc_uuid)
      expectSameIds(got, expectedIds(all, [tri]))
    }
  })

  it('clockwise and counter-clockwise rings give the same answer', async () => {
    const area = around(picks()[1] as Parcel, 2.5, 9)
    const reversed: Polygon = { type: 'Polygon', coordinates: [[...(area.coordinates[0] as Position[])].reverse()] }
    expect(await areaOf(reversed)).toEqual(await areaOf(area))
  })

  it('a polygon with a hole leaves out parcels inside the hole', async () => {
    const p = picks()[2] as Parcel
    const outer = around(p, 6, 12).coordinates[0] as Position[]
    const hole = [...(around(p, 1.2, 8).coordinates[0] as Position[])].reverse()
    const area: Polygon = { type: 'Polygon', coordinates: [outer, hole] }
    const got = await areaOf(area)
    const expected = expectedIds(all, [area])
    expectSameIds(got, expected, 'holed polygon')
    const filled = await areaOf({ type: 'Polygon', coordinates: [outer] })
    expect(filled.length).toBeGreaterThanOrEqual(got.length)
  })

  it('a rectangle around a whole state finds all its parcels and whatever else intersects', async () => {
    for (const state of ['CA', 'KS']) {
      const inState = all.filter((r) => r.state === state)
      expect(inState.length).toBeGreaterThan(0)
      const boxes = inState.map((r) => bboxOf(r.geom))
      const area = rect(
        Math.min(...boxes.map((b) => b[0])) - 0.0013,
        Math.min(...boxes.map((b) => b[1])) - 0.0011,
        Math.max(...boxes.map((b) => b[2])) + 0.0012,
        Math.max(...boxes.map((b) => b[3])) + 0.0014,
      )
      const got = await areaOf(area)
      const gotSet = new Set(got)
      for (const r of inState) expect(gotSet.has(r.svc_uuid)).toBe(true)
      expectSameIds(got, expectedIds(all, [area]), state)
    }
  })

  it('the whole world finds every parcel', async () => {
    const got = await areaOf(rect(-180, -90, 180, 90))
    expect(got).toEqual(ids(all).sort())
  })

  it('an area with no parcels (mid-Pacific) → empty list', async () => {
    expect(await areaOf(rect(-150.01, 10.01, -149.99, 10.03))).toEqual([])
  })

  it('feature properties may be null or absent', async () => {
    const area = around(picks()[0] as Parcel)
    const expected = await areaOf(area)
    for (const f of [feature(area, null), { type: 'Feature', geometry: area }]) {
      expect(await areaOk({ type: 'FeatureCollection', features: [f] })).toEqual(expected)
    }
  })
})

describe('several areas', () => {
  it('a MultiPolygon answers the union of its polygons', async () => {
    const [a, b] = [around(picks()[0] as Parcel, 2), around(picks()[3] as Parcel, 2)]
    const multi: MultiPolygon = { type: 'MultiPolygon', coordinates: [a.coordinates, b.coordinates] }
    const got = await areaOf(multi)
    const union = [...new Set([...(await areaOf(a)), ...(await areaOf(b))])].sort()
    expect(got).toEqual(union)
    expectSameIds(got, expectedIds(all, [multi]), 'multipolygon')
  })

  it('two overlapping features: the union, without duplicates', async () => {
    const p = picks()[4] as Parcel
    const a = around(p, 3, 6)
    const b = around(p, 2, 11)
    const got = await areaOf(a, b)
    const union = [...new Set([...(await areaOf(a)), ...(await areaOf(b))])].sort()
    expect(got).toEqual(union)
    expect(new Set(got).size).toBe(got.length)
    expectSameIds(got, expectedIds(all, [a, b]), 'two features')
  })

  it('the same feature twice answers like once', async () => {
    const a = around(picks()[5] as Parcel, 4)
    expect(await areaOf(a, a)).toEqual(await areaOf(a))
  })

  it('many features (100, the maximum) across the data set', async () => {
    const areas = Array.from({ length: 100 }, (_, i) => around(all[(i * 29) % all.length] as Parcel, 1.1, 5))
    const got = await areaOk(collection(...areas))
    expectSameIds(got, expectedIds(all, areas), '100 features')
  })
})

describe('area → query, the typical flow', () => {
  it('the area ids fetched with svc_uuid in give exactly those parcels, with identical geometry', async () => {
    const area = around(picks()[3] as Parcel, 8, 10)
    const got = await areaOf(area)
    expect(got.length).toBeGreaterThan(10)
    const records = await recordsById(got)
    expect(ids(records).sort()).toEqual(got)
    const byId = new Map(all.map((r) => [r.svc_uuid, r]))
    for (const r of records) expect(r.geom).toEqual(byId.get(r.svc_uuid)?.geom)
  })

  it('all area ids padded to 20,000 with unknown ones, in one svc_uuid in filter', async () => {
    const got = await areaOf(rect(-180, -90, 180, 90))
    const list = [...got, ...fakeUuids(20_000 - got.length, 3)]
    expect(list).toHaveLength(20_000)
    const first = await queryOk({ filters: [{ field: 'svc_uuid', op: 'in', value: list }], limit: 100 })
    expect(first.count).toBe(got.length)
    const last = await queryOk({
      filters: [{ field: 'svc_uuid', op: 'in', value: list }],
      limit: 100,
      offset: Math.max(0, got.length - 50),
    })
    expect(ids(last.results)).toEqual(got.slice(Math.max(0, got.length - 50)))
  })
})
