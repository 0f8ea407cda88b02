import type { MultiPolygon, Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import { boxOf, boxPolygon, isEmptyBox, ringBox, unionBox } from './bbox'

const triangle: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [-93.7, 41.9],
      [-93.5, 42.1],
      [-93.6, 42.0],
      [-93.7, 41.9],
    ],
  ],
}
const two: MultiPolygon = {
  type: 'MultiPolygon',
  coordinates: [
    triangle.coordinates,
    [
      [
        [-93.2, 41.5],
        [-93.1, 41.6],
        [-93.2, 41.6],
        [-93.2, 41.5],
      ],
    ],
  ],
}

describe('boxOf', () => {
  it('is the extremes of every vertex', () => {
    expect(boxOf(triangle)).toEqual([-93.7, 41.9, -93.5, 42.1])
    expect(boxOf(two)).toEqual([-93.7, 41.5, -93.1, 42.1])
  })

  it('takes the box around several outlines', () => {
    expect(boxOf(triangle, boxPolygon([-94, 42, -93.9, 42.5]))).toEqual([-94, 41.9, -93.5, 42.5])
  })

  it('is empty for no outline at all', () => {
    expect(isEmptyBox(boxOf())).toBe(true)
    expect(isEmptyBox(boxOf(triangle))).toBe(false)
  })
})

describe('boxPolygon', () => {
  it('closes the ring on its first corner and gives back its box', () => {
    const p = boxPolygon([-93.7, 41.9, -93.5, 42.1])
    expect(p.coordinates[0]?.[0]).toEqual(p.coordinates[0]?.[4])
    expect(boxOf(p)).toEqual([-93.7, 41.9, -93.5, 42.1])
  })
})

describe('ringBox', () => {
  it('is the box of one ring, the same as its polygon', () => {
    const ring = triangle.coordinates[0] as number[][]
    expect(ringBox(ring)).toEqual([-93.7, 41.9, -93.5, 42.1])
    expect(ringBox(ring)).toEqual(boxOf(triangle))
  })
})

describe('unionBox', () => {
  it('is the box around boxes, by hand: west and south the least, east and north the most', () => {
    expect(
      unionBox([
        [-93.7, 41.9, -93.5, 42.1],
        [-94, 42, -93.9, 42.5],
        [-93.2, 41.5, -93.1, 41.6],
      ]),
    ).toEqual([-94, 41.5, -93.1, 42.5])
  })

  it('is empty for no box', () => {
    expect(isEmptyBox(unionBox([]))).toBe(true)
  })
})
