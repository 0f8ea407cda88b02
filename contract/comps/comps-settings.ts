/**
 * What the user steers in a comps search, and the defaults for a subject: a 10-mile radius for
 * farmland (farms sell rarely; the market is the township and its neighbours), 1 mile in town.
 * The steerable part (`CompsChoices`) lives in the store and the link; land uses follow the subject.
 */
import type { CompsChoices, CompsCriterion } from './comps-choices'
import type { CompsSubject } from './comps-subject'
import { DEFAULT_K, MAX_K, MIN_K } from './comps-value'

export const CRITERION_LABELS: Record<CompsCriterion, string> = {
  distance: 'Distance',
  size: 'Size',
  landUse: 'Land use',
  crop: 'Crop / land cover',
  soil: 'Soil (CSR2)',
  recency: 'Sale recency',
}

export interface CompsSettings extends CompsChoices {
  /** Land uses asked for (`land_use in …`); empty = any. */
  landUses: string[]
}

const MAX_RADIUS_MILES = 30
const MAX_YEARS = 20

const isFarmland = (subject: CompsSubject): boolean =>
  /^(AGRICULTURAL|VACANT - RURAL)/i.test(subject.landUse ?? '') || subject.acres >= 20

/**
 * Land uses that sell as the same kind of land. Assessor classes read "FAMILY - KIND"; farmland of any
 * kind (cropland, pasture, a farmstead) competes in one market, so a farm's comps take the whole
 * agricultural family plus bare rural land; elsewhere the subject's own class.
 */
export function landUseFamily(landUse: string | null, known: readonly string[]): string[] {
  if (!landUse) return []
  if (!/^AGRICULTURAL/i.test(landUse)) return [landUse]
  const family = known.filter((u) => /^AGRICULTURAL/i.test(u) || /^VACANT - RURAL/i.test(u))
  return [...new Set([landUse, ...family])].sort()
}

/** The assessor classes of the demo data and common ones; used to offer the farmland family. */
const KNOWN_FARM_USES: readonly string[] = [
  'AGRICULTURAL - CROPLAND',
  'AGRICULTURAL - FARMSTEAD',
  'AGRICULTURAL - ORCHARD/VINEYARD',
  'AGRICULTURAL - PASTURE/GRAZING',
  'AGRICULTURAL - TIMBER/CONSERVATION',
  'VACANT - RURAL LAND',
]

export const DEFAULT_WEIGHTS: Record<CompsCriterion, number> = {
  distance: 3,
  size: 3,
  landUse: 4,
  crop: 2,
  soil: 4,
  recency: 3,
}

function defaultChoices(subject: CompsSubject): CompsChoices {
  const farm = isFarmland(subject)
  return {
    radiusMiles: farm ? 10 : 1,
    years: farm ? 5 : 3,
    acresBand: farm ? 0.5 : 0.4,
    priceBand: null,
    weights: { ...DEFAULT_WEIGHTS },
    k: DEFAULT_K,
  }
}

/** The user's choices (or the defaults) and the subject's land-use family. */
export function settingsFor(subject: CompsSubject, choices: CompsChoices | null): CompsSettings {
  return { ...(choices ?? defaultChoices(subject)), landUses: landUseFamily(subject.landUse, KNOWN_FARM_USES) }
}

/** A reason the settings cannot run, or null. */
export function settingsProblem(s: CompsChoices, subject: CompsSubject): string | null {
  if (!(subject.acres > 0))
    return `This ${subject.kind === 'parcel' ? 'parcel' : 'area'} has no acreage, so it has no $/acre to compare.`
  if (!(s.radiusMiles > 0 && s.radiusMiles <= MAX_RADIUS_MILES))
    return `Enter a radius between 0 and ${MAX_RADIUS_MILES} miles.`
  if (!(s.years >= 1 && s.years <= MAX_YEARS && Number.isInteger(s.years)))
    return `Enter whole years between 1 and ${MAX_YEARS}.`
  if (!(s.acresBand > 0 && s.acresBand <= 0.95)) return 'Enter an acres band between 1 % and 95 %.'
  if (s.priceBand !== null && !(s.priceBand > 0 && s.priceBand <= 5)) return 'Enter a price band between 1 % and 500 %.'
  if (s.k !== undefined && !(Number.isInteger(s.k) && s.k >= MIN_K && s.k <= MAX_K))
    return `Enter a whole number of closest comps between ${MIN_K} and ${MAX_K}.`
  return null
}
