import { describe, expect, it } from 'vitest'
import { compsFeatures } from './comps-layer'

const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ],
  ],
}

describe('compsFeatures', () => {
  it('gives each comp an outline and a rank + $/acre label, and outlines the subject', () => {
    const fc = compsFeatures({
      subject: square,
      comps: [
        { rank: 1, perAcre: 11_234, included: true, geometry: square, point: [0.5, 0.5] },
        { rank: 2, perAcre: 950, included: false, geometry: null, point: [2, 2] },
      ],
    })
    expect(fc.features.map((f) => f.properties?.kind)).toEqual(['comp', 'label', 'label', 'subject'])
    expect(fc.features[1]!.properties).toMatchObject({ label: '#1\n$11.2k/ac', included: true })
    expect(fc.features[2]!.properties).toMatchObject({ label: '#2\n$950/ac', included: false })
    expect(compsFeatures(null).features).toEqual([])
  })
})
