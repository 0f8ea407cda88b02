import type { Polygon, Position } from 'geojson'
import { describe, expect, it } from 'vitest'
import { RING_REASONS } from '../../../contract/area-rules'
import { AREA_MAX_FEATURES } from '../../../contract/limits'
import { SIMPLIFY_ABOVE_VERTICES } from '../../geo/validate-area'
import { clockwiseSquare } from './import-fixtures.test-support'
import { parseGeoJson } from './parse-geojson'
import { dedupeRing, toAreas } from './to-areas'

const poly = (...rings: Position[][]): Polygon => ({ type: 'Polygon', coordinates: rings })

/** A wobbly circle with n vertices: nothing is collinear, so simplification has real work to do. */
function wobbly(n: number): Polygon {
  const ring: Position[] = []
  for (let i = 0; i < n; i++) {
    const t = (2 * Math.PI * i) / n
    const r = 0.05 * (1 + 0.02 * Math.sin(37 * t))
    ring.push([-93.6 + r * Math.cos(t), 42 + r * Math.sin(t)])
  }
  return poly([...ring, ring[0] as Position])
}

describe('toAreas', () => {
  it('makes polygon areas with ids, closing rings and dropping repeated vertices', () => {
    const open = clockwiseSquare(-93.6, 42, 0.01).slice(0, 4)
    const repeated = [open[0], open[0], open[1], open[2], open[2], open[3]] as Position[]
    const r = toAreas([poly(repeated)])
    expect(r.problems).toEqual([])
    expect(r.areas).toEqual([{ id: 'import-1', kind: 'polygon', geometry: poly([...open, open[0] as Position]) }])
    expect(toAreas([poly(open)], { makeId: (n) => `x${n}` }).areas[0]?.id).toBe('x1')
    expect(
      dedupeRing([
        [1, 2],
        [1, 2],
        [3, 4],
      ]),
    ).toEqual([
      [1, 2],
      [3, 4],
      [1, 2],
    ])
  })

  it('drops a self-intersecting polygon and one with too few points, with the reason', () => {
    const bowtie = poly([
      [-93.6, 42],
      [-93.5, 42.1],
      [-93.5, 42],
      [-93.6, 42.1],
      [-93.6, 42],
    ])
    const sliver = poly([
      [-93.6, 42],
      [-93.5, 42],
      [-93.6, 42],
    ])
    const r = toAreas([bowtie, poly(clockwiseSquare(-93.6, 42, 0.01)), sliver])
    expect(r.areas).toHaveLength(1)
    expect(r.problems).toEqual([
      `Shape 1 was left out: ${RING_REASONS.selfIntersects}.`,
      `Shape 3 was left out: ${RING_REASONS.tooFew}.`,
    ])
  })

  it('simplifies a huge polygon to the drawing budget and says so', () => {
    const r = toAreas([poly(clockwiseSquare(-93, 42, 0.01)), wobbly(48_000)])
    expect(r.problems).toEqual([])
    const vertices = r.areas[1]?.geometry.coordinates[0]?.length ?? Infinity
    expect(vertices).toBeLessThanOrEqual(SIMPLIFY_ABOVE_VERTICES)
    expect(r.notices).toEqual([
      `Shape 2 had 48,001 vertices and was simplified to ${vertices.toLocaleString('en-US')}.`,
    ])
  })

  it(`keeps at most ${AREA_MAX_FEATURES} areas (or the room left) and says how many were left out`, () => {
    const many = Array.from({ length: 130 }, (_, i) => poly(clockwiseSquare(-100 + i * 0.1, 42, 0.01)))
    const r = toAreas(many)
    expect(r.areas).toHaveLength(AREA_MAX_FEATURES)
    expect(r.problems).toEqual(['Only 100 areas fit in one search; 30 more shape(s) were left out.'])
    expect(toAreas(many.slice(0, 5), { room: 2 }).areas).toHaveLength(2)
  })
})

describe('feature names', () => {
  it('an imported feature keeps its own name as the area label ("Good field", not "Polygon 1")', () => {
    const r = parseGeoJson(
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { name: ' Good field ' },
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [-93.6, 42],
                  [-93.5, 42],
                  [-93.5, 42.1],
                  [-93.6, 42],
                ],
              ],
            },
          },
          {
            type: 'Feature',
            properties: {},
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [-93.4, 42],
                  [-93.3, 42],
                  [-93.3, 42.1],
                  [-93.4, 42],
                ],
              ],
            },
          },
        ],
      }),
    )
    const areas = toAreas(r.polygons, { names: r.names }).areas
    expect(areas.map((a) => a.label)).toEqual(['Good field', undefined])
  })
})
