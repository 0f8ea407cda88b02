import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { RING_REASONS } from './area-rules'
import { checkAreaRequest } from './area-rules.test-support'
import { AREA_MAX_FEATURE_VERTICES, AREA_MAX_HOLES, AREA_MAX_RING_VERTICES } from './limits'

const square = [
  [-93.6, 42],
  [-93.5, 42],
  [-93.5, 42.1],
  [-93.6, 42.1],
  [-93.6, 42],
]
const fcOf = (...geometries: unknown[]) => ({
  type: 'FeatureCollection',
  features: geometries.map((geometry) => ({ type: 'Feature', properties: {}, geometry })),
})

describe('checkAreaRequest', () => {
  it('accepts polygons and multipolygons, with null properties', () => {
    const body = fcOf({ type: 'Polygon', coordinates: [square] }, { type: 'MultiPolygon', coordinates: [[square]] })
    expect(checkAreaRequest(body)).toMatchObject({ ok: true, vertices: 10 })
    const nullProps = {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: null, geometry: { type: 'Polygon', coordinates: [square] } }],
    }
    expect(checkAreaRequest(nullProps).ok).toBe(true)
  })

  it.each([
    [[...square.slice(0, 4)], RING_REASONS.notClosed],
    [[square[0], square[1], square[0]], RING_REASONS.tooFew],
    [
      [
        [-93.6, 42],
        [-93.5, 42],
        [-93.5, 'x'],
        [-93.6, 42],
      ],
      RING_REASONS.badPosition,
    ],
    [
      [
        [-193.6, 42],
        [-93.5, 42],
        [-93.5, 43],
        [-193.6, 42],
      ],
      RING_REASONS.lonRange,
    ],
    [
      [
        [-93.6, 92],
        [-93.5, 42],
        [-93.5, 43],
        [-93.6, 92],
      ],
      RING_REASONS.latRange,
    ],
    [
      [
        [0, 0],
        [1, 1],
        [1, 0],
        [0, 1],
        [0, 0],
      ],
      RING_REASONS.selfIntersects,
    ],
    [
      [
        [0, 0],
        [1, 1],
        [2, 2],
        [0, 0],
      ],
      RING_REASONS.zeroArea,
    ],
  ])('rejects ring %j: %s', (ring, reason) => {
    const r = checkAreaRequest(fcOf({ type: 'Polygon', coordinates: [ring] }))
    if (r.ok) throw new Error('expected a 422 issue')
    expect(r.issues[0]?.msg).toBe(reason)
    expect(r.issues[0]?.loc.slice(0, 5)).toEqual(['body', 'features', 0, 'geometry', 'coordinates'])
  })

  it('rejects wrong types and empty collections with a location', () => {
    expect(checkAreaRequest(null)).toMatchObject({ ok: false, issues: [{ loc: ['body'] }] })
    expect(checkAreaRequest({ type: 'Feature' })).toMatchObject({ ok: false, issues: [{ loc: ['body', 'type'] }] })
    expect(checkAreaRequest(fcOf())).toMatchObject({ ok: false, issues: [{ loc: ['body', 'features'] }] })
    expect(checkAreaRequest(fcOf({ type: 'Point', coordinates: [0, 0] }))).toMatchObject({
      ok: false,
      issues: [{ loc: ['body', 'features', 0, 'geometry', 'type'] }],
    })
  })

  it('never throws on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const r = checkAreaRequest(v)
        expect(typeof r.ok).toBe('boolean')
      }),
      { numRuns: 500 },
    )
  })

  it('rebuilds what passes from coordinates alone: crs, bbox, extra members and a third coordinate never reach SQL', () => {
    const body = {
      type: 'FeatureCollection',
      crs: { type: 'name', properties: { name: 'EPSG:999999' } },
      features: [
        {
          type: 'Feature',
          properties: { name: 'a' },
          bbox: [0, 0, 1, 1],
          geometry: {
            type: 'Polygon',
            crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::999999' } },
            bbox: [1, 2, 3, 4],
            coordinates: [square.map(([x, y]) => [x, y, 300, 7])],
          },
        },
      ],
    }
    const r = checkAreaRequest(body)
    if (!r.ok) throw new Error(JSON.stringify(r.issues))
    expect(r.value).toEqual({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: { name: 'a' }, geometry: { type: 'Polygon', coordinates: [square] } }],
    })
    expect(r.polygons).toEqual([{ type: 'Polygon', coordinates: [square] }])
  })

  it('splits multipolygons into their polygons, so overlapping parts mean their union', () => {
    const shifted = square.map(([x, y]) => [(x as number) + 0.05, y as number])
    const r = checkAreaRequest(fcOf({ type: 'MultiPolygon', coordinates: [[square], [shifted]] }))
    if (!r.ok) throw new Error(JSON.stringify(r.issues))
    expect(r.polygons).toEqual([
      { type: 'Polygon', coordinates: [square] },
      { type: 'Polygon', coordinates: [shifted] },
    ])
  })

  const box = (x0: number, y0: number, x1: number, y1: number, clockwise = false) => {
    const ring = [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
      [x0, y0],
    ]
    return clockwise ? ring.reverse() : ring
  }

  it('accepts holes inside the outer ring', () => {
    const r = checkAreaRequest(
      fcOf({ type: 'Polygon', coordinates: [box(0, 0, 10, 10), box(1, 1, 3, 3, true), box(5, 5, 7, 7, true)] }),
    )
    expect(r.ok).toBe(true)
  })

  it('rejects a hole outside its outer ring, and a hole inside another hole, with the ring as loc', () => {
    const outside = checkAreaRequest(fcOf({ type: 'Polygon', coordinates: [box(0, 0, 10, 10), box(20, 20, 21, 21)] }))
    expect(outside).toMatchObject({
      ok: false,
      issues: [{ loc: ['body', 'features', 0, 'geometry', 'coordinates', 1], msg: RING_REASONS.holeOutside }],
    })
    const nested = checkAreaRequest(
      fcOf({ type: 'Polygon', coordinates: [box(0, 0, 10, 10), box(1, 1, 9, 9), box(2, 2, 3, 3)] }),
    )
    expect(nested).toMatchObject({
      ok: false,
      issues: [{ loc: ['body', 'features', 0, 'geometry', 'coordinates', 2], msg: RING_REASONS.holeInHole }],
    })
  })

  const circle = (n: number, r = 0.1, cx = -93.5, cy = 42) => {
    const ring = Array.from({ length: n }, (_, i) => [
      cx + r * Math.cos((2 * Math.PI * i) / n),
      cy + r * Math.sin((2 * Math.PI * i) / n),
    ])
    return [...ring, ring[0]]
  }

  it('caps vertices per ring, per feature and holes per polygon, each with a loc', () => {
    const ring = checkAreaRequest(fcOf({ type: 'Polygon', coordinates: [circle(AREA_MAX_RING_VERTICES)] }))
    expect(ring).toMatchObject({
      ok: false,
      issues: [{ loc: ['body', 'features', 0, 'geometry', 'coordinates', 0], msg: RING_REASONS.tooMany }],
    })
    expect(checkAreaRequest(fcOf({ type: 'Polygon', coordinates: [circle(AREA_MAX_RING_VERTICES - 1)] })).ok).toBe(true)
    const parts = Math.ceil(AREA_MAX_FEATURE_VERTICES / 10_000) + 1
    const multi = {
      type: 'MultiPolygon',
      coordinates: Array.from({ length: parts }, (_, i) => [circle(9_999, 0.1, -100 + i)]),
    }
    expect(checkAreaRequest(fcOf(multi))).toMatchObject({
      ok: false,
      issues: [{ loc: ['body', 'features', 0, 'geometry'], type: 'too_big' }],
    })
    const holes = Array.from({ length: AREA_MAX_HOLES + 1 }, (_, i) =>
      box(
        0.001 + (i % 100) * 0.01,
        0.001 + Math.floor(i / 100) * 0.01,
        0.005 + (i % 100) * 0.01,
        0.005 + Math.floor(i / 100) * 0.01,
        true,
      ),
    )
    expect(checkAreaRequest(fcOf({ type: 'Polygon', coordinates: [box(0, 0, 2, 2), ...holes] }))).toMatchObject({
      ok: false,
      issues: [{ loc: ['body', 'features', 0, 'geometry', 'coordinates'], msg: RING_REASONS.tooManyHoles }],
    })
    expect(
      checkAreaRequest(fcOf({ type: 'Polygon', coordinates: [box(0, 0, 2, 2), ...holes.slice(0, AREA_MAX_HOLES)] })).ok,
    ).toBe(true)
  })
})
