/** POST /parcels/area body validation: 422 with loc into the body, caps on features and vertices. */
import type { Position } from 'geojson'
import { describe, expect, it } from 'vitest'
import { checkAreaRequest } from '../../contract/area-rules.test-support'
import {
  AREA_MAX_FEATURE_VERTICES,
  AREA_MAX_FEATURES,
  AREA_MAX_HOLES,
  AREA_MAX_RING_VERTICES,
  AREA_MAX_VERTICES,
} from '../../contract/limits'
import { expect422At } from './checks'
import { collection, feature, ngon, rect } from './geo'
import { call, post, show } from './http'

const F = ['body', 'features', 0, 'geometry']
const C = [...F, 'coordinates']
const good = rect(-93.61, 42.01, -93.6, 42.02)
const ring = (...ps: Position[]) => ps
const polygon = (...rings: unknown[]) => ({ type: 'Polygon', coordinates: rings })

describe('422 with loc into the body', () => {
  const cases: [string, unknown, (string | number)[]][] = [
    ['body an array', [], ['body']],
    ['body a string', 'FeatureCollection', ['body']],
    ['type Feature', feature(good), ['body', 'type']],
    ['type missing', { features: [feature(good)] }, ['body', 'type']],
    ['features missing', { type: 'FeatureCollection' }, ['body', 'features']],
    ['features an object', { type: 'FeatureCollection', features: {} }, ['body', 'features']],
    ['empty features', { type: 'FeatureCollection', features: [] }, ['body', 'features']],
    [
      `${AREA_MAX_FEATURES + 1} features`,
      collection(...Array.from({ length: AREA_MAX_FEATURES + 1 }, () => good)),
      ['body', 'features'],
    ],
    ['a feature that is a number', { type: 'FeatureCollection', features: [3] }, ['body', 'features', 0]],
    [
      'feature type wrong',
      { type: 'FeatureCollection', features: [{ type: 'Polygon', geometry: good }] },
      ['body', 'features', 0, 'type'],
    ],
    [
      'properties a string',
      { type: 'FeatureCollection', features: [feature(good, 'x')] },
      ['body', 'features', 0, 'properties'],
    ],
    ['geometry null', collection(null), F],
    ['geometry missing', { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {} }] }, F],
    [
      'geometry a LineString',
      collection({
        type: 'LineString',
        coordinates: [
          [-93, 42],
          [-93.1, 42.1],
        ],
      }),
      [...F, 'type'],
    ],
    ['geometry a Point', collection({ type: 'Point', coordinates: [-93, 42] }), [...F, 'type']],
    ['geometry a GeometryCollection', collection({ type: 'GeometryCollection', geometries: [good] }), [...F, 'type']],
    ['coordinates missing', collection({ type: 'Polygon' }), C],
    ['coordinates empty', collection(polygon()), C],
    ['coordinates a number', collection({ type: 'Polygon', coordinates: 5 }), C],
    ['ring not an array', collection(polygon(5)), [...C, 0]],
    ['unclosed ring', collection(polygon(ring([-93, 42], [-92.9, 42], [-92.9, 42.1], [-93, 42.1]))), [...C, 0]],
    ['3 positions', collection(polygon(ring([-93, 42], [-92.9, 42], [-93, 42]))), [...C, 0]],
    ['empty ring', collection(polygon([])), [...C, 0]],
    [
      'non-numeric position',
      collection(
        polygon([
          ['-93', 42],
          [-92.9, 42],
          [-92.9, 42.1],
          ['-93', 42],
        ]),
      ),
      [...C, 0],
    ],
    ['position with one number', collection(polygon([[-93], [-92.9, 42], [-92.9, 42.1], [-93]])), [...C, 0]],
    ['null position', collection(polygon([null, [-92.9, 42], [-92.9, 42.1], null])), [...C, 0]],
    ['longitude 200', collection(polygon(ring([200, 42], [-92.9, 42], [-92.9, 42.1], [200, 42]))), [...C, 0]],
    [
      'longitude -180.0001',
      collection(polygon(ring([-180.0001, 42], [-92.9, 42], [-92.9, 42.1], [-180.0001, 42]))),
      [...C, 0],
    ],
    ['latitude 95', collection(polygon(ring([-93, 95], [-92.9, 42], [-92.9, 42.1], [-93, 95]))), [...C, 0]],
    ['latitude -90.5', collection(polygon(ring([-93, -90.5], [-92.9, 42], [-92.9, 42.1], [-93, -90.5]))), [...C, 0]],
    [
      'bowtie (self-intersecting)',
      collection(polygon(ring([-93, 42], [-92.9, 42.1], [-92.9, 42], [-93, 42.1], [-93, 42]))),
      C,
    ],
    [
      'zero-area ring (collinear, along a parallel)',
      collection(polygon(ring([-93, 42], [-92.95, 42], [-92.9, 42], [-93, 42]))),
      [...C, 0],
    ],
    [
      'zero-area ring (there and back)',
      collection(polygon(ring([-93.1, 42.3], [-93.2, 42.6], [-93.1, 42.3], [-93.2, 42.6], [-93.1, 42.3]))),
      [...C, 0],
    ],
    [
      'zero-area ring (one point repeated)',
      collection(polygon(ring([-93, 42], [-93, 42], [-93, 42], [-93, 42]))),
      [...C, 0],
    ],
    [
      'bad hole (second ring unclosed)',
      collection(
        polygon(good.coordinates[0], ring([-93.607, 42.012], [-93.603, 42.012], [-93.603, 42.017], [-93.607, 42.017])),
      ),
      [...C, 1],
    ],
    ['MultiPolygon with empty coordinates', collection({ type: 'MultiPolygon', coordinates: [] }), C],
    [
      'MultiPolygon whose second polygon has an unclosed ring',
      collection({
        type: 'MultiPolygon',
        coordinates: [good.coordinates, [ring([-93, 42], [-92.9, 42], [-92.9, 42.1], [-93, 42.1])]],
      }),
      [...C, 1, 0],
    ],
    [
      'a hole outside its outer ring',
      collection(polygon(good.coordinates[0], rect(-93.5, 42.1, -93.49, 42.11).coordinates[0])),
      [...C, 1],
    ],
    [
      'a hole inside another hole',
      collection(
        polygon(
          rect(-93.7, 41.9, -93.5, 42.1).coordinates[0],
          rect(-93.68, 41.92, -93.52, 42.08).coordinates[0],
          rect(-93.62, 41.98, -93.58, 42.02).coordinates[0],
        ),
      ),
      [...C, 2],
    ],
    [
      'second feature broken',
      collection(good, polygon(ring([-93, 42], [-92.9, 42], [-93, 42]))),
      ['body', 'features', 1, 'geometry', 'coordinates', 0],
    ],
  ]
  for (const [label, body, loc] of cases) {
    it(`${label} → 422 at ${JSON.stringify(loc)}`, async () => {
      const contract = checkAreaRequest(body)
      expect(contract.ok ? [] : contract.issues.map((i) => i.loc), 'the contract agrees').toContainEqual(loc)
      expect422At(await post('/parcels/area', body), loc)
    })
  }

  it('a diagonal collinear ring (zero area, though floating-point shoelace is not exactly 0) → 422', async () => {
    const body = collection(polygon(ring([-93, 42], [-92.95, 42.05], [-92.9, 42.1], [-93, 42])))
    expect422At(await post('/parcels/area', body), [...C, 0])
  })

  it('malformed JSON → 422 at ["body"]', async () => {
    expect422At(await call('POST', '/parcels/area', undefined, { rawBody: '{"type":"FeatureCollection",' }), ['body'])
    expect422At(await call('POST', '/parcels/area', undefined, { rawBody: '' }), ['body'])
  })

  it('a NaN-like value (1e400 parses as Infinity) is not a valid coordinate', async () => {
    const rawBody =
      '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"Polygon",' +
      '"coordinates":[[[1e400,42],[-92.9,42],[-92.9,42.1],[1e400,42]]]}}]}'
    expect422At(await call('POST', '/parcels/area', undefined, { rawBody }), [...C, 0])
  })
})

describe('caps', () => {
  /** Coordinates rounded to 6 decimals keep the body small; a 1° radius keeps neighbours 1e-4 apart. */
  const big = (positions: number, lon: number, lat = 45) => {
    const g = ngon([lon, lat], 1, 1, positions - 1, 0.1)
    const ring0 = (g.coordinates[0] as Position[]).map((p) => p.map((v) => Math.round(v * 1e6) / 1e6))
    ring0[ring0.length - 1] = ring0[0] as Position
    return { type: 'Polygon', coordinates: [ring0] }
  }
  const rings = (n: number, size: number) => Array.from({ length: n }, (_, i) => big(size, -124 + i * 2.5))

  it(`${AREA_MAX_VERTICES + 6} vertices in all → 422 at ["body","features"]`, async () => {
    // Six features, each within the per-ring and per-feature caps, together over the request's.
    const body = collection(...rings(6, (AREA_MAX_VERTICES + 6) / 6))
    expect(checkAreaRequest(body).ok).toBe(false)
    expect422At(await post('/parcels/area', body, { timeoutMs: 60_000 }), ['body', 'features'])
  })

  it(`exactly ${AREA_MAX_VERTICES} vertices are accepted`, async () => {
    const body = collection(...rings(5, AREA_MAX_VERTICES / 5))
    expect(checkAreaRequest(body).ok).toBe(true)
    const res = await post('/parcels/area', body, { timeoutMs: 60_000 })
    expect(res.status, show(res)).toBe(200)
  })

  it(`a ring of ${AREA_MAX_RING_VERTICES + 1} positions → 422 at the ring`, async () => {
    expect422At(await post('/parcels/area', collection(big(AREA_MAX_RING_VERTICES + 1, -100))), [...C, 0])
  })

  it(`a feature of more than ${AREA_MAX_FEATURE_VERTICES} vertices → 422 at its geometry`, async () => {
    const parts = rings(3, AREA_MAX_FEATURE_VERTICES / 3 + 2).map((p) => p.coordinates)
    const body = collection({ type: 'MultiPolygon', coordinates: parts })
    expect422At(await post('/parcels/area', body, { timeoutMs: 60_000 }), F)
  })

  it(`a polygon with ${AREA_MAX_HOLES + 1} holes → 422 at its coordinates`, async () => {
    const hole = (i: number): Position[] => {
      const x = -100 + (i % 40) * 0.02
      const y = 40 + Math.floor(i / 40) * 0.02
      return [
        [x, y],
        [x, y + 0.01],
        [x + 0.01, y + 0.01],
        [x + 0.01, y],
        [x, y],
      ]
    }
    const shell = rect(-100.5, 39.5, -98.5, 41).coordinates[0] as Position[]
    const holes = Array.from({ length: AREA_MAX_HOLES + 1 }, (_, i) => hole(i))
    expect422At(await post('/parcels/area', collection(polygon(shell, ...holes))), C)
    const res = await post('/parcels/area', collection(polygon(shell, ...holes.slice(0, AREA_MAX_HOLES))))
    expect(res.status, show(res)).toBe(200)
  })

  it(`${AREA_MAX_FEATURES} features are accepted`, async () => {
    const body = collection(
      ...Array.from({ length: AREA_MAX_FEATURES }, (_, i) =>
        rect(-93.6 + i * 0.001, 42, -93.5995 + i * 0.001, 42.0005),
      ),
    )
    const res = await post('/parcels/area', body)
    expect(res.status, show(res)).toBe(200)
  })
})
