import { describe, expect, it } from 'vitest'
import { printMapStyle } from './print-map-style'

const square = (x: number) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [x, 0],
      [x + 1, 0],
      [x + 1, 1],
      [x, 1],
      [x, 0],
    ],
  ],
})

describe('the report map style', () => {
  it('draws holdings as the subject is drawn, each with a dot and its label', () => {
    const { style } = printMapStyle({
      basemap: 'offline',
      tiles: null,
      theme: 'plain',
      content: {
        holdings: [
          { label: 'H1', geometry: square(0), point: [0.5, 0.5] },
          { label: 'H2', geometry: square(2), point: [2.5, 0.5] },
        ],
      },
    })
    const ids = style.layers.map((l) => l.id)
    expect(ids).toEqual(
      expect.arrayContaining([
        'print-subject-hatch',
        'print-subject-casing',
        'print-subject-line',
        'print-holding-label',
      ]),
    )
    // The label goes on top of the outlines.
    expect(ids.at(-1)).toBe('print-holding-label')
    expect(ids).toContain('print-holding-dot')
    const points = (style.sources.holdingPoints as { data: { features: { properties: { label?: string } }[] } }).data
    expect(points.features.map((f) => f.properties.label)).toEqual(['H1', 'H2'])
  })

  it('a parcel subject alone has no label layer', () => {
    const { style } = printMapStyle({
      basemap: 'offline',
      tiles: null,
      theme: 'plain',
      content: { subject: square(0) },
    })
    expect(style.layers.map((l) => l.id)).not.toContain('print-holding-label')
  })
})
