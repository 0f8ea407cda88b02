/** The guard before a drawn shape becomes a search area: big enough, a valid ring once rounded, refused in words. */
import type { Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import { quantizeArea } from '../share/url-codec'
import { guardDrawnArea, inWords, MIN_AREA_SQ_M } from './area-guard'

const ring = (...pts: [number, number][]): Polygon => ({
  type: 'Polygon',
  coordinates: [[...pts, pts[0] as [number, number]]],
})
/** A 64-sided circle of `metres` around a point at 42° N (1° of latitude ≈ 111,045 m, of longitude ≈ 82,500 m). */
const circleOf = (metres: number): Polygon => {
  const pts: [number, number][] = []
  for (let i = 0; i < 64; i++) {
    const a = (i / 64) * 2 * Math.PI
    pts.push([-93.62 + (metres * Math.cos(a)) / 82_500, 42.03 + (metres * Math.sin(a)) / 111_045])
  }
  return ring(...pts)
}

const reason = (r: ReturnType<typeof guardDrawnArea>) => (r.valid ? null : r.reason)

describe('guardDrawnArea', () => {
  it('refuses the 1 cm circle a second tap without a move made, and says what to do instead', () => {
    const r = guardDrawnArea(circleOf(0.01), 'circle')
    expect(r.valid).toBe(false)
    expect(reason(r)).toMatch(/^the circle is too small to search; tap the centre, then tap the edge farther out/)
    // The bug it stops: rounded to the link's precision the ring collapses below the contract's 4 positions.
    expect(quantizeArea({ kind: 'circle', geometry: circleOf(0.01) }).geometry.coordinates[0]?.length).toBeLessThan(4)
  })

  it('refuses a shape under the minimum area and accepts one just over it', () => {
    const side = Math.sqrt(MIN_AREA_SQ_M)
    const dLat = (m: number) => m / 111_045
    const dLng = (m: number) => m / 82_500
    const square = (m: number) =>
      ring([-93.62, 42.03], [-93.62 + dLng(m), 42.03], [-93.62 + dLng(m), 42.03 + dLat(m)], [-93.62, 42.03 + dLat(m)])
    expect(reason(guardDrawnArea(square(side * 0.9), 'rectangle'))).toMatch(/^the rectangle is too small to search/)
    expect(guardDrawnArea(square(side * 1.2), 'rectangle').valid).toBe(true)
  })

  it('accepts a circle of a 60 m radius unchanged', () => {
    const r = guardDrawnArea(circleOf(60), 'circle')
    expect(r.valid).toBe(true)
    if (r.valid) expect(r.geometry).toEqual(circleOf(60))
  })

  it('words the ring rules for a person: too few corners, crossing edges', () => {
    const line: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [-93.62, 42.03],
          [-93.61, 42.03],
          [-93.62, 42.03],
        ],
      ],
    }
    expect(reason(guardDrawnArea(line))).toBe('a shape needs at least 3 corners')
    const bowtie = ring([-93.62, 42.03], [-93.61, 42.04], [-93.61, 42.03], [-93.62, 42.04])
    expect(reason(guardDrawnArea(bowtie))).toBe('its edges cross each other')
    expect(inWords('latitude must be between -90 and 90')).toBe('latitude must be between -90 and 90')
  })

  it('refuses a sliver that rounding to 1 m would flatten', () => {
    // 1.6 km long and 0.3 m wide: about 500 m², but one row of the link's 1 m grid.
    const sliver = ring([-93.62, 42.03], [-93.6, 42.03], [-93.6, 42.0300027], [-93.62, 42.0300027])
    const r = guardDrawnArea(sliver)
    expect(r.valid).toBe(false)
    expect(reason(r)).toBe('the shape is too thin to keep its outline')
  })
})
