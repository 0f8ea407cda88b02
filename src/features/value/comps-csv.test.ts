import { describe, expect, it } from 'vitest'
import { mixedSales, subjectRecord, MIXED_SALES_TODAY as TODAY } from '../../../contract/comps/comps.test-support'
import { analyzeComps } from '../../../contract/comps/comps-analysis'
import { settingsFor } from '../../../contract/comps/comps-settings'
import { parcelSubject } from '../../../contract/comps/comps-subject'
import { COMPS_CSV_HEADER, compsCsvRows } from './comps-csv'

const subject = parcelSubject(subjectRecord())!
const settings = settingsFor(subject, null) // 10 mi, 5 years, ±50 % acres
const records = mixedSales()

describe('compsCsvRows', () => {
  const r = analyzeComps(subject, records, settings, TODAY)
  const byId = new Map(r.comps.map((c) => [c.id, c]))

  it('writes every comp to CSV with what it rests on', () => {
    const rows = compsCsvRows(r)
    // Five comps, an empty row, the statistics' header and three statistics.
    expect(rows).toHaveLength(10)
    expect(rows.slice(6).map((x) => x[0])).toEqual(['statistic', 'indicated_value', 'market_median', 'valuation_date'])
    expect(rows[7]!.slice(1, 5)).toEqual([880_000, 11_000, 3, '2024-2024'])
    const row = rows.find((x) => x[1] === 'b')!
    const cell = (name: (typeof COMPS_CSV_HEADER)[number]) => row[COMPS_CSV_HEADER.indexOf(name)]
    expect(cell('parcel_id')).toBe('P-b')
    expect(cell('sale_price')).toBe(880_000)
    expect(cell('price_per_acre')).toBe(11_000)
    expect(cell('adjusted_price_per_acre')).toBe(11_000)
    expect(cell('included')).toBe(true)
    expect(cell('distance_mi')).toBeCloseTo(2, 1)
    expect(cell('grade')).toBe('A')
    expect(cell('value_weight')).toBe(byId.get('b')!.score)
    const out = rows.find((x) => x[1] === 'd')!
    expect([out[COMPS_CSV_HEADER.indexOf('grade')], out[COMPS_CSV_HEADER.indexOf('adjusted_price_per_acre')]]).toEqual([
      null,
      null,
    ])
  })
})
