import { describe, expect, it } from 'vitest'
import type { ParcelRecord } from '../../../contract/schemas'
import { cropAcresByYear, weightedCsr2 } from './crop-acres'

const rec = (acres: number, codes: Record<string, [number, string]>, extra: Record<string, unknown> = {}) =>
  ({
    svc_uuid: `u${acres}`,
    acres,
    cdl_history: Object.fromEntries(Object.entries(codes).map(([y, [code, name]]) => [y, { code, name, percent: 90 }])),
    ...extra,
  }) as unknown as ParcelRecord

describe('cropAcresByYear', () => {
  it('sums each parcel’s acres under its class, year by year', () => {
    const rows = [
      rec(80, { 2023: [1, 'Corn'], 2024: [5, 'Soybeans'] }),
      rec(40, { 2023: [5, 'Soybeans'], 2024: [1, 'Corn'] }),
      rec(20, { 2023: [1, 'Corn'], 2024: [1, 'Corn'] }),
      { svc_uuid: 'none', acres: 10 } as unknown as ParcelRecord,
      undefined,
    ]
    const c = cropAcresByYear(rows)
    expect(c.crops.map((x) => x.name)).toEqual(['Corn', 'Soybeans']) // corn 80+40+20=140 wins over soy 120
    expect(c.years).toEqual([
      {
        year: 2023,
        acres: 140,
        parcels: 3,
        slices: [
          { name: 'Corn', code: 1, acres: 100 },
          { name: 'Soybeans', code: 5, acres: 40 },
        ],
      },
      {
        year: 2024,
        acres: 140,
        parcels: 3,
        slices: [
          { name: 'Corn', code: 1, acres: 60 },
          { name: 'Soybeans', code: 5, acres: 80 },
        ],
      },
    ])
    expect(c).toMatchObject({ withHistory: 3, loaded: 4 })
  })

  it('folds the smaller classes into Other', () => {
    const rows = [rec(10, { 2024: [1, 'Corn'] }), rec(5, { 2024: [5, 'Soybeans'] }), rec(2, { 2024: [28, 'Oats'] })]
    const c = cropAcresByYear(rows, 1)
    expect(c.crops.map((x) => x.name)).toEqual(['Corn', 'Other'])
    expect(c.years[0]!.slices).toEqual([
      { name: 'Corn', code: 1, acres: 10 },
      { name: 'Other', code: null, acres: 7 },
    ])
  })
})

describe('weightedCsr2', () => {
  it('weights ratings by acres and counts what is rated', () => {
    const rows = [rec(100, {}, { csr2: 90 }), rec(50, {}, { csr2: 60 }), rec(30, {}, { csr2: null })]
    // (100×90 + 50×60) / 150 = 80
    expect(weightedCsr2(rows)).toEqual({ mean: 80, ratedAcres: 150, ratedParcels: 2, totalAcres: 180 })
    expect(weightedCsr2([rec(10, {})]).mean).toBeNull()
  })
})
