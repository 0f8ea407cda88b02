/**
 * From the sold parcels a search found to ranked, graded, adjusted comps and an indicated value.
 * Order matters and is the appraiser's: keep what lies in the radius and date window; flag
 * non-arm's-length transfers; estimate the market trend (Theil–Sen on log $/acre against sale date)
 * and bring every price to the valuation date; flag outliers by the IQR rule on those time-adjusted
 * prices; estimate $/acre per CSR2 point from the remaining comps and adjust each to the subject's
 * soil; score and grade; include what is unflagged and graded A–C unless the user pinned or dropped it;
 * value from the k closest included comps, the median of all of them beside it (comps-value.ts).
 * Non-market sales leave before any adjustment and can not be pinned back; the list is the included
 * comps first (best score first), then the market sales left out, then the non-market ones.
 */
import type { ParcelRecord } from '../schemas'
import type { CompsOverride } from './comps-choices'
import { milesBetween, parcelPoint } from './comps-geo'
import { decimalYear, saleDateOf, windowStart } from './comps-plan'
import { type Grade, gradeOf, type Likeness, reasons, score, similarities } from './comps-score'
import type { CompsSettings } from './comps-settings'
import { iqrFences, theilSen } from './comps-stats'
import { type CompsSubject, isSubjectsOwn } from './comps-subject'
import { DEFAULT_K, type Indicated, indicate } from './comps-value'
import { lastDeed, nonMarketReason } from './sale-quality'

export interface Comp {
  id: string
  record: ParcelRecord
  parcelId: string | null
  saleDate: string
  salePrice: number
  acres: number
  miles: number
  csr2: number | null
  perAcre: number
  /**
   * $/acre brought to the valuation date by the trend; null for a sale that is not an open-market
   * one (it leaves before any adjustment: a $1 deed adjusted for time or soil means nothing).
   */
  timeAdjusted: number | null
  /** … and to the subject's CSR2; null as above, or when the soil adjustment would take it to ≤ $0. */
  adjusted: number | null
  score: number
  /** Null for a sale that is not an open-market one: it was never a candidate to grade. */
  grade: Grade | null
  reasons: string[]
  /** Why it is left out by default (non-arm's-length, outlier, price band); empty when none. */
  flags: string[]
  override: CompsOverride | null
  included: boolean
  /** Why it is out now (a flag, "grade D", "dropped by you"), or null when included. */
  excludedBecause: string | null
  rank: number
}

export interface Trend {
  /** Fractional change per year (0.05 = +5 %/yr), or null when the sales cannot carry a trend. */
  rate: number | null
  n: number
  firstYear: number | null
  lastYear: number | null
  note: string
}

export interface SoilAdjustment {
  /** $/acre per CSR2 point, or null when not applied. */
  perPoint: number | null
  n: number
  note: string
}

/** The valuation date and how far it lies beyond the data. */
export interface Valuation {
  /** YYYY-MM-DD: prices are brought to this day. */
  date: string
  /** True when it was not set: it is then the latest open-market sale in the radius. */
  fromData: boolean
  /** The latest open-market sale in the radius and window, or null when there is none. */
  lastSale: string | null
  /** Years the time adjustment runs past the last sale (0 when it does not: no trend, or no gap). */
  extrapolatedYears: number
}

export interface CompsResult {
  comps: Comp[]
  trend: Trend
  valuation: Valuation
  soil: SoilAdjustment
  indicated: Indicated | null
  windowStart: string
  windowEnd: string
  /** Sold parcels the search returned that lay outside the radius or the date window. */
  outsideRadius: number
  outsideWindow: number
  /** Records found with no usable sale date, acres or price. */
  unusable: number
}

const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN
  return Number.isFinite(n) ? n : null
}
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null)

/** A sold parcel read from its record, before it is scored: the sale facts a comp shows. */
interface Candidate extends Pick<Comp, 'record' | 'saleDate' | 'salePrice' | 'acres' | 'miles' | 'csr2' | 'perAcre'> {
  nonMarket: string | null
}

/**
 * `today` ends the sale window; `asOf` is the valuation date: by default the window's end, null for
 * the latest open-market sale found (so nothing is projected past the data unless asked).
 */
export function analyzeComps(
  subject: CompsSubject,
  records: readonly ParcelRecord[],
  s: CompsSettings,
  today: string,
  overrides: Readonly<Record<string, CompsOverride>> = {},
  asOf: string | null = today,
): CompsResult {
  const subjectAcres = subject.acres
  const subjectCsr2 = subject.csr2
  const here = subject.point
  const start = windowStart(today, s.years)
  let outsideRadius = 0
  let outsideWindow = 0
  let unusable = 0
  const cands: Candidate[] = []
  for (const r of records) {
    const saleDate = saleDateOf(r)
    const salePrice = num(r.sale_price)
    const acres = num(r.acres)
    const at = parcelPoint(r)
    if (!saleDate || salePrice === null || salePrice <= 0 || !acres || acres <= 0 || !at) {
      unusable++
      continue
    }
    if (isSubjectsOwn(subject, r, at)) continue
    const miles = milesBetween(here, at)
    if (miles > s.radiusMiles) {
      outsideRadius++
      continue
    }
    if (saleDate < start || saleDate > today) {
      outsideWindow++
      continue
    }
    cands.push({
      record: r,
      saleDate,
      salePrice,
      acres,
      miles,
      csr2: num(r.csr2),
      perAcre: salePrice / acres,
      nonMarket: nonMarketReason(salePrice, lastDeed(r, saleDate)),
    })
  }

  const market = cands.filter((c) => c.nonMarket === null)
  const lastSale = market.reduce<string | null>(
    (last, c) => (last === null || c.saleDate > last ? c.saleDate : last),
    null,
  )
  const valuationDate = asOf ?? lastSale ?? today
  const now = decimalYear(valuationDate)
  const trend = estimateTrend(
    market.map((c) => decimalYear(c.saleDate)),
    market.map((c) => c.perAcre),
  )
  const beyond = lastSale !== null && trend.rate !== null ? Math.max(0, now - decimalYear(lastSale)) : 0
  const extrapolatedYears = Math.round(beyond * 10) / 10
  if (extrapolatedYears > 0 && trend.rate !== null)
    trend.note += `; ${extrapolationWords(trend.rate, extrapolatedYears, lastSale as string, valuationDate)}`
  const growth = trend.rate === null ? 0 : Math.log(1 + trend.rate)
  const timeAdjusted = new Map(cands.map((c) => [c, c.perAcre * Math.exp(growth * (now - decimalYear(c.saleDate)))]))

  const fences = iqrFences(market.map((c) => timeAdjusted.get(c) as number))
  const outlier = (c: Candidate) => {
    const v = timeAdjusted.get(c) as number
    if (market.length < 4) return null
    if (v > fences.high) return `outlier: $/acre above the IQR fence ($${round(fences.high)})`
    if (v < fences.low) return `outlier: $/acre below the IQR fence ($${round(fences.low)})`
    return null
  }
  const clean = market.filter((c) => outlier(c) === null)
  const soil = estimateSoil(
    subjectCsr2,
    clean.filter((c) => c.csr2 !== null).map((c) => [c.csr2 as number, timeAdjusted.get(c) as number]),
  )
  const subjectPerAcre = (subject.assessedValue ?? Number.NaN) / subjectAcres

  const comps: Comp[] = cands.map((c) => {
    const open = c.nonMarket === null
    const t = open ? (timeAdjusted.get(c) as number) : null
    const soilAdjusted =
      t !== null && soil.perPoint !== null && c.csr2 !== null && subjectCsr2 !== null
        ? t + soil.perPoint * (subjectCsr2 - c.csr2)
        : t
    const adjusted = soilAdjusted !== null && soilAdjusted > 0 ? soilAdjusted : null
    const like: Likeness = {
      miles: c.miles,
      radiusMiles: s.radiusMiles,
      acres: c.acres,
      subjectAcres,
      acresBand: s.acresBand,
      landUse: text(c.record.land_use),
      subjectLandUse: subject.landUse,
      crop: text(c.record.cdl_majority_category),
      subjectCrop: subject.crop,
      csr2: c.csr2,
      subjectCsr2,
      age: Math.max(0, now - decimalYear(c.saleDate)),
      years: s.years,
    }
    const sims = similarities(like)
    const points = score(sims, s.weights)
    const flags = [
      c.nonMarket,
      open ? outlier(c) : null,
      open && adjusted === null ? NEGATIVE_FLAG : null,
      priceBandFlag(c.perAcre, subjectPerAcre, s.priceBand),
    ].filter((f): f is string => f !== null)
    const grade = open ? gradeOf(points) : null
    // Own keys only: an id such as "constructor" must not find Object.prototype's.
    const override = Object.hasOwn(overrides, c.record.svc_uuid) ? (overrides[c.record.svc_uuid] ?? null) : null
    const excludedBecause =
      adjusted === null
        ? (flags[0] as string)
        : override === 'pin'
          ? null
          : override === 'drop'
            ? 'dropped by you'
            : (flags[0] ?? (grade === 'D' ? 'grade D: a weak match' : null))
    return {
      id: c.record.svc_uuid,
      record: c.record,
      parcelId: text(c.record.parcel_id),
      saleDate: c.saleDate,
      salePrice: c.salePrice,
      acres: c.acres,
      miles: c.miles,
      csr2: c.csr2,
      perAcre: c.perAcre,
      timeAdjusted: t,
      adjusted,
      score: points,
      grade,
      reasons: reasons(like, sims),
      flags,
      override,
      included: excludedBecause === null,
      excludedBecause,
      rank: 0,
    }
  })
  comps.sort(
    (a, b) => tier(a) - tier(b) || b.score - a.score || a.miles - b.miles || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )
  comps.forEach((c, i) => {
    c.rank = i + 1
  })
  return {
    comps,
    trend,
    valuation: { date: valuationDate, fromData: asOf === null, lastSale, extrapolatedYears },
    soil,
    indicated: indicate(comps, s.k ?? DEFAULT_K, subjectAcres),
    windowStart: start,
    windowEnd: today,
    outsideRadius,
    outsideWindow,
    unusable,
  }
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const round = (x: number) => integer.format(x)

export const NEGATIVE_FLAG = 'soil adjustment would take its $/acre to $0 or below'

/** Included first, then the market sales left out, then those never adjusted. */
const tier = (c: Comp) => (c.included ? 0 : c.adjusted !== null ? 1 : 2)

function priceBandFlag(perAcre: number, subjectPerAcre: number, band: number | null): string | null {
  if (band === null || !Number.isFinite(subjectPerAcre) || subjectPerAcre <= 0) return null
  const lo = subjectPerAcre * (1 - band)
  const hi = subjectPerAcre * (1 + band)
  return perAcre < lo || perAcre > hi ? `outside the ±${Math.round(band * 100)} % price band` : null
}

/** The words that say a value is projected past the data, and by how much. */
function extrapolationWords(rate: number, years: number, lastSale: string, to: string): string {
  const total = (1 + rate) ** years - 1
  return `extrapolated ${years.toFixed(1)} yr beyond the last sale (${lastSale}) to ${to}: ${total >= 0 ? '+' : ''}${(total * 100).toFixed(1)} % projected, not observed`
}

/** Fewest sales, and shortest span in years, a trend may rest on. */
const TREND_MIN_SALES = 5
const TREND_MIN_SPAN = 1

/** Theil–Sen on log($/acre) against decimal year: the median yearly change, robust to odd sales. */
export function estimateTrend(years: readonly number[], perAcre: readonly number[]): Trend {
  const n = years.length
  const firstYear = n ? Math.floor(Math.min(...years)) : null
  const lastYear = n ? Math.floor(Math.max(...years)) : null
  const span = n ? Math.max(...years) - Math.min(...years) : 0
  if (n < TREND_MIN_SALES || span < TREND_MIN_SPAN) {
    return {
      rate: null,
      n,
      firstYear,
      lastYear,
      note: `no time adjustment: ${n} sale(s) over ${span.toFixed(1)} yr are too few for a trend`,
    }
  }
  const slope = theilSen(
    years,
    perAcre.map((p) => Math.log(p)),
  )
  if (slope === null) return { rate: null, n, firstYear, lastYear, note: 'no time adjustment: all sales on one day' }
  const rate = Math.exp(slope) - 1
  return {
    rate,
    n,
    firstYear,
    lastYear,
    note: `${rate >= 0 ? '+' : ''}${(rate * 100).toFixed(1)} %/yr from ${n} sales, ${firstYear}–${lastYear} (Theil–Sen)`,
  }
}

/** Fewest comps with a CSR2, and the CSR2 spread, a soil adjustment may rest on. */
const SOIL_MIN_COMPS = 5
const SOIL_MIN_SPREAD = 10

export function estimateSoil(subjectCsr2: number | null, pairs: readonly [number, number][]): SoilAdjustment {
  const n = pairs.length
  if (subjectCsr2 === null) return { perPoint: null, n, note: 'no soil adjustment: the subject has no CSR2' }
  const xs = pairs.map((p) => p[0])
  const spread = n ? Math.max(...xs) - Math.min(...xs) : 0
  if (n < SOIL_MIN_COMPS || spread < SOIL_MIN_SPREAD)
    return {
      perPoint: null,
      n,
      note: `no soil adjustment: ${n} comp(s) with CSR2 spanning ${spread} points are too few`,
    }
  const slope = theilSen(
    xs,
    pairs.map((p) => p[1]),
  )
  if (slope === null || slope <= 0)
    return { perPoint: null, n, note: `no soil adjustment: these ${n} sales show no premium for better soil` }
  return { perPoint: slope, n, note: `$${round(slope)}/acre per CSR2 point from ${n} comps (Theil–Sen)` }
}
