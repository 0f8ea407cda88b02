import { describe, expect, it } from 'vitest'
import type { CoverageCounty } from '../../../contract/tiles'
import { validateFilters } from './filter-validation'
import { applyPlace, placeChoices, placeQuestion } from './scope-choices'

const county = (state: string, name: string): CoverageCounty => ({
  state,
  state_fp: state === 'IA' ? '19' : '06',
  county_fp: '001',
  county: name,
  parcels: 10,
  bbox: [-94, 41, -93, 42],
  loaded_at: '2026-11-01T00:00:00Z',
})

describe('placeQuestion', () => {
  it('asks about the filter the scope rule names, in words', () => {
    const q = placeQuestion([
      { field: 'acres', op: 'gt', value: 1 },
      { field: 'parcel_id', op: 'in', value: ['0912345'] },
    ])
    expect(q).toEqual({ filterIndex: 1, question: 'Parcel ID is searched one county or state at a time: which one?' })
  })
  it('is null once a state or county FIPS filter is there', () => {
    expect(
      placeQuestion([
        { field: 'owner', op: 'ilike', value: '%x%' },
        { field: 'state', op: 'eq', value: 'IA' },
      ]),
    ).toBeNull()
    expect(placeQuestion([{ field: 'acres', op: 'gt', value: 1 }])).toBeNull()
  })
})

describe('placeChoices', () => {
  it('lists covered counties (sorted by state, then name) then each state whole', () => {
    const choices = placeChoices([county('IA', 'Story'), county('CA', 'Stanislaus'), county('CA', 'Fresno')])
    expect(choices.map((c) => c.label)).toEqual([
      'Fresno County, CA',
      'Stanislaus County, CA',
      'Story County, IA',
      'All of California (2 counties)',
      'All of Iowa (1 county)',
    ])
    expect(choices[2]?.filters).toEqual([
      { field: 'state', op: 'eq', value: 'IA' },
      { field: 'county', op: 'eq', value: 'Story' },
    ])
  })
  it('offers every state when the server reports no coverage', () => {
    const choices = placeChoices(null)
    expect(choices.length).toBeGreaterThan(50)
    expect(choices.find((c) => c.label === 'Kansas')?.filters).toEqual([{ field: 'state', op: 'eq', value: 'KS' }])
  })
})

describe('applyPlace', () => {
  it('adds the place, replacing earlier place filters, and the result passes the scope rule', () => {
    const [story] = placeChoices([county('IA', 'Story')])
    if (!story) throw new Error('no choice')
    const before = [
      { field: 'parcel_id', op: 'eq' as const, value: '0912345' },
      { field: 'county', op: 'eq' as const, value: 'Boone' },
    ]
    const after = applyPlace(before, story)
    expect(after).toEqual([
      { field: 'parcel_id', op: 'eq', value: '0912345' },
      { field: 'state', op: 'eq', value: 'IA' },
      { field: 'county', op: 'eq', value: 'Story' },
    ])
    expect(validateFilters(before).valid).toBe(false)
    expect(validateFilters(after).valid).toBe(true)
  })
})
