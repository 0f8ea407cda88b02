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
    expect(fc.features.map((f) => f.properties?.kind)).toEqual(['comp', 'label', 'label', 'subject', 'label'])
    expect(fc.features[1]!.properties).toMatchObject({ label: '#1\n$11.2k/ac', included: true })
    expect(fc.features[2]!.properties).toMatchObject({ label: '#2\n$950/ac', included: false })
    // The subject is named too, placed before every comp (rank 0), at a point inside its outline.
    expect(fc.features[4]!.properties).toMatchObject({ label: 'Subject', rank: 0, subject: true })
    expect(fc.features[4]!.geometry.type).toBe('Point')
    expect(compsFeatures(null).features).toEqual([])
  })
})
