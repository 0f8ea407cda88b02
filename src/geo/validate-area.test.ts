import type { Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import {
  acresOf,
  checkDrawnArea,
  RING_REASONS,
  SIMPLIFY_ABOVE_VERTICES,
  simplifyIfHuge,
  vertexCount,
} from './validate-area'

const poly = (ring: [number, number][]): Polygon => ({ type: 'Polygon', coordinates: [ring] })

const square = poly([
  [-93.5, 42.0],
  [-93.49, 42.0],
  [-93.49, 42.01],
  [-93.5, 42.01],
  [-93.5, 42.0],
])

/** A wobbly circle with `n` vertices (closed). */
function wobbly(n: number): Polygon {
  const ring: [number, number][] = []
  for (let i = 0; i < n; i++) {
    const t = (i / n) * 2 * Math.PI
    const r = 0.01 * (1 + 0.02 * Math.sin(t * 40))
    ring.push([-93.46 + r * Math.cos(t), 42.04 + r * Math.sin(t)])
  }
  ring.push(ring[0] as [number, number])
  return poly(ring)
}

describe('checkDrawnArea', () => {
  it('accepts a simple square unchanged', () => {
    const r = checkDrawnArea(square)
    expect(r.valid).toBe(true)
    if (r.valid) {
      expect(r.geometry).toBe(square)
      expect(r.simplifiedFrom).toBeUndefined()
      expect(r.vertices).toBe(5)
    }
  })

  it('rejects a bowtie with the self-intersection reason', () => {
    const bowtie = poly([
      [0, 0],
      [1, 1],
      [1, 0],
      [0, 1],
      [0, 0],
    ])
    expect(checkDrawnArea(bowtie)).toEqual({ valid: false, reason: RING_REASONS.selfIntersects })
  })

  it('rejects a degenerate (zero-area) ring', () => {
    const line = poly([
      [0, 0],
      [1, 1],
      [2, 2],
      [0, 0],
    ])
    expect(checkDrawnArea(line)).toEqual({ valid: false, reason: RING_REASONS.zeroArea })
  })

  it('rejects a ring with too few positions', () => {
    const r = checkDrawnArea(
      poly([
        [0, 0],
        [1, 1],
        [0, 0],
      ]),
    )
    expect(r).toEqual({ valid: false, reason: RING_REASONS.tooFew })
  })

  it('rejects an unclosed ring', () => {
    const r = checkDrawnArea(
      poly([
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
      ]),
    )
    expect(r).toEqual({ valid: false, reason: RING_REASONS.notClosed })
  })
})

describe('simplification threshold', () => {
  it('leaves shapes at or under the threshold alone', () => {
    const p = wobbly(SIMPLIFY_ABOVE_VERTICES - 1)
    expect(vertexCount(p)).toBe(SIMPLIFY_ABOVE_VERTICES)
    expect(simplifyIfHuge(p)).toBe(p)
    const r = checkDrawnArea(p)
    expect(r.valid && r.simplifiedFrom).toBe(undefined)
  })

  it('simplifies huge freehand shapes below the threshold and reports it', () => {
    const p = wobbly(5000)
    const r = checkDrawnArea(p)
    expect(r.valid).toBe(true)
    if (!r.valid) return
    expect(r.simplifiedFrom).toBe(5001)
    expect(r.vertices).toBeLessThanOrEqual(SIMPLIFY_ABOVE_VERTICES)
    expect(r.vertices).toBeGreaterThan(8)
    // Simplification keeps the area within a few percent.
    expect(Math.abs(acresOf(r.geometry) - acresOf(p)) / acresOf(p)).toBeLessThan(0.05)
  })
})

describe('acres', () => {
  it('computes geodesic acres and formats them', () => {
    const acres = acresOf(square)
    // ~0.01° × 0.01° at 42°N ≈ 1.11 km × 0.83 km ≈ 91 ha ≈ 227 acres.
    expect(acres).toBeGreaterThan(200)
    expect(acres).toBeLessThan(260)
  })
})
