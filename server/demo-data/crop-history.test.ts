import { describe, expect, it } from 'vitest'
import { classifyRotation, historyOf } from '../../contract/rotation'
import { demoCountySources } from './generate'

/** Rotation counts per demo county, as the loader derives them from each record's history. */
function tallies() {
  const out = new Map<string, Map<string, number>>()
  for (const source of demoCountySources({ parcels: 6000, seed: 3 })) {
    const tally = new Map<string, number>()
    for (const batch of source.batches()) {
      for (const item of batch) {
        if (!('extra' in item)) continue
        const history = historyOf(item.extra)
        expect(history.map((y) => y.year)).toEqual([2020, 2021, 2022, 2023, 2024])
        // The latest year is the record's current class.
        expect(history.at(-1)).toMatchObject({
          code: item.attrs.cdl_majority_value,
          percent: item.attrs.cdl_majority_percent,
        })
        const rotation = String(classifyRotation(history))
        tally.set(rotation, (tally.get(rotation) ?? 0) + 1)
      }
    }
    out.set(source.county.county, tally)
  }
  return out
}

describe('demo crop history', () => {
  const t = tallies()
  const share = (county: string, rotation: string) => {
    const c = t.get(county)!
    const farmed = [...c].filter(([k]) => k !== 'null').reduce((s, [, n]) => s + n, 0)
    return (c.get(rotation) ?? 0) / farmed
  }
  it('has corn–soybean alternation in Iowa, with some continuous corn', () => {
    expect(share('Story', 'corn-soybean')).toBeGreaterThan(0.5)
    expect(share('Story', 'continuous-corn')).toBeGreaterThan(0.03)
  })
  it('has wheat–fallow and irrigated continuous corn in Kansas', () => {
    expect(share('Finney', 'small-grain-fallow')).toBeGreaterThan(0.3)
    expect(share('Finney', 'continuous-corn')).toBeGreaterThan(0.03)
  })
  it('has orchards and vineyards in the Central Valley', () => {
    expect(share('Fresno', 'perennial')).toBeGreaterThan(0.4)
    expect(share('Stanislaus', 'perennial')).toBeGreaterThan(0.4)
  })
  it('has hay and pasture, and fields that became developed, everywhere', () => {
    for (const county of t.keys()) {
      expect(share(county, 'hay-pasture')).toBeGreaterThan(0.02)
      expect(t.get(county)!.get('left-cropland')).toBeGreaterThan(0)
    }
  })
})
