import area from '@turf/area'
import type { Geometry, Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import { bufferGeometry, toMeters } from './buffer-area'
import { toAreas } from './to-areas'

describe('bufferGeometry', () => {
  it('grows a point into a circle of about π r², which passes the area rules', () => {
    const { polygons, problem } = bufferGeometry({ type: 'Point', coordinates: [-93.6, 42] }, 500)
    expect(problem).toBeUndefined()
    expect(polygons).toHaveLength(1)
    const ratio = area(polygons[0] as Polygon) / (Math.PI * 500 ** 2)
    expect(ratio).toBeGreaterThan(0.98)
    expect(ratio).toBeLessThan(1.02)
    expect(toAreas(polygons).areas).toHaveLength(1)
  })

  it('buffers a line into a corridor of about length × 2d', () => {
    const line: Geometry = {
      type: 'LineString',
      coordinates: [
        [-93.6, 42],
        [-93.5, 42],
      ],
    }
    const { polygons } = bufferGeometry(line, 100)
    expect(polygons).toHaveLength(1)
    const length = 0.1 * 111_320 * Math.cos((42 * Math.PI) / 180)
    const expected = length * 200 + Math.PI * 100 ** 2
    expect(area(polygons[0] as Polygon) / expected).toBeCloseTo(1, 1)
    expect(toAreas(polygons).problems).toEqual([])
  })

  it('buffers each part of a collection of points and lines', () => {
    const gc: Geometry = {
      type: 'GeometryCollection',
      geometries: [
        { type: 'Point', coordinates: [-93.6, 42] },
        {
          type: 'MultiPoint',
          coordinates: [
            [-93.5, 42],
            [-93.4, 42],
          ],
        },
      ],
    }
    expect(bufferGeometry(gc, 100).polygons).toHaveLength(3)
  })

  it('refuses distances that are not positive or over 50 km', () => {
    const point: Geometry = { type: 'Point', coordinates: [-93.6, 42] }
    expect(bufferGeometry(point, 0).problem).toMatch(/greater than zero/)
    expect(bufferGeometry(point, Number.NaN).problem).toMatch(/greater than zero/)
    expect(bufferGeometry(point, toMeters(31.1, 'mi')).problem).toMatch(/at most 50 km/)
    expect(bufferGeometry(point, toMeters(50, 'km')).problem).toBeUndefined()
  })
})
