/**
 * How alike a sold parcel is to the subject: one similarity in [0, 1] per criterion, a weighted mean
 * (weights 1–5) as the score 0–100, a letter grade and the reasons a person can read.
 */
import { COMPS_CRITERIA as CRITERIA, type CompsCriterion as Criterion } from './comps-choices'

export interface Likeness {
  /** Miles from the subject, and the search radius. */
  miles: number
  radiusMiles: number
  acres: number
  subjectAcres: number
  acresBand: number
  landUse: string | null
  subjectLandUse: string | null
  crop: string | null
  subjectCrop: string | null
  csr2: number | null
  subjectCsr2: number | null
  /** Years between the sale and the valuation date, and the window's length. */
  age: number
  years: number
}

const clamp01 = (x: number) => Math.max(0, Math.min(1, x))
/** CSR2 points apart at which soils count as unlike (a third of the 5–100 scale). */
const CSR2_SPAN = 30

const family = (u: string) => u.split(' - ')[0]

export function similarities(l: Likeness): Record<Criterion, number> {
  const sizeRatio = Math.abs(Math.log(l.acres / l.subjectAcres)) / Math.log(1 + l.acresBand)
  return {
    distance: clamp01(1 - l.miles / l.radiusMiles),
    size: clamp01(1 - sizeRatio),
    landUse:
      l.landUse === null || l.subjectLandUse === null
        ? 0.5
        : l.landUse === l.subjectLandUse
          ? 1
          : family(l.landUse) === family(l.subjectLandUse)
            ? 0.5
            : 0,
    crop: l.crop === null || l.subjectCrop === null ? 0.5 : l.crop === l.subjectCrop ? 1 : 0,
    soil: l.csr2 === null || l.subjectCsr2 === null ? 0.5 : clamp01(1 - Math.abs(l.csr2 - l.subjectCsr2) / CSR2_SPAN),
    recency: clamp01(1 - l.age / l.years),
  }
}

export function score(sims: Record<Criterion, number>, weights: Record<Criterion, number>): number {
  let sum = 0
  let total = 0
  for (const c of CRITERIA) {
    sum += weights[c] * sims[c]
    total += weights[c]
  }
  return total > 0 ? Math.round((1000 * sum) / total) / 10 : 0
}

export type Grade = 'A' | 'B' | 'C' | 'D'

export function gradeOf(points: number): Grade {
  return points >= 80 ? 'A' : points >= 65 ? 'B' : points >= 50 ? 'C' : 'D'
}

const pct = (x: number) => `${x > 0 ? '+' : ''}${Math.round(x * 100)} %`

/** One short phrase per criterion, best match first, so the grade's "why" reads at a glance. */
export function reasons(l: Likeness, sims: Record<Criterion, number>): string[] {
  const text: Record<Criterion, string> = {
    distance: `${l.miles.toFixed(1)} mi away`,
    size: `${fmtAcres(l.acres)} ac (${pct(l.acres / l.subjectAcres - 1)})`,
    landUse:
      l.landUse === null || l.subjectLandUse === null
        ? 'land use unknown'
        : l.landUse === l.subjectLandUse
          ? 'same land use'
          : `other use: ${l.landUse.toLowerCase()}`,
    crop:
      l.crop === null || l.subjectCrop === null
        ? 'land cover unknown'
        : l.crop === l.subjectCrop
          ? `same cover (${l.crop})`
          : `${l.crop} vs ${l.subjectCrop}`,
    soil:
      l.csr2 === null || l.subjectCsr2 === null
        ? 'no CSR2 to compare'
        : l.csr2 === l.subjectCsr2
          ? `same CSR2 (${l.csr2})`
          : `CSR2 ${l.csr2} vs ${l.subjectCsr2}`,
    recency: `sold ${l.age.toFixed(1)} yr ago`,
  }
  return [...CRITERIA].sort((a, b) => sims[b] - sims[a]).map((c) => text[c])
}

export function fmtAcres(a: number): string {
  return a >= 100 ? String(Math.round(a)) : a >= 10 ? a.toFixed(1) : a.toFixed(2)
}
