import { describe, expect, it } from 'vitest'
import { type CdlYear, classifyRotation, cornYears, historyOf, historyText } from './rotation'

/** A history from codes, oldest first, ending in 2024. */
const h = (...codes: number[]): CdlYear[] =>
  codes.map((code, i) => ({ year: 2024 - codes.length + 1 + i, code, name: null, percent: 90 }))

describe('classifyRotation', () => {
  it.each([
    ['corn–soybean alternation', h(1, 5, 1, 5, 1), 'corn-soybean'],
    ['corn–soybean with a repeat year', h(5, 1, 1, 5, 1), 'corn-soybean'],
    ['corn–soybean with one oat year', h(1, 5, 28, 5, 1), 'corn-soybean'],
    ['continuous corn', h(1, 1, 1, 1, 1), 'continuous-corn'],
    ['corn four of five', h(1, 1, 5, 1, 1), 'continuous-corn'],
    ['wheat–fallow', h(24, 61, 24, 61, 24), 'small-grain-fallow'],
    ['wheat–sorghum–fallow', h(24, 4, 61, 24, 4), 'small-grain-fallow'],
    ['almond orchard', h(75, 75, 75, 75, 75), 'perennial'],
    ['vineyard planted after fallow', h(61, 69, 69, 69, 69), 'perennial'],
    ['alfalfa and hay', h(36, 36, 37, 36, 36), 'hay-pasture'],
    ['pasture', h(176, 176, 176, 176, 176), 'hay-pasture'],
    ['corn then houses', h(1, 5, 1, 121, 122), 'left-cropland'],
    ['cropland turned to woods', h(5, 1, 141, 141, 141), 'left-cropland'],
    ['a mix', h(1, 24, 36, 5, 4), 'mixed'],
    ['always woods', h(141, 141, 141, 141, 141), null],
    ['always town', h(122, 122, 122, 122, 122), null],
    ['too short', h(1, 5), null],
  ])('%s', (_, history, expected) => {
    expect(classifyRotation(history)).toBe(expected)
  })

  it('looks only at the last five years', () => {
    expect(classifyRotation(h(121, 121, 121, 1, 5, 1, 5, 1))).toBe('corn-soybean')
  })

  it('judges three or four known years with "all but one"', () => {
    expect(classifyRotation(h(1, 1, 5))).toBe('continuous-corn')
    expect(classifyRotation(h(1, 5, 1, 5))).toBe('corn-soybean')
  })
})

describe('cornYears and historyText', () => {
  it('counts corn in the last five years', () => {
    expect(cornYears(h(1, 1, 1, 5, 1, 5, 1))).toBe(2 + 0 + 1)
    expect(cornYears([])).toBeNull()
  })
  it('writes one letter per year', () => {
    expect(historyText(h(1, 5, 24, 61, 4, 75, 36, 121, 141).slice(-5))).toBe('M T H D N')
    expect(historyText(h(1, 5, 1, 5, 1))).toBe('C S C S C')
  })
})

describe('historyOf', () => {
  it('reads a record field, oldest first, skipping bad entries', () => {
    const record = {
      cdl_history: {
        '2022': { code: 5, name: 'Soybeans', percent: 88.5 },
        '2021': { code: 1, percent: 91 },
        '20x3': { code: 1 },
        '2023': { code: 'x' },
        '2024': null,
      },
    }
    expect(historyOf(record)).toEqual([
      { year: 2021, code: 1, name: 'Corn', percent: 91 },
      { year: 2022, code: 5, name: 'Soybeans', percent: 88.5 },
    ])
    expect(historyOf({ cdl_history: 'C S C' })).toEqual([])
    expect(historyOf({})).toEqual([])
  })
})
