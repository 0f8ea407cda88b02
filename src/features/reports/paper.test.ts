import { describe, expect, it } from 'vitest'
import { defaultPaper, PAPERS } from './paper'

describe('paper', () => {
  it('is US Letter where offices use it, A4 elsewhere', () => {
    expect(defaultPaper('en-US')).toBe('letter')
    expect(defaultPaper('en')).toBe('letter') // likely US English
    expect(defaultPaper('es-MX')).toBe('letter')
    expect(defaultPaper('fr-CA')).toBe('letter')
    expect(defaultPaper('en-GB')).toBe('a4')
    expect(defaultPaper('de')).toBe('a4')
    expect(defaultPaper('nonsense!!')).toBe('letter')
    expect(defaultPaper(undefined)).toBe('letter')
  })

  it('sizes in points: Letter 8.5 × 11 in, A4 210 × 297 mm', () => {
    expect([PAPERS.letter.width, PAPERS.letter.height]).toEqual([612, 792])
    expect(PAPERS.a4.width).toBeCloseTo((210 / 25.4) * 72, 1)
    expect(PAPERS.a4.height).toBeCloseTo((297 / 25.4) * 72, 1)
  })
})
