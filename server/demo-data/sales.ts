import type { Rng } from './prng'

/** The data set's "now": values are 2024 assessments, so no sale is later than this year. */
export const ASSESSMENT_YEAR = 2024

export interface Sale {
  readonly date: string
  readonly price: number
  readonly deed: string
}

/** Years since the parcel last sold, or null when it has not sold in the records (farms rarely do). */
export function drawTenure(rng: Rng, rural: boolean): number | null {
  if (rng.chance(rural ? 0.3 : 0.12)) return null
  const mean = rural ? 16 : 8
  return Math.min(48, Math.floor(-Math.log(1 - rng.next()) * mean))
}

const DEEDS: Record<string, [string, number][]> = {
  CA: [
    ['GRANT DEED', 75],
    ['QUITCLAIM DEED', 8],
    ['INTERSPOUSAL TRANSFER DEED', 7],
    ['TRUSTEES DEED', 5],
    ['AFFIDAVIT OF DEATH', 5],
  ],
  other: [
    ['WARRANTY DEED', 70],
    ['QUIT CLAIM DEED', 9],
    ['REAL ESTATE CONTRACT', 7],
    ['TRUSTEE DEED', 7],
    ['EXECUTOR DEED', 7],
  ],
}

/**
 * The last (up to) three sales, newest first. Prices follow the parcel's market value back in time
 * (about 5 % a year) with some scatter, rounded to $100 as deeds record them.
 */
export function saleHistory(rng: Rng, yearsHeld: number | null, market: number, state: string): Sale[] {
  const sales: Sale[] = []
  const deeds = DEEDS[state] ?? (DEEDS.other as [string, number][])
  let years = yearsHeld
  while (years !== null && sales.length < 3 && ASSESSMENT_YEAR - years >= 1970) {
    const year = ASSESSMENT_YEAR - years
    // The roll is as of mid-2024: no sale after June of the assessment year.
    const month = rng.int(1, year === ASSESSMENT_YEAR ? 6 : 12)
    const day = rng.int(1, 28)
    const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
    const price = Math.max(
      1000,
      Math.round((market * 1.05 ** -(years + 0.5) * Math.exp(0.1 * rng.normal())) / 100) * 100,
    )
    sales.push({ date, price, deed: (deeds[rng.weighted(deeds.map((d) => d[1]))] as [string, number])[0] })
    years += rng.int(3, 22)
  }
  return sales
}
