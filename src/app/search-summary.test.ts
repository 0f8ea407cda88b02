import { describe, expect, it } from 'vitest'
import { describeSearch } from './search-summary'

describe('describeSearch (file and saved-search names)', () => {
  it('names the areas and the first filters in words', () => {
    expect(
      describeSearch({
        mode: 'area',
        areaCount: 2,
        filters: [
          { field: 'state', op: 'eq', value: 'IA' },
          { field: 'acres', op: 'gt', value: 80 },
          { field: 'cdl_majority_category', op: 'in', value: ['Corn', 'Soybeans', 'Wheat', 'Oats'] },
          { field: 'zoning', op: 'isnull', value: true },
        ],
      }),
    ).toBe('2 areas, State IA, Acres > 80, Crop / land cover Corn or Soybeans or Wheat…, +1 filters')
  })

  it('says something for a search with nothing set', () => {
    expect(describeSearch({ mode: 'direct', areaCount: 0, filters: [] })).toBe('all parcels')
    expect(describeSearch({ mode: 'area', areaCount: 1, filters: [] })).toBe('1 area')
  })
})
