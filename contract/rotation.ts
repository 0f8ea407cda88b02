/**
 * Crop history and rotation patterns (issue 25), pure and shared by the loader (which stores the
 * derived `rotation` and `corn_years_5` columns) and the browser (which derives them for records
 * from servers that do not store them).
 *
 * A record's `cdl_history` is an object keyed by year: `{"2020": {code, name, percent}, …}`, each
 * entry the parcel's majority Cropland Data Layer class that year and its share in percent.
 *
 * The rotation rule looks at the last five years of history (fewer if fewer are known; at least
 * three are needed, else no pattern). With n the years looked at and "most" = at least n − 1 of them,
 * the first rule that holds names the pattern:
 * 1. left cropland — the latest year is developed, forest, wetland, water or barren land, and an
 *    earlier year was cropland (a crop, fallow, hay or orchard);
 * 2. perennial/orchard — most years are orchard, vineyard or other tree crops;
 * 3. hay/pasture — most years are alfalfa, other hay or grassland/pasture;
 * 4. continuous corn — most years are corn;
 * 5. corn–soybean — most years are corn or soybeans and each appears at least twice;
 * 6. small grain/fallow — most years are small grains (wheat, barley, oats, double-crop wheat),
 *    sorghum or fallow, with at least one small grain;
 * 7. mixed — any other history with at least one cropland year;
 * otherwise (never cropland: woods, water, town) no pattern.
 */
import { CDL_BY_CODE } from './crops'

export interface CdlYear {
  year: number
  code: number
  name: string | null
  percent: number | null
}

/** The record field that carries the history, and the derived fields our server stores. */
export const HISTORY_FIELD = 'cdl_history'

export const ROTATIONS = [
  { id: 'corn-soybean', label: 'Corn–soybean' },
  { id: 'continuous-corn', label: 'Continuous corn' },
  { id: 'small-grain-fallow', label: 'Small grain / fallow' },
  { id: 'perennial', label: 'Perennial / orchard' },
  { id: 'hay-pasture', label: 'Hay / pasture' },
  { id: 'mixed', label: 'Mixed' },
  { id: 'left-cropland', label: 'Left cropland' },
] as const
export type RotationId = (typeof ROTATIONS)[number]['id']

const WINDOW_YEARS = 5
const MIN_YEARS = 3

const SMALL_GRAIN = new Set([21, 22, 23, 24, 25, 26, 27, 28, 29, 205, 225, 236, 238, 240])
const SORGHUM = 4
const FALLOW = 61
const HAY = new Set([36, 37, 58, 59, 60, 176])
const CORN = 1
const SOY = 5

type YearGroup = 'corn' | 'soy' | 'grain' | 'fallow' | 'row' | 'tree' | 'hay' | 'gone' | 'wild'

/** What a CDL code means for rotations; codes the contract does not list go by CDL's numbering. */
function yearGroup(code: number): YearGroup {
  if (code === CORN) return 'corn'
  if (code === SOY) return 'soy'
  if (SMALL_GRAIN.has(code)) return 'grain'
  if (code === FALLOW) return 'fallow'
  if (HAY.has(code)) return 'hay'
  const kind = CDL_BY_CODE.get(code)?.kind
  if (kind === 'tree' || (code >= 66 && code <= 77) || (code >= 204 && code <= 220)) return 'tree'
  if (kind === 'developed' || kind === 'water' || (code >= 111 && code <= 124)) return 'gone'
  if (kind === 'natural' || (code >= 131 && code <= 195)) return code === 176 ? 'hay' : 'wild'
  return 'row'
}

const CROPLAND: ReadonlySet<YearGroup> = new Set(['corn', 'soy', 'grain', 'fallow', 'row', 'tree', 'hay'])

/** Reads a record's `cdl_history` (any shape a server may send), oldest year first; bad entries are skipped. */
export function historyOf(record: Readonly<Record<string, unknown>>): CdlYear[] {
  const raw = record[HISTORY_FIELD]
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return []
  const out: CdlYear[] = []
  for (const [key, v] of Object.entries(raw as Record<string, unknown>)) {
    const year = Number(key)
    if (!/^\d{4}$/.test(key) || v === null || typeof v !== 'object') continue
    const e = v as Record<string, unknown>
    const code = typeof e.code === 'number' ? e.code : Number(e.code)
    if (!Number.isInteger(code) || code <= 0) continue
    const percent = typeof e.percent === 'number' && Number.isFinite(e.percent) ? e.percent : null
    const name = typeof e.name === 'string' && e.name ? e.name : (CDL_BY_CODE.get(code)?.name ?? null)
    out.push({ year, code, name, percent })
  }
  return out.sort((a, b) => a.year - b.year)
}

/** The last `WINDOW_YEARS` years of a history (oldest first). */
const recentYears = (history: readonly CdlYear[]): CdlYear[] => history.slice(-WINDOW_YEARS)

/** The rotation pattern of a history (see the rule at the top), or null when there is none. */
export function classifyRotation(history: readonly CdlYear[]): RotationId | null {
  const years = recentYears(history)
  const n = years.length
  if (n < MIN_YEARS) return null
  const groups = years.map((y) => yearGroup(y.code))
  const count = (...g: YearGroup[]) => groups.filter((x) => g.includes(x)).length
  const most = n - 1
  const latest = groups[n - 1]!
  if ((latest === 'gone' || latest === 'wild') && groups.slice(0, -1).some((g) => CROPLAND.has(g))) {
    return 'left-cropland'
  }
  if (count('tree') >= most) return 'perennial'
  if (count('hay') >= most) return 'hay-pasture'
  if (count('corn') >= most) return 'continuous-corn'
  if (count('corn', 'soy') >= most && count('corn') >= 2 && count('soy') >= 2) return 'corn-soybean'
  const sorghum = years.filter((y) => y.code === SORGHUM).length
  if (count('grain', 'fallow') + sorghum >= most && count('grain') >= 1) return 'small-grain-fallow'
  if (groups.some((g) => CROPLAND.has(g))) return 'mixed'
  return null
}

/** Years with corn among the last five known (null without history). */
export function cornYears(history: readonly CdlYear[]): number | null {
  if (history.length === 0) return null
  return recentYears(history).filter((y) => y.code === CORN).length
}

export function rotationLabel(id: unknown): string | null {
  return ROTATIONS.find((r) => r.id === id)?.label ?? null
}

/** One letter per year for compact columns: the legend is `HISTORY_LETTERS`. */
const LETTER: Record<YearGroup, string> = {
  corn: 'C',
  soy: 'S',
  grain: 'W',
  fallow: 'F',
  row: 'R',
  tree: 'T',
  hay: 'H',
  gone: 'D',
  wild: 'N',
}

export const HISTORY_LETTERS =
  'C corn, S soybeans, W wheat or other small grain, M sorghum (milo), F fallow, R other row crop, T orchard or vineyard, H hay or pasture, D developed or water, N woods, wetland or other natural cover'

export function historyLetter(code: number): string {
  return code === SORGHUM ? 'M' : LETTER[yearGroup(code)]
}

/** The compact history, oldest first: `C S C S C`. */
export function historyText(history: readonly CdlYear[]): string {
  return recentYears(history)
    .map((y) => historyLetter(y.code))
    .join(' ')
}

const isRotation = (v: unknown): v is RotationId => ROTATIONS.some((r) => r.id === v)

/**
 * A record's rotation: the server's stored `rotation` when it sent one, else derived here from its
 * `cdl_history` (servers that do not store the extension columns).
 */
export function rotationOf(record: Readonly<Record<string, unknown>>): RotationId | null {
  return isRotation(record.rotation) ? record.rotation : classifyRotation(historyOf(record))
}

/** Likewise for `corn_years_5`. */
export function cornYearsOf(record: Readonly<Record<string, unknown>>): number | null {
  return typeof record.corn_years_5 === 'number' ? record.corn_years_5 : cornYears(historyOf(record))
}
