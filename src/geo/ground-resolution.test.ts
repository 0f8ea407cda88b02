import { describe, expect, it } from 'vitest'
import { metresPerPixel } from './ground-resolution'

describe('metresPerPixel', () => {
  it('is the equator over 512 pixels at zoom 0, halved per zoom and by cos 60° at 60° north', () => {
    expect(metresPerPixel(0, 0)).toBeCloseTo(78_271.517, 2) // 40,075,016.686 / 512
    expect(metresPerPixel(0, 1)).toBeCloseTo(39_135.758, 2)
    expect(metresPerPixel(60, 0)).toBeCloseTo(39_135.758, 2)
  })

  it('is under half a metre at zoom 17 over Iowa (0.574 m × cos 42°)', () => {
    expect(metresPerPixel(42, 17)).toBeCloseTo(0.444, 2)
  })
})
