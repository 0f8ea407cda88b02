import type { Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import { haversineMetres } from '../../../contract/distance'
import { formatImperialArea, formatImperialDistance, formatMetricArea, formatMetricDistance, measure } from './measure'

describe('distances', () => {
  it('one degree of latitude is about 111.2 km (69.1 mi)', () => {
    const m = haversineMetres([-93.6, 42], [-93.6, 43])
    expect(m).toBeGreaterThan(111_150)
    expect(m).toBeLessThan(111_250)
    expect(formatImperialDistance(m)).toBe('69.09 mi')
    expect(formatMetricDistance(m)).toBe('111.2 km')
  })

  it('short lengths are in feet and metres, long ones in miles and kilometres', () => {
    expect(formatImperialDistance(100)).toBe('328 ft')
    expect(formatImperialDistance(160)).toBe('525 ft')
    expect(formatImperialDistance(1609.344)).toBe('1.00 mi')
    expect(formatImperialDistance(1609.344 * 150)).toBe('150.0 mi')
    expect(formatMetricDistance(999.4)).toBe('999 m')
    expect(formatMetricDistance(1234)).toBe('1.23 km')
    expect(formatMetricDistance(12_345)).toBe('12.35 km')
    expect(formatImperialDistance(1609.344 * 5280)).toBe('5,280.0 mi')
  })
})

describe('areas', () => {
  it('small areas in square feet and m², fields in acres and hectares, counties in square miles and km²', () => {
    expect(formatImperialArea(100)).toBe('1,076 sq ft')
    expect(formatMetricArea(100)).toBe('100 m²')
    expect(formatImperialArea(4046.8564224 * 40)).toBe('40.00 ac')
    expect(formatMetricArea(4046.8564224 * 40)).toBe('16.19 ha')
    expect(formatImperialArea(2_589_988.11 * 2)).toBe('2.00 sq mi (1,280 ac)')
    expect(formatMetricArea(2_589_988.11 * 100)).toBe('259.00 km²')
  })
})

describe('measure', () => {
  it('a line: its length along every vertex and its segment count', () => {
    const m = measure({
      type: 'LineString',
      coordinates: [
        [-93.6, 42],
        [-93.6, 42.01],
        [-93.59, 42.01],
      ],
    })
    // 0.01° of latitude (1,111.95 m) + 0.01° of longitude at 42.01° N (826.3 m).
    expect(m?.kind).toBe('distance')
    expect(m?.value).toBeCloseTo(1111.95 + 826.3, -1)
    expect(m?.imperial).toBe('1.20 mi')
    expect(m?.metric).toBe('1.94 km')
    expect(m?.detail).toBe('2 segments')
  })

  it('a shape: its area and perimeter', () => {
    // A square of 0.01° at 42° N: about 1,112 m × 826 m ≈ 91.9 ha ≈ 227 acres.
    const square: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [-93.6, 42],
          [-93.59, 42],
          [-93.59, 42.01],
          [-93.6, 42.01],
          [-93.6, 42],
        ],
      ],
    }
    const m = measure(square)
    expect(m?.kind).toBe('area')
    expect((m?.value ?? 0) / 4046.8564224).toBeGreaterThan(225)
    expect((m?.value ?? 0) / 4046.8564224).toBeLessThan(229)
    expect(m?.imperial).toMatch(/^22\d\.\d\d ac$/)
    expect(m?.metric).toMatch(/^9\d\.\d\d ha$/)
    expect(m?.detail).toMatch(/^Perimeter 2\.\d\d mi · 3\.\d\d km$/)
  })

  it('a point placed twice (the click that ends a line) adds no segment', () => {
    const m = measure({
      type: 'LineString',
      coordinates: [
        [-93.6, 42],
        [-93.6, 42.01],
        [-93.6, 42.01],
      ],
    })
    expect(m?.detail).toBe('1 segment')
  })

  it('nothing to measure until there are two points, or three corners', () => {
    expect(measure({ type: 'LineString', coordinates: [[-93.6, 42]] })).toBeNull()
    expect(
      measure({
        type: 'Polygon',
        coordinates: [
          [
            [-93.6, 42],
            [-93.59, 42],
            [-93.59, 42],
            [-93.6, 42],
          ],
        ],
      }),
    ).toBeNull()
  })
})
