import { Rng } from './prng'

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
 * Transfers that are not sales between strangers: a quit-claim, a transfer between spouses or on a
 * death records a nominal consideration ($1, $10, $100), as county deed books show them.
 */
const NOMINAL_DEEDS = new Set(['QUITCLAIM DEED', 'QUIT CLAIM DEED', 'INTERSPOUSAL TRANSFER DEED', 'AFFIDAVIT OF DEATH'])
const NOMINAL_PRICES = [1, 1, 1, 10, 10, 100]
/** Share of ordinary deeds that are family sales at a discount (35–70 % of market). */
const FAMILY_SHARE = 0.05

/**
 * The land market's yearly change (mid-year to mid-year), shaped like the Midwest farmland surveys:
 * steady growth, the 2004–2013 boom, the 2014–2019 slide, the 2021–2022 jump, a flat 2023–2024.
 */
function yearlyChange(year: number): number {
  if (year <= 2003) return 0.05
  if (year <= 2013) return 0.1
  if (year <= 2019) return -0.02
  return ({ 2020: 0.03, 2021: 0.2, 2022: 0.12, 2023: 0.03, 2024: -0.02 } as Record<number, number>)[year] ?? 0
}

/** Price level at a (fractional) year relative to mid-2024 = 1, log-linear within each year. */
export function marketIndex(at: number): number {
  const mid = ASSESSMENT_YEAR + 0.5
  let index = 1
  let t = mid
  // Walk back one year at a time: the change of `year` applies from mid-(year-1) to mid-year.
  while (t - at >= 1) {
    index /= 1 + yearlyChange(Math.floor(t))
    t -= 1
  }
  const rest = t - at
  return index / (1 + yearlyChange(Math.floor(t))) ** rest
}

/**
 * The last (up to) three sales, newest first. Prices follow the parcel's market value back in time
 * along the market index with log-normal scatter (σ ≈ 0.1), rounded to $100 as deeds record them;
 * quit-claims and like transfers carry nominal prices and a few ordinary deeds are family sales at a
 * discount. `terms` decides those (its own stream, so adding it changed no other drawn value).
 */
export function saleHistory(rng: Rng, yearsHeld: number | null, market: number, state: string, terms: Rng): Sale[] {
  const sales: Sale[] = []
  const deeds = DEEDS[state] ?? (DEEDS.other as [string, number][])
  let years = yearsHeld
  while (years !== null && sales.length < 3 && ASSESSMENT_YEAR - years >= 1970) {
    const year = ASSESSMENT_YEAR - years
    // The roll is as of mid-2024: no sale after June of the assessment year.
    const month = rng.int(1, year === ASSESSMENT_YEAR ? 6 : 12)
    const day = rng.int(1, 28)
    const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
    const arm = market * marketIndex(year + (month - 0.5) / 12) * Math.exp(0.1 * rng.normal())
    const deed = (deeds[rng.weighted(deeds.map((d) => d[1]))] as [string, number])[0]
    let price: number
    if (NOMINAL_DEEDS.has(deed)) price = terms.pick(NOMINAL_PRICES)
    else if (terms.chance(FAMILY_SHARE)) price = Math.max(1000, Math.round((arm * terms.range(0.35, 0.7)) / 100) * 100)
    else price = Math.max(1000, Math.round(arm / 100) * 100)
    sales.push({ date, price, deed })
    years += rng.int(3, 22)
  }
  return sales
}

/** The stream for a site's sale terms (nominal or family prices). */
export const saleTerms = (key: number, site: number, unit: number): Rng => new Rng(key, 0x5a1e, site, unit)
