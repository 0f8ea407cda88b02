import { describe, expect, it } from 'vitest'
import type { ParcelRecord } from '../../../contract/schemas'
import { salesByYear, UNKNOWN_USE } from './sales-by-year'

let next = 0
const sale = (date: string | null, price: number | null, acres: number | null, extra: Partial<ParcelRecord> = {}) => ({
  svc_uuid: `p${next++}`,
  land_use: 'AGRICULTURAL - CROPLAND',
  sale_date: date,
  sale_price: price,
  acres,
  ...extra,
})
const PASTURE = { land_use: 'AGRICULTURAL - PASTURE/GRAZING' }

describe('salesByYear', () => {
  // Hand-computed: $/acre = price / acres.
  const records = [
    sale('2024-03-01', 800_000, 80), // 2024 cropland 10,000
    sale('2024-06-01', 1_100_000, 100), // 2024 cropland 11,000
    sale('2024-09-01', 480_000, 40), // 2024 cropland 12,000
    sale('2024-10-01', 1_300_000, 100), // 2024 cropland 13,000
    sale('2024-05-05', 300_000, 60, PASTURE), // 2024 pasture 5,000
    sale('2023-02-02', 900_000, 100), // 2023 cropland 9,000
    sale('1/15/2023', 350_000, 50, PASTURE), // 2023 pasture 7,000 (a US-style date)
    sale('2023-07-07', 6_000, 3, { land_use: null }), // 2023 unknown use 2,000
    sale('2024-04-04', 1, 80), // $1: nominal, left out
    sale('2024-04-05', 900_000, 80, { deed_type_1: 'QUIT CLAIM DEED', sale_date_1: '2024-04-05' }), // left out
    sale(null, 500_000, 80), // no date: not a sale we can place
    sale('2024-01-01', 500_000, 0), // no acres
    sale('2024-01-01', null, 80), // never sold
    undefined, // a row not loaded yet
  ]
  const t = salesByYear(records)

  it('takes the median of each year and land use, with its n', () => {
    // 2024 cropland: 10k, 11k, 12k, 13k → (11k + 12k) / 2.
    expect(t.cell(2024, 'AGRICULTURAL - CROPLAND')).toEqual({ median: 11_500, n: 4 })
    expect(t.cell(2024, 'AGRICULTURAL - PASTURE/GRAZING')).toEqual({ median: 5_000, n: 1 })
    expect(t.cell(2023, 'AGRICULTURAL - CROPLAND')).toEqual({ median: 9_000, n: 1 })
    expect(t.cell(2023, 'AGRICULTURAL - PASTURE/GRAZING')).toEqual({ median: 7_000, n: 1 })
    expect(t.cell(2023, UNKNOWN_USE)).toEqual({ median: 2_000, n: 1 })
    expect(t.cell(2022, 'AGRICULTURAL - CROPLAND')).toBeUndefined()
  })

  it('gives each year over every land use, and the whole', () => {
    // 2024: 5k, 10k, 11k, 12k, 13k → 11k. 2023: 2k, 7k, 9k → 7k.
    expect(t.cell(2024, null)).toEqual({ median: 11_000, n: 5 })
    expect(t.cell(2023, null)).toEqual({ median: 7_000, n: 3 })
    // All 8: 2k 5k 7k 9k 10k 11k 12k 13k → (9k + 10k) / 2.
    expect(t.overall).toEqual({ median: 9_500, n: 8 })
  })

  it('leaves out nominal and non-market transfers, counting them, and orders years and uses', () => {
    expect(t.excluded).toBe(2)
    expect(t.counted).toBe(8)
    expect(t.parcels).toBe(13)
    expect(t.years).toEqual([2024, 2023])
    expect(t.landUses).toEqual(['AGRICULTURAL - CROPLAND', 'AGRICULTURAL - PASTURE/GRAZING', UNKNOWN_USE])
  })

  it('has nothing to say about results without sales', () => {
    const empty = salesByYear([sale(null, null, 80), undefined])
    expect(empty).toMatchObject({ years: [], landUses: [], overall: undefined, counted: 0, excluded: 0, parcels: 1 })
  })
})
