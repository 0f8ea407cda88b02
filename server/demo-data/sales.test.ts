import { describe, expect, it } from 'vitest'
import { demoCountySources } from './generate'
import { marketIndex } from './sales'

const rows = demoCountySources({ seed: 7, parcels: 6000 }).flatMap((s) =>
  [...s.batches()].flat().map((r) => ({ ...r, fips: s.county.state_fp + s.county.county_fp })),
)
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}
const year = (r: (typeof rows)[number]) => Number(String(r.attrs.sale_date).slice(0, 4))
const cropland = rows.filter((r) => r.fips === '19169' && r.attrs.land_use === 'AGRICULTURAL - CROPLAND')
const arm = (r: (typeof rows)[number]) => (r.attrs.sale_price as number) >= 1000

describe('demo sales: a land market', () => {
  it('indexes prices to mid-2024 along the yearly changes', () => {
    expect(marketIndex(2024.5)).toBe(1)
    // 2024 fell 2 %: mid-2023 prices were 1 / 0.98 of mid-2024's.
    expect(marketIndex(2023.5)).toBeCloseTo(1 / 0.98, 12)
    // 2022 +12 %, 2023 +3 %, 2024 −2 %.
    expect(marketIndex(2021.5)).toBeCloseTo(1 / (1.12 * 1.03 * 0.98), 12)
    // Half a year into the 2024 change (log-linear).
    expect(marketIndex(2024)).toBeCloseTo(1 / 0.98 ** 0.5, 12)
  })

  it('sells a few percent of parcels each recent year', () => {
    for (const y of [2019, 2020, 2021, 2022, 2023]) {
      const share = rows.filter((r) => r.attrs.sale_date !== null && year(r) === y).length / rows.length
      expect(share).toBeGreaterThan(0.01)
      expect(share).toBeLessThan(0.12)
    }
  })

  it('prices Iowa cropland per acre up with the market and with CSR2', () => {
    const sold = cropland.filter((r) => r.attrs.sale_date !== null && arm(r) && year(r) >= 2015)
    const perAcre = (r: (typeof rows)[number]) => (r.attrs.sale_price as number) / (r.attrs.acres as number)
    const before = sold.filter((r) => year(r) <= 2019).map(perAcre)
    const after = sold.filter((r) => year(r) >= 2022).map(perAcre)
    expect(before.length).toBeGreaterThan(10)
    expect(after.length).toBeGreaterThan(10)
    expect(median(after) / median(before)).toBeGreaterThan(1.2)
    // Recent sales, adjusted to 2024 by the index, rise with soil productivity.
    const adjusted = sold
      .filter((r) => (r.attrs.acres as number) > 20)
      .map((r) => ({ csr2: r.extra?.csr2 as number, v: perAcre(r) / marketIndex(year(r) + 0.5) }))
    const low = adjusted.filter((a) => a.csr2 < 55).map((a) => a.v)
    const high = adjusted.filter((a) => a.csr2 >= 75).map((a) => a.v)
    expect(low.length).toBeGreaterThan(5)
    expect(high.length).toBeGreaterThan(5)
    expect(median(high)).toBeGreaterThan(median(low) * 1.1)
  })

  it('records non-arm’s-length transfers at nominal prices', () => {
    const sold = rows.filter((r) => r.attrs.sale_date !== null)
    const nominal = sold.filter((r) => (r.attrs.sale_price as number) <= 100)
    expect(nominal.length / sold.length).toBeGreaterThan(0.04)
    expect(nominal.length / sold.length).toBeLessThan(0.3)
    for (const r of nominal) expect(String(r.extra?.deed_type_1)).toMatch(/QUIT ?CLAIM|INTERSPOUSAL|AFFIDAVIT/)
  })
})
