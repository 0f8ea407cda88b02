import { describe, expect, it } from 'vitest'
import { gradeOf, type Likeness, reasons, score, similarities } from './comps-score'
import { DEFAULT_WEIGHTS } from './comps-settings'

const base: Likeness = {
  miles: 2.5,
  radiusMiles: 10,
  acres: 100,
  subjectAcres: 80,
  acresBand: 0.5,
  landUse: 'AGRICULTURAL - PASTURE/GRAZING',
  subjectLandUse: 'AGRICULTURAL - CROPLAND',
  crop: 'Corn',
  subjectCrop: 'Corn',
  csr2: 70,
  subjectCsr2: 85,
  age: 1,
  years: 4,
}

describe('similarities', () => {
  it('scores each criterion 0–1 by hand-checkable rules', () => {
    const s = similarities(base)
    expect(s.distance).toBe(0.75) // 1 − 2.5 / 10
    expect(s.size).toBeCloseTo(1 - Math.log(1.25) / Math.log(1.5), 12) // ≈ 0.4497
    expect(s.landUse).toBe(0.5) // same family (AGRICULTURAL), other kind
    expect(s.crop).toBe(1)
    expect(s.soil).toBe(0.5) // 1 − 15 / 30
    expect(s.recency).toBe(0.75) // 1 − 1 / 4
  })

  it('gives unknowns the middle and never leaves 0–1', () => {
    const s = similarities({
      ...base,
      csr2: null,
      crop: null,
      landUse: 'RESIDENTIAL - SINGLE FAMILY',
      miles: 12,
      acres: 400,
    })
    expect(s.soil).toBe(0.5)
    expect(s.crop).toBe(0.5)
    expect(s.landUse).toBe(0)
    expect(s.distance).toBe(0)
    expect(s.size).toBe(0)
  })
})

describe('score and grade', () => {
  it('is the weighted mean similarity on 0–100', () => {
    const sims = { distance: 1, size: 0, landUse: 1, crop: 0, soil: 1, recency: 0 }
    const w = { distance: 1, size: 1, landUse: 1, crop: 1, soil: 1, recency: 1 }
    expect(score(sims, w)).toBe(50)
    // 5·1 + 1·0 + 1·1 + 1·0 + 1·1 + 1·0 = 7 of 10.
    expect(score(sims, { ...w, distance: 5 })).toBe(70)
    expect(score(similarities(base), DEFAULT_WEIGHTS)).toBeCloseTo(
      (100 * (3 * 0.75 + 3 * (1 - Math.log(1.25) / Math.log(1.5)) + 4 * 0.5 + 2 * 1 + 4 * 0.5 + 3 * 0.75)) / 19,
      1,
    )
  })

  it('grades A ≥ 80, B ≥ 65, C ≥ 50, else D', () => {
    expect([80, 79.9, 65, 64.9, 50, 49.9].map(gradeOf)).toEqual(['A', 'B', 'B', 'C', 'C', 'D'])
  })

  it('gives reasons best match first', () => {
    const r = reasons(base, similarities(base))
    expect(r[0]).toBe('same cover (Corn)')
    expect(r).toContain('2.5 mi away')
    expect(r).toContain('100 ac (+25 %)')
    expect(r).toContain('CSR2 70 vs 85')
    expect(r.at(-1)).toBe('100 ac (+25 %)') // the weakest: size
  })
})
