import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkAreaRequest, RING_REASONS } from './area-rules'

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
})
