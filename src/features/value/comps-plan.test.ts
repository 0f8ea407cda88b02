import { describe, expect, it } from 'vitest'
import {
  acresRange,
  callsFor,
  chunkIds,
  compsFilters,
  decimalYear,
  pageBody,
  saleDateOf,
  windowStart,
} from './comps-plan'
import { defaultSettings, landUseFamily, settingsProblem } from './comps-settings'

const farm = { svc_uuid: 's', land_use: 'AGRICULTURAL - CROPLAND', acres: 80 }

describe('comps plan', () => {
  it('defaults to 10 mi for farmland and 1 mi in town', () => {
    expect(defaultSettings(farm).radiusMiles).toBe(10)
    expect(defaultSettings({ svc_uuid: 't', land_use: 'RESIDENTIAL - SINGLE FAMILY', acres: 0.2 }).radiusMiles).toBe(1)
  })

  it('asks for sold parcels, acres in the band and the land-use family (spec operators only)', () => {
    const s = { ...defaultSettings(farm), acresBand: 0.25 }
    expect(compsFilters(80, s)).toEqual([
      { field: 'sale_price', op: 'gt', value: 0 },
      { field: 'acres', op: 'between', value: [60, 100] },
      {
        field: 'land_use',
        op: 'in',
        value: [
          'AGRICULTURAL - CROPLAND',
          'AGRICULTURAL - FARMSTEAD',
          'AGRICULTURAL - ORCHARD/VINEYARD',
          'AGRICULTURAL - PASTURE/GRAZING',
          'AGRICULTURAL - TIMBER/CONSERVATION',
          'VACANT - RURAL LAND',
        ],
      },
    ])
    expect(landUseFamily('COMMERCIAL - RETAIL', [])).toEqual(['COMMERCIAL - RETAIL'])
    expect(acresRange(3.3333, 0.5)).toEqual([1.667, 5])
  })

  it('pages at 100 over id chunks of at most 50,000, ordered by svc_uuid', () => {
    const body = pageBody([], ['a', 'b'], 200)
    expect(body).toMatchObject({ limit: 100, offset: 200, order: { field: 'svc_uuid', direction: 'asc' } })
    expect(body.filters.at(-1)).toEqual({ field: 'svc_uuid', op: 'in', value: ['a', 'b'] })
    expect(chunkIds(Array.from({ length: 120_001 }, (_, i) => String(i))).map((c) => c.length)).toEqual([
      50_000, 50_000, 20_001,
    ])
  })

  it('counts calls as 1 + Σ max(1, ⌈m_c / 100⌉)', () => {
    expect(callsFor([0])).toBe(2)
    expect(callsFor([100])).toBe(2)
    expect(callsFor([250])).toBe(4)
    expect(callsFor([250, 0, 1])).toBe(6)
  })

  it('reads sale dates and windows in the browser', () => {
    expect(windowStart('2024-07-01', 5)).toBe('2019-07-01')
    expect(saleDateOf({ svc_uuid: 'x', sale_date: '2021-03-04' })).toBe('2021-03-04')
    expect(saleDateOf({ svc_uuid: 'x', sale_date: '3/4/2021' })).toBe('2021-03-04')
    expect(saleDateOf({ svc_uuid: 'x', sale_date: 'soon' })).toBeNull()
    expect(decimalYear('2024-01-01')).toBe(2024)
    expect(decimalYear('2023-07-02')).toBeCloseTo(2023 + 182 / 365, 12)
  })

  it('says what is wrong with settings', () => {
    expect(settingsProblem(defaultSettings(farm), farm)).toBeNull()
    expect(settingsProblem({ ...defaultSettings(farm), radiusMiles: 0 }, farm)).toMatch(/radius/)
    expect(settingsProblem(defaultSettings(farm), { svc_uuid: 'n' })).toMatch(/acreage/)
  })
})
