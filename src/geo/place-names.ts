/**
 * What people type for a state or county, turned into what the `state`, `state_fp` and `county`
 * fields hold: "Kansas", "ks", "KS " → KS (or 20); "finney county" → Finney. Pure; the filter
 * builder shows the normalized value and says so.
 */
import { US_STATES, type UsState } from '../../contract/us-states'

const clean = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase()

export function findState(text: string): UsState | undefined {
  const t = clean(text).replace(/\.$/, '')
  if (!t) return undefined
  return US_STATES.find(
    (s) => s.abbr.toLowerCase() === t || s.name.toLowerCase() === t || s.fips === t.padStart(2, '0'),
  )
}

/** "finney county" → "Finney"; "ST. LOUIS" → "St. Louis" (county names are title case in the data). */
export function normalizeCountyName(text: string): string {
  const t = text
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/\s+(county|parish|borough)$/i, '')
  return t.toLowerCase().replace(/(^|[\s.'-])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase())
}
