import { describe, expect, it } from 'vitest'
import type { FilterItem } from '../../contract/schemas'
import { describeSearch } from './search-summary'

describe('describeSearch (file and saved-search names)', () => {
  it('names the areas and the first filters in words', () => {
    expect(
      describeSearch({
        mode: 'area',
        areas: [{}, {}],
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
    expect(describeSearch({ mode: 'direct', areas: [], filters: [] })).toBe('all parcels')
    expect(describeSearch({ mode: 'area', areas: [{}], filters: [] })).toBe('1 area')
  })

  it('names areas by their names where all have one (a county, in pieces or not)', () => {
    const story = { label: 'Story County, IA' }
    const dare = { label: 'Dare County, NC' }
    const corn: FilterItem[] = [{ field: 'cdl_majority_category', op: 'in', value: ['Corn'] }]
    expect(describeSearch({ mode: 'area', areas: [story], filters: corn })).toBe(
      'Story County, IA, Crop / land cover Corn',
    )
    expect(describeSearch({ mode: 'area', areas: [dare, dare, story], filters: [] })).toBe(
      'Dare County, NC and Story County, IA',
    )
    expect(describeSearch({ mode: 'area', areas: [dare, story, { label: 'Boone County, IA' }], filters: [] })).toBe(
      'Dare County, NC and Story County, IA +1 more',
    )
    expect(describeSearch({ mode: 'area', areas: [story, {}], filters: [] })).toBe('2 areas')
  })
})
