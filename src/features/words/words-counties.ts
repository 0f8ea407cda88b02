/**
 * The counties a sentence may name in the browser: the ones the server covers (GET /coverage), so
 * "Story County" is understood without a call. States need no list: the parser knows all of them.
 */
import type { CoverageCounty } from '../../../contract/tiles'
import type { WordsCounty } from '../../../contract/words/words-types'

export function coverageWordsCounties(counties: readonly CoverageCounty[]): WordsCounty[] {
  return counties.map((c) => ({ fips: `${c.state_fp}${c.county_fp}`, name: c.county.replace(/ County$/i, '') }))
}
