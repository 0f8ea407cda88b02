import { describe, expect, it } from 'vitest'
import {
  acresRange,
  callsFor,
  chunkIds,
  compsFilters,
  dateStylesOf,
  decimalYear,
  pageBody,
  saleDateOf,
  windowDates,
  windowStart,
} from './comps-plan'
import { compsRequest } from './comps-request'
import { landUseFamily, settingsFor, settingsProblem } from './comps-settings'
import { parcelSubject } from './comps-subject'

const farmRecord = { svc_uuid: 's', land_use: 'AGRICULTURAL - CROPLAND', acres: 80, lon: -93.5, lat: 42 }
const farm = parcelSubject(farmRecord)!
const defaultSettings = (subject = farm) => settingsFor(subject, null)

describe('comps plan', () => {
  it('defaults to 10 mi for farmland and 1 mi in town', () => {
    expect(defaultSettings().radiusMiles).toBe(10)
    const house = parcelSubject({ svc_uuid: 't', land_use: 'RESIDENTIAL - SINGLE FAMILY', acres: 0.2, lon: 0, lat: 0 })!
    expect(defaultSettings(house).radiusMiles).toBe(1)
  })

  it('asks for sold parcels, acres in the band and the land-use family (spec operators only)', () => {
    const s = { ...defaultSettings(), acresBand: 0.25 }
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
    expect(settingsProblem(defaultSettings(), farm)).toBeNull()
    expect(settingsProblem({ ...defaultSettings(), radiusMiles: 0 }, farm)).toMatch(/radius/)
    expect(settingsProblem(defaultSettings(), { ...farm, acres: 0 })).toMatch(/acreage/)
  })
})

describe('the sale-date window as a list of days', () => {
  it('writes every day of the window, ends included, in the styles asked', () => {
    expect(windowDates('2024-02-27', '2024-03-02', ['iso'])).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
      '2024-03-02',
    ])
    expect(windowDates('2024-03-09', '2024-03-10', ['us'])).toEqual(['3/9/2024', '3/10/2024'])
    expect(windowDates('2024-03-09', '2024-03-10', ['us-padded'])).toEqual(['03/09/2024', '03/10/2024'])
    // Both US styles (a subject dated 12/15): a day written alike in both is listed once.
    expect(windowDates('2024-12-09', '2024-12-10', ['us', 'us-padded'])).toEqual([
      '12/9/2024',
      '12/09/2024',
      '12/10/2024',
    ])
    // Five years from 2019-07-01 to 2024-07-01, both ends: 5 × 365 + 2 leap days + 1 = 1,828.
    expect(windowDates('2019-07-01', '2024-07-01', ['iso'])).toHaveLength(1828)
  })

  it('takes the date style from the subject’s own record, ISO when it shows none', () => {
    expect(dateStylesOf({ svc_uuid: 'a', sale_date: '2014-12-13' })).toEqual({ styles: ['iso'], seen: true })
    expect(dateStylesOf({ svc_uuid: 'a', sale_date: '3/7/2014' })).toEqual({ styles: ['us'], seen: true })
    expect(dateStylesOf({ svc_uuid: 'a', sale_date: '03/17/2014' })).toEqual({ styles: ['us-padded'], seen: true })
    expect(dateStylesOf({ svc_uuid: 'a', sale_date: '12/15/2014' })).toEqual({
      styles: ['us', 'us-padded'],
      seen: true,
    })
    expect(dateStylesOf({ svc_uuid: 'a', sale_date_1: '2014-12-13' })).toEqual({ styles: ['iso'], seen: true })
    expect(dateStylesOf({ svc_uuid: 'a' })).toEqual({ styles: ['iso'], seen: false })
    expect(dateStylesOf(null)).toEqual({ styles: ['iso'], seen: false })
  })

  it('asks with the window; keeps looser filters only when the style was assumed', () => {
    const seen = parcelSubject({ ...farmRecord, sale_date: '2014-12-13' })!
    const r = compsRequest(seen, defaultSettings(seen), '2024-07-01')
    expect(r).toMatchObject({ center: [-93.5, 42], meters: 10 * 1609.344, windowStart: '2019-07-01', loose: null })
    const dates = r.filters.find((f) => f.field === 'sale_date')!
    expect(dates.op).toBe('in')
    expect((dates.value as string[]).length).toBe(1828)
    expect(r.filters).toHaveLength(4) // + svc_uuid per page: 5 of the 10 filters allowed
    const assumed = compsRequest(farm, defaultSettings(), '2024-07-01')
    expect(assumed.loose).toEqual(assumed.filters.slice(0, 3))
  })

  it('a window longer than a sale_date list may be (5,000 values) asks without the list, never a 422', () => {
    const iso = parcelSubject({ ...farmRecord, sale_date: '2014-12-13' })!
    // 13 years of ISO days, both ends, 4 leap days: 13 × 365 + 4 + 1 = 4,750 values, sent.
    const thirteen = compsRequest(iso, { ...defaultSettings(iso), years: 13 }, '2024-07-01')
    expect((thirteen.filters.find((f) => f.field === 'sale_date')!.value as string[]).length).toBe(4750)
    // 14 years: 14 × 365 + 4 + 1 = 5,115 values, over the limit: no list; the window is kept in the browser.
    const fourteen = compsRequest(iso, { ...defaultSettings(iso), years: 14 }, '2024-07-01')
    expect(fourteen.filters.some((f) => f.field === 'sale_date')).toBe(false)
    expect(fourteen).toMatchObject({ windowStart: '2010-07-01', windowEnd: '2024-07-01', loose: null })
    // A county writing both US styles (3/7/2024 and 03/07/2024) nearly doubles it; a day whose month
    // and day both have two digits is one string in both (65 a year, Oct 10–Dec 31).
    const us = parcelSubject({ ...farmRecord, sale_date: '12/15/2014' })!
    const seven = compsRequest(us, { ...defaultSettings(us), years: 7 }, '2024-07-01')
    expect((seven.filters.find((f) => f.field === 'sale_date')!.value as string[]).length).toBe(2 * 2558 - 7 * 65)
    const eight = compsRequest(us, { ...defaultSettings(us), years: 8 }, '2024-07-01')
    expect(eight.filters.some((f) => f.field === 'sale_date')).toBe(false) // 2 × 2,923 − 8 × 65 = 5,326
  })
})
