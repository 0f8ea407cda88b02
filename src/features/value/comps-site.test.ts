import type { Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import { soldRecord, subjectRecord } from '../../../contract/comps/comps.test-support'
import { analyzeComps } from '../../../contract/comps/comps-analysis'
import { settingsFor } from '../../../contract/comps/comps-settings'
import { siteSubject } from '../../../contract/comps/comps-subject'
import { analyzeCompsMemo } from './comps-memo'
import { siteFromArea } from './comps-site'

// A 0.02° × 0.02° square around (-93.5, 42): about 1.03 mi × 1.38 mi.
const square: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [-93.51, 41.99],
      [-93.49, 41.99],
      [-93.49, 42.01],
      [-93.51, 42.01],
      [-93.51, 41.99],
    ],
  ],
}
const inside = (id: string, extra: Parameters<typeof subjectRecord>[0]) =>
  subjectRecord({ svc_uuid: id, lon: -93.5, lat: 42, ...extra })

describe('a drawn area as a comps site', () => {
  it('takes acres and centre from the shape and the rest from the parcels loaded inside it', () => {
    const rows = [
      inside('a', { acres: 100, land_use: 'AGRICULTURAL - CROPLAND', cdl_majority_category: 'Corn', csr2: 80 }),
      inside('b', { acres: 60, land_use: 'AGRICULTURAL - PASTURE/GRAZING', cdl_majority_category: 'Grass', csr2: 50 }),
      inside('c', {
        acres: 40,
        land_use: 'AGRICULTURAL - PASTURE/GRAZING',
        cdl_majority_category: 'Grass',
        csr2: null,
      }),
      // Outside the square: not part of the site.
      subjectRecord({ svc_uuid: 'far', lon: -93.4, lat: 42, acres: 500, land_use: 'RESIDENTIAL', csr2: 10 }),
      undefined,
    ]
    const { site, parcels } = siteFromArea({ id: 'a1', geometry: square }, 'Rectangle 1', rows)
    expect(parcels).toBe(3)
    expect(site).toMatchObject({ kind: 'site', areaId: 'a1', label: 'Rectangle 1', point: [-93.5, 42] })
    // Cropland holds 100 ac, pasture 60 + 40 = 100 ac: a tie goes to the name first in order.
    expect(site.landUse).toBe('AGRICULTURAL - CROPLAND')
    expect(site.crop).toBe('Corn')
    // CSR2 weighted by acres over parcels that have one: (80·100 + 50·60) / 160 = 68.75 → 69.
    expect(site.csr2).toBe(69)
    // 0.02° of longitude at 42° N × 0.02° of latitude ≈ 1.653 km × 2.222 km ≈ 907.6 ac.
    expect(site.acres).toBeGreaterThan(900)
    expect(site.acres).toBeLessThan(915)
  })

  it('says nothing of land use, cover or soil when no parcels are loaded inside', () => {
    const { site, parcels } = siteFromArea({ id: 'a1', geometry: square }, 'Rectangle 1', [])
    expect(parcels).toBe(0)
    expect(site).toMatchObject({ landUse: null, crop: null, csr2: null })
  })

  it('never takes the site’s own parcels as its comps, and memoises the ranking', () => {
    const { site } = siteFromArea({ id: 'a1', geometry: square }, 'Rectangle 1', [])
    const subject = siteSubject({ ...site, acres: 80 }, square)
    const settings = settingsFor(subject, null)
    const sales = [
      soldRecord('own', 0, 800_000, '2024-01-01'), // at the centre: inside the site
      soldRecord('near', 2, 880_000, '2024-01-01'),
      soldRecord('next', 3, 960_000, '2024-01-01'),
    ]
    const r = analyzeComps(subject, sales, settings, '2024-07-01')
    expect(r.comps.map((c) => c.id).sort()).toEqual(['near', 'next'])
    const first = analyzeCompsMemo(subject, sales, settings, '2024-07-01', {})
    expect(analyzeCompsMemo(subject, sales, settings, '2024-07-01', {})).toBe(first)
    expect(analyzeCompsMemo(subject, sales, settings, '2024-07-01', { near: 'drop' })).not.toBe(first)
    // near (11,000, 2 mi) outscores next (12,000, 3 mi), so it holds over half the weight; the market
    // median of the two is 11,500.
    expect(first.indicated!.perAcre).toBe(11_000)
    expect(first.indicated!.market.perAcre).toBe(11_500)
  })
})
