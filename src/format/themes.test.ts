import { describe, expect, it } from 'vitest'
import { CDL_CATEGORIES } from '../../contract/crops'
import { legendRows } from './theme-tally'
import { classify, NO_VALUE_COLOR, OTHER_COLOR, THEMES, themeById, themeProps } from './themes'

describe('themes', () => {
  it('derives the tile properties from a record as the server does (contract/tiles.ts)', () => {
    expect(themeProps({ cdl_majority_value: 5, acres: 80, parcel_value: 400_123, sale_date: '2017-06-01' })).toEqual({
      crop: 5,
      acres: 80,
      vpa: 5002,
      sale_year: 2017,
    })
    expect(themeProps({ acres: '12.5', parcel_value: null, sale_date: 'unknown' })).toEqual({ acres: 12.5 })
    expect(themeProps({ acres: 0, parcel_value: 1000 })).toEqual({ acres: 0 })
  })

  it('classifies ranges at their lower bounds and categories by code', () => {
    const acres = themeById('acres')
    expect(classify(acres, 0.2)).toBe(0)
    expect(classify(acres, 1)).toBe(1)
    expect(classify(acres, 159.99)).toBe(5)
    expect(classify(acres, 160)).toBe(6)
    expect(classify(acres, undefined)).toBe('none')
    const crop = themeById('crop')
    expect(crop.classes[classify(crop, 1) as number]?.label).toBe('Corn')
    expect(classify(crop, 9999)).toBe('other')
    expect(themeById('nonsense').id).toBe('plain')
  })

  it('gives every CDL class a colour, and range classes increasing bounds', () => {
    expect(themeById('crop').classes).toHaveLength(CDL_CATEGORIES.length)
    for (const t of THEMES.filter((x) => x.kind === 'ranges')) {
      const mins = t.classes.map((c) => c.min ?? Number.NEGATIVE_INFINITY)
      expect([...mins].sort((a, b) => a - b)).toEqual(mins)
    }
  })

  it('tallies the legend: every range class, the crops present commonest first, other and no value', () => {
    const records = [
      { cdl_majority_value: 5, acres: 2 },
      { cdl_majority_value: 1, acres: 50 },
      { cdl_majority_value: 1, acres: 200 },
      { cdl_majority_value: 999 },
      {},
      undefined,
    ]
    expect(legendRows(themeById('crop'), records)).toEqual([
      { label: 'Corn', color: '#ffd300', count: 2 },
      { label: 'Soybeans', color: '#267000', count: 1 },
      { label: 'Other', color: OTHER_COLOR, count: 1 },
      { label: 'No value', color: NO_VALUE_COLOR, count: 1 },
    ])
    const acres = legendRows(themeById('acres'), records)
    expect(acres.map((r) => r.count)).toEqual([0, 1, 0, 0, 1, 0, 1, 2])
    expect(legendRows(themeById('plain'), records)).toEqual([])
  })
})
