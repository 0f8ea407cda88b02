/**
 * The Census county names the app's "Search a county" uses (us-atlas, the same file), read once,
 * for the words parser: a sentence may name any county, covered or not.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { WordsCounty } from '../../contract/words/words-types'

interface Atlas {
  objects: { counties: { geometries: { id?: string | number; properties?: { name?: string } }[] } }
}

let counties: readonly WordsCounty[] | null = null

export function censusCounties(): readonly WordsCounty[] {
  if (counties) return counties
  const path = createRequire(import.meta.url).resolve('us-atlas/counties-10m.json')
  const atlas = JSON.parse(readFileSync(path, 'utf8')) as Atlas
  counties = atlas.objects.counties.geometries
    .map((g) => ({ fips: String(g.id ?? ''), name: g.properties?.name ?? '' }))
    .filter((c) => /^\d{5}$/.test(c.fips) && c.name)
  return counties
}
