import type { Feature } from 'geojson'
import { describe, expect, it } from 'vitest'
import { PARCEL_TILE_PROPS } from '../../../../contract/tiles'
import { NO_VALUE_COLOR, OTHER_COLOR, PLAIN_COLOR, themeById } from '../../../format/themes'
import { DOT_STYLE, dotColor, hexRgb, interpolateStops, mercator, ResultDots } from './result-dots'

const dot = (id: number, lng: number, lat: number, props: Record<string, unknown> = {}): Feature => ({
  type: 'Feature',
  id,
  geometry: { type: 'Point', coordinates: [lng, lat] },
  properties: { u: `uuid-${id}`, ...props },
})

describe('interpolateStops', () => {
  it('clamps at the ends and is linear between stops (the old circle layer radius, by hand)', () => {
    expect(interpolateStops(DOT_STYLE.radius, 2)).toBe(1.5)
    expect(interpolateStops(DOT_STYLE.radius, 4)).toBe(1.5)
    // 4 → 9: 1.5 → 3, so z6.5 is half way: 2.25.
    expect(interpolateStops(DOT_STYLE.radius, 6.5)).toBeCloseTo(2.25, 10)
    // 9 → 10: 3 → 2 (the dots shrink as a town's lots crowd together).
    expect(interpolateStops(DOT_STYLE.radius, 9.25)).toBeCloseTo(2.75, 10)
    expect(interpolateStops(DOT_STYLE.radius, 11)).toBeCloseTo(2.25, 10)
    expect(interpolateStops(DOT_STYLE.radius, 14)).toBe(2.5)
    expect(interpolateStops(DOT_STYLE.stroke, 9.5)).toBeCloseTo(0.25, 10)
    expect(interpolateStops([], 3)).toBe(0)
  })
})

describe('mercator', () => {
  it('matches Web Mercator world coordinates (MapLibre MercatorCoordinate) at hand-checked points', () => {
    expect(mercator(0, 0)).toEqual([0.5, 0.5])
    expect(mercator(-180, 0)[0]).toBe(0)
    const [, y] = mercator(0, 85.0511287798066)
    expect(y).toBeCloseTo(0, 9)
    // Ames, Iowa: x = (180 − 93.62) / 360; y from ln(tan(π/4 + φ/2)) with φ = 42.03°.
    const [ax, ay] = mercator(-93.62, 42.03)
    expect(ax).toBeCloseTo(86.38 / 360, 12)
    const phi = (42.03 * Math.PI) / 180
    expect(ay).toBeCloseTo(0.5 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / (2 * Math.PI), 12)
  })
})

describe('dotColor', () => {
  const acres = themeById('acres')
  it('colours as the tiles paint: plain, a class by its lower bound, grey without a value', () => {
    expect(dotColor(themeById('plain'), { [PARCEL_TILE_PROPS.acres]: 5 })).toBe(PLAIN_COLOR)
    const [first, second] = acres.classes
    expect(dotColor(acres, { [PARCEL_TILE_PROPS.acres]: (second?.min ?? 0) - 0.01 })).toBe(first?.color)
    expect(dotColor(acres, { [PARCEL_TILE_PROPS.acres]: second?.min })).toBe(second?.color)
    expect(dotColor(acres, {})).toBe(NO_VALUE_COLOR)
    expect(dotColor(acres, { [PARCEL_TILE_PROPS.acres]: 'ten' })).toBe(NO_VALUE_COLOR)
  })
  it("puts a crop code outside the palette in 'other'", () => {
    const crop = themeById('crop')
    expect(dotColor(crop, { [PARCEL_TILE_PROPS.crop]: 9999 })).toBe(OTHER_COLOR)
    const corn = crop.classes.find((c) => c.codes?.includes(1))
    expect(dotColor(crop, { [PARCEL_TILE_PROPS.crop]: 1 })).toBe(corn?.color)
  })
  it('reads hex as bytes', () => {
    expect(hexRgb('#2b7a78')).toEqual([43, 122, 120])
  })
})

describe('ResultDots', () => {
  it('adds, removes and clears by tile feature id, bumping its version each time', () => {
    const dots = new ResultDots()
    dots.change([dot(1, 0, 0), dot(2, 10, 0), dot(3, 20, 0)], [])
    expect(dots.size).toBe(3)
    const v = dots.version
    dots.change([], [2])
    expect(dots.size).toBe(2)
    expect(dots.version).toBe(v + 1)
    expect([...dots.positions()]).toEqual([0.5, 0.5, Math.fround(200 / 360), 0.5])
    dots.change([], [])
    expect(dots.version).toBe(v + 1)
    dots.clear()
    expect(dots.size).toBe(0)
    expect(dots.positions()).toHaveLength(0)
  })

  it('skips features that are not points or have no numeric id', () => {
    const dots = new ResultDots()
    const line: Feature = { type: 'Feature', id: 4, geometry: { type: 'LineString', coordinates: [] }, properties: {} }
    dots.change([line, { ...dot(5, 0, 0), id: 'x' }], [])
    expect(dots.size).toBe(0)
  })

  it('gives one RGB triple per dot under a theme', () => {
    const dots = new ResultDots()
    dots.change([dot(1, 0, 0, { [PARCEL_TILE_PROPS.acres]: 1 }), dot(2, 1, 1)], [])
    const acres = themeById('acres')
    expect([...dots.colors(acres)]).toEqual([
      ...hexRgb(dotColor(acres, { [PARCEL_TILE_PROPS.acres]: 1 })),
      ...hexRgb(NO_VALUE_COLOR),
    ])
    expect([...dots.colors(themeById('plain'))]).toEqual([...hexRgb(PLAIN_COLOR), ...hexRgb(PLAIN_COLOR)])
  })

  it('hits the last drawn dot within the radius, and nothing outside it', () => {
    const dots = new ResultDots()
    dots.change([dot(1, 0, 0), dot(2, 0, 0), dot(3, 90, 0)], [])
    const [x, y] = mercator(0, 0)
    expect(dots.hit(x, y, 1e-6)?.uuid).toBe('uuid-2')
    expect(dots.hit(x + 2e-6, y, 1e-6)).toBeNull()
    expect(dots.hit(x + 0.9e-6, y, 1e-6)?.uuid).toBe('uuid-2')
    expect(dots.hit(0.75, 0.5, 1e-6)?.uuid).toBe('uuid-3')
  })

  it('lists the dots inside a world box', () => {
    const dots = new ResultDots()
    dots.change([dot(1, 0, 0), dot(2, 90, 0), dot(3, -90, 45)], [])
    expect(dots.within(0.4, 0.4, 0.8, 0.6).map((d) => d.uuid)).toEqual(['uuid-1', 'uuid-2'])
  })
})
