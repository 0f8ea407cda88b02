import { describe, expect, it } from 'vitest'
import { holdingsFeatures } from './holdings-layer'

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

describe('holdingsFeatures', () => {
  it('puts list parcels under the holdings, and the assemblage with its parcels on top', () => {
    const fc = holdingsFeatures({
      holdings: [{ id: 'H1', label: 'Holding 1', geometry: square(0) }],
      parcels: [{ id: 'p1', geometry: square(0) }],
      assemblage: { outline: square(5), parcels: [{ id: 'p9', geometry: square(5) }] },
    })
    expect(fc.features.map((f) => f.properties?.kind)).toEqual([
      'parcel',
      'holding',
      'holding-dot',
      'assemblage-parcel',
      'assemblage',
    ])
    expect(fc.features[1]?.properties?.label).toBe('Holding 1')
    // Framed across states a holding is under a pixel: a dot at its centre still shows it.
    expect(fc.features[2]).toMatchObject({
      properties: { id: 'H1' },
      geometry: { type: 'Point', coordinates: [0.5, 0.5] },
    })
    expect(holdingsFeatures(null).features).toEqual([])
    expect(
      holdingsFeatures({ holdings: [], parcels: [], assemblage: { outline: null, parcels: [] } }).features,
    ).toEqual([])
  })
})
