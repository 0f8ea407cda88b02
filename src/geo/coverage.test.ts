import { describe, expect, it } from 'vitest'
import type { CoverageCounty } from '../../contract/tiles'
import type { SearchSpec } from '../state/search-spec'
import { countyLabel, outsideCoverage } from './coverage'

const county = (state: string, state_fp: string, county_fp: string, name: string, bbox: CoverageCounty['bbox']) => ({
  state,
  state_fp,
  county_fp,
  county: name,
  parcels: 1000,
  bbox,
  loaded_at: '2026-11-01T00:00:00Z',
})
const STORY = county('IA', '19', '169', 'Story', [-93.7, 41.86, -93.23, 42.21])
const FINNEY = county('KS', '20', '055', 'Finney', [-101.1, 37.73, -100.22, 38.27])

const square = (x: number, y: number, d = 0.01) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [x, y],
      [x + d, y],
      [x + d, y + d],
      [x, y],
    ],
  ],
})
const areaSpec = (...xy: [number, number][]): SearchSpec => ({
  mode: 'area',
  areas: xy.map(([x, y], i) => ({ id: `a${i}`, kind: 'rectangle', geometry: square(x, y) })),
  filters: [],
  order: null,
  includeBuildings: false,
})
const direct = (filters: SearchSpec['filters']): SearchSpec => ({ ...areaSpec(), mode: 'direct', filters })

describe('coverage', () => {
  it('names counties as people write them', () => {
    expect(countyLabel(STORY)).toBe('Story County, IA')
    expect(countyLabel({ county: 'Orleans', state: 'LA', state_fp: '22' })).toBe('Orleans Parish, LA')
    expect(countyLabel({ county: 'Baltimore city', state: 'MD', state_fp: '24' })).toBe('Baltimore city, MD')
  })

  it('an area search is outside when no area touches a covered county', () => {
    expect(outsideCoverage(areaSpec([-97.7, 30.3]), [STORY, FINNEY])).toBe(true)
    expect(outsideCoverage(areaSpec([-97.7, 30.3], [-93.5, 42.0]), [STORY, FINNEY])).toBe(false)
    expect(outsideCoverage(areaSpec([-93.5, 42.0]), [])).toBe(true)
    expect(outsideCoverage(areaSpec(), [STORY])).toBe(false)
  })

  it('a filters-only search is outside when its state or county filters name only places without data', () => {
    expect(outsideCoverage(direct([{ field: 'state', op: 'eq', value: 'TX' }]), [STORY])).toBe(true)
    expect(outsideCoverage(direct([{ field: 'state', op: 'in', value: ['TX', 'ia'] }]), [STORY])).toBe(false)
    expect(outsideCoverage(direct([{ field: 'state_fp', op: 'eq', value: 19 }]), [STORY])).toBe(false)
    expect(
      outsideCoverage(
        direct([
          { field: 'state', op: 'eq', value: 'IA' },
          { field: 'county_fp', op: 'eq', value: '001' },
        ]),
        [STORY],
      ),
    ).toBe(true)
    expect(outsideCoverage(direct([{ field: 'owner', op: 'ilike', value: 'smith' }]), [STORY])).toBe(false)
  })
})
