import type { Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import type { DrawnArea, SearchSpec } from '../../state/search-spec'
import { describeChanges, filterText, isStale } from './stale-search'

const square = (x: number): Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, 42],
      [x + 0.01, 42],
      [x + 0.01, 42.01],
      [x, 42.01],
      [x, 42],
    ],
  ],
})
const area = (id: string, x: number): DrawnArea => ({ id, kind: 'polygon', geometry: square(x) })
const spec = (over: Partial<SearchSpec> = {}): SearchSpec => ({
  mode: 'area',
  areas: [area('a', -93.6), area('b', -93.5)],
  filters: [],
  order: null,
  includeBuildings: false,
  ...over,
})

describe('isStale', () => {
  it('is false with nothing run and for the same search', () => {
    expect(isStale(null, spec(), 'all')).toBe(false)
    expect(isStale(spec(), spec(), 'all')).toBe(false)
  })
  it('ignores a local sort and a renamed area, but not a server-sorted order', () => {
    const sorted = spec({ order: { field: 'acres', direction: 'desc' } })
    expect(isStale(spec(), sorted, 'all')).toBe(false)
    expect(isStale(spec(), sorted, 'on-demand')).toBe(true)
    const renamed = spec({ areas: [{ ...area('a', -93.6), label: 'Good field' }, area('b', -93.5)] })
    expect(isStale(spec(), renamed, 'all')).toBe(false)
  })
})

describe('describeChanges', () => {
  it('names the issue 18 edit: a filter added and an area deleted', () => {
    const now = spec({ areas: [area('a', -93.6)], filters: [{ field: 'acres', op: 'gte', value: 40 }] })
    expect(describeChanges(spec(), now, 'all')).toEqual(['1 area removed', 'filter added: Acres ≥ 40'])
  })
  it('counts added and reshaped areas', () => {
    const now = spec({ areas: [area('a', -93.7), area('b', -93.5), area('c', -93.4), area('d', -93.3)] })
    expect(describeChanges(spec(), now, 'all')).toEqual(['2 areas added', '1 area reshaped'])
  })
  it('names removed filters, a changed value as removed + added, and the buildings toggle', () => {
    const before = spec({
      filters: [
        { field: 'acres', op: 'gte', value: 40 },
        { field: 'owner', op: 'ilike', value: '%SMITH%' },
      ],
    })
    const now = spec({ filters: [{ field: 'acres', op: 'gte', value: 80 }], includeBuildings: true })
    expect(describeChanges(before, now, 'all')).toEqual([
      'filter added: Acres ≥ 80',
      'filter removed: Acres ≥ 40',
      'filter removed: Owner like %SMITH%',
      'building footprints turned on',
    ])
  })
  it('names a mode switch instead of listing every area', () => {
    const now = spec({ mode: 'direct', areas: [], filters: [{ field: 'state_fp', op: 'eq', value: '19' }] })
    expect(describeChanges(spec(), now, 'all')).toEqual([
      'now searching by filters only',
      'filter added: State FIPS = 19',
    ])
  })
  it('is empty when the search is unchanged or in-list order only differs', () => {
    const a = spec({ filters: [{ field: 'county_fp', op: 'in', value: ['169', '015'] }] })
    const b = spec({ filters: [{ field: 'county_fp', op: 'in', value: ['015', '169'] }] })
    expect(describeChanges(a, b, 'all')).toEqual([])
    expect(describeChanges(null, b, 'all')).toEqual([])
  })
})

describe('filterText', () => {
  it('reads ranges, null checks and long lists', () => {
    expect(filterText({ field: 'acres', op: 'between', value: [10, 20] })).toBe('Acres 10–20')
    expect(filterText({ field: 'owner', op: 'isnull', value: true })).toBe('Owner empty')
    expect(filterText({ field: 'parcel_id', op: 'in', value: ['1', '2', '3', '4', '5'] })).toBe(
      'Parcel ID is 1, 2, 3 +2',
    )
  })
})
