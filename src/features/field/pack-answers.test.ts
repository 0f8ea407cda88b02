import { describe, expect, it } from 'vitest'
import { parcelRow, square } from './field-fixtures.test-support'
import { areaIds, queryPage, recordContains, recordsAt } from './pack-answers'

const records = parcelRow(5)

describe('pack answers', () => {
  it('names the parcel under a point, and none outside', () => {
    expect(recordsAt(records, -93.585, 42.005).map((r) => r.svc_uuid)).toEqual(['p1'])
    expect(recordsAt(records, -93.585, 42.5)).toEqual([])
    expect(recordContains(records[0] ?? { svc_uuid: 'x' }, -93.595, 42.005)).toBe(true)
  })

  it('answers an area with the ids it touches, ascending', () => {
    const area = {
      type: 'FeatureCollection' as const,
      features: [{ type: 'Feature' as const, properties: {}, geometry: square(-93.575, 42.002, 0.012) }],
    }
    expect(areaIds(records, area)).toEqual(['p2', 'p3'])
  })

  it('answers a query page: id chunk, filters, order, paging and the total count', () => {
    const page = queryPage(records, {
      filters: [
        { field: 'svc_uuid', op: 'in', value: ['p0', 'p1', 'p2', 'p3'] },
        { field: 'acres', op: 'gte', value: 20 },
      ],
      order: { field: 'acres', direction: 'desc' },
      limit: 2,
      offset: 1,
    })
    expect(page.count).toBe(3)
    expect(page.results.map((r) => r.svc_uuid)).toEqual(['p2', 'p1'])
    expect(page).toMatchObject({ limit: 2, offset: 1 })
  })

  it('leaves buildings out unless asked, as the API does', () => {
    const withB = [{ ...records[0], svc_uuid: 'b', buildings: [] }]
    expect('buildings' in (queryPage(withB, { filters: [] }).results[0] ?? {})).toBe(false)
    expect('buildings' in (queryPage(withB, { filters: [], include_buildings: true }).results[0] ?? {})).toBe(true)
  })
})
