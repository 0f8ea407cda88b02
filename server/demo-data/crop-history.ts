/**
 * Five years of crop history for a demo parcel (issue 25), ending in the year its current CDL class
 * stands for. Plausible by region: corn–soybean alternation in Iowa with some continuous corn;
 * wheat–fallow, wheat–sorghum–fallow and irrigated continuous corn in Kansas; orchards and
 * vineyards that stay (a few planted after fallow) and rotating vegetable and field crops in the
 * Central Valley; hay and pasture that stay; some rural home sites that were cropland until
 * recently. Deterministic: every draw comes from `u(salt)`, the site's hash.
 */
import { CDL_BY_CODE } from '../../contract/crops'
import type { CdlYear } from '../../contract/rotation'

const HISTORY_YEARS = [2020, 2021, 2022, 2023, 2024] as const
const LATEST = HISTORY_YEARS[HISTORY_YEARS.length - 1]!

export interface HistoryContext {
  region: 'iowa' | 'valley' | 'plains'
  /** The current (latest year's) majority class and its percent. */
  code: number
  percent: number
  irrigated: boolean
  /** A rural site (not a town lot). */
  rural: boolean
  /** Uniform [0, 1) draws for this site, one per salt. */
  u(salt: number): number
}

const C = 1
const S = 5
const W = 24
const M = 4
const F = 61

/** A repeating cycle that ends, in the latest year, at the current crop. */
function cycle(given: readonly number[], current: number): number[] {
  const pattern = given.includes(current) ? given : [current, ...given]
  const at = pattern.indexOf(current)
  return HISTORY_YEARS.map((_, i) => {
    const back = HISTORY_YEARS.length - 1 - i
    return pattern[(((at - back) % pattern.length) + pattern.length) % pattern.length]!
  })
}

const same = (code: number) => HISTORY_YEARS.map(() => code)

function codes(c: HistoryContext): number[] {
  const kind = CDL_BY_CODE.get(c.code)?.kind
  const r = c.u
  if (kind === 'developed') {
    // Some rural home sites and a few town lots at the edge were fields until recently.
    const was = c.rural ? r(21) < 0.3 : r(21) < 0.02
    if (!was) return same(c.code)
    const fields = c.region === 'iowa' ? [C, S] : c.region === 'plains' ? [W, F] : [75, 75]
    const built = 2 + Math.floor(r(22) * 2) // first developed year index: 2022 or 2023
    return HISTORY_YEARS.map((_, i) => (i >= built ? c.code : fields[i % 2]!))
  }
  if (kind === 'natural' || kind === 'water') {
    if (c.code === 176 && c.region !== 'valley' && r(23) < 0.08) return [C, S, 176, 176, 176]
    return same(c.code)
  }
  if (kind === 'tree') return r(23) < 0.1 ? [F, c.code, c.code, c.code, c.code] : same(c.code)
  if (kind === 'hay') return r(23) < 0.15 && c.region !== 'valley' ? [C, c.code, c.code, c.code, c.code] : same(c.code)
  switch (c.region) {
    case 'iowa':
      if (c.code === C && r(23) < 0.18) return same(C)
      if (c.code === C || c.code === S) {
        const h = cycle([C, S], c.code)
        if (r(24) < 0.05) h[0] = 28 // an oat year before the rotation
        return h
      }
      return cycle([c.code, C, S], c.code)
    case 'plains':
      if (c.code === C && c.irrigated && r(23) < 0.7) return same(C)
      if (c.code === C || c.code === S) return cycle([C, S], c.code)
      if (c.code === W || c.code === F || c.code === M)
        return r(23) < 0.55 ? cycle([W, F], c.code) : cycle([W, M, F], c.code)
      return cycle([c.code, W, F], c.code)
    default:
      // Valley annual crops rotate among processing tomatoes, cotton, wheat and silage corn.
      return cycle([54, W, 2, C].includes(c.code) ? [54, W, 2, C] : [c.code, 54, W, C], c.code)
  }
}

export function demoCropHistory(c: HistoryContext): CdlYear[] {
  return codes(c).map((code, i) => {
    const year = HISTORY_YEARS[i]!
    const percent =
      year === LATEST ? c.percent : Math.round(Math.min(100, Math.max(40, c.percent + 10 * (c.u(30 + i) - 0.5))))
    return { year, code, name: CDL_BY_CODE.get(code)?.name ?? null, percent }
  })
}

for (const code of [C, S, W, M, F, 28, 54, 2, 75])
  if (!CDL_BY_CODE.has(code)) throw new Error(`code ${code} is not in contract/crops.ts`)
