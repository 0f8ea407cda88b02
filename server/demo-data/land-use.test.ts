/**
 * Every land use the demo generator writes lands in the national class its property class says
 * (issue 23): the demo is loaded through the loader, which classifies with the built-in rules, so
 * the demo data has no unclassified parcel.
 */
import { describe, expect, it } from 'vitest'
import { classifyLandUse } from '../../contract/land-use-classify'
import type { Improvement } from './buildings'
import { DEMO_COUNTIES } from './counties'
import { landUseOf } from './land-use'
import type { CivicUse } from './owner-names'
import { Kind } from './site-table'

const EXPECTED: Record<string, string> = {
  AGRICULTURAL: 'agricultural',
  RESIDENTIAL: 'residential',
  COMMERCIAL: 'commercial',
  VACANT: 'vacant',
  EXEMPT: 'institutional',
}

describe('demo land uses', () => {
  it('classify to the class their property class names, in every demo county', () => {
    const improvements: Improvement[] = ['none', 'farmstead', 'house', 'store', 'civic', 'condo']
    const crops = ['Corn', 'Almonds', 'Grassland/Pasture', 'Deciduous Forest', 'Soybeans']
    const civics: CivicUse[] = ['SCHOOL', 'CHURCH', 'CITY HALL', 'PARK']
    const seen = new Map<string, { code: string; landUse: string; propertyClass: string; state: string }>()
    for (const c of DEMO_COUNTIES) {
      for (const kind of Object.values(Kind))
        for (const improvement of improvements)
          for (const crop of crops)
            for (const civic of civics)
              for (const acres of [2, 80])
                for (const u of [0.05, 0.3, 0.6, 0.9]) {
                  const lu = landUseOf(c.state_fp + c.county_fp, kind, improvement, crop, civic, acres, u)
                  seen.set(`${c.state} ${lu.code}`, { ...lu, state: c.state })
                }
    }
    expect(seen.size).toBeGreaterThan(20)
    for (const lu of seen.values()) {
      const cls = classifyLandUse({ code: lu.code, description: lu.landUse, state: lu.state })
      expect(cls, `${lu.code} ${lu.landUse}`).toBe(EXPECTED[lu.propertyClass])
    }
  })
})
