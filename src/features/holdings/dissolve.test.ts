import turfArea from '@turf/area'
import type { Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import type { ParcelRecord } from '../../../contract/schemas'
import { SQ_M_PER_ACRE } from '../../../contract/units'
import { dissolve, outlineOf, touches } from './dissolve'
import { dissolveOffThread } from './dissolve-client'
import { distinctAcres, footprints, holdingSubject, holdingsOf } from './holding-summary'
import { parcel, square } from './holdings-fixtures.test-support'

const acresOf = (g: Polygon) => Math.round((turfArea(g) / SQ_M_PER_ACRE) * 10_000) / 10_000
const field = (x: number, y: number, extra: Partial<ParcelRecord> = {}) => {
  const geom = square(-93.6 + x * 0.01, 42 + y * 0.01)
  return parcel({ geom, acres_calc: acresOf(geom), ...extra })
}

describe('touches', () => {
  it('holds for shared edges and corners, overlaps and gaps under ~0.1 m, not beyond', () => {
    const a = square(0, 0)
    expect(touches(a, square(0.01, 0))).toBe(true)
    expect(touches(a, square(0.01, 0.01))).toBe(true)
    expect(touches(a, square(0.005, 0.005))).toBe(true)
    expect(touches(a, square(0.0100005, 0))).toBe(true)
    expect(touches(a, square(0.0101, 0))).toBe(false)
    // A small parcel wholly inside a big one, no vertex near an edge.
    expect(touches(square(0, 0, 1), square(0.4, 0.4, 0.1))).toBe(true)
  })
})

describe('dissolve', () => {
  it('groups contiguous parcels transitively and merges each group into one outline', () => {
    const parcels = [square(0, 0), square(0.02, 0), square(0.01, 0), square(0.5, 0.5)].map((geometry, i) => ({
      id: `p${i}`,
      geometry,
    }))
    const groups = dissolve(parcels)
    expect(groups.map((g) => g.ids.sort())).toEqual([['p0', 'p1', 'p2'], ['p3']])
    const strip = groups[0]!.outline
    expect(strip.type).toBe('Polygon')
    expect(turfArea(strip)).toBeCloseTo(turfArea(square(0, 0, 0.01)) * 3, -2)
  })

  it('counts stacked footprints once in the outline', () => {
    const g = square(0, 0)
    expect(outlineOf([g, g])).toEqual(g)
  })

  it('gives the same groups off the main thread (inline where there is no Worker)', async () => {
    const parcels = Array.from({ length: 200 }, (_, i) => ({
      id: `p${i}`,
      geometry: square((i % 20) * 0.01, Math.floor(i / 20) * 0.03),
    }))
    const groups = await dissolveOffThread(parcels)
    expect(groups).toHaveLength(10)
    expect(groups.every((g) => g.ids.length === 20 && g.outline.type === 'Polygon')).toBe(true)
  })
})

describe('holdingsOf', () => {
  it('totals acres as the members’ acres_calc with a shared footprint once, equal to the outline’s area', () => {
    const a = field(0, 0, { parcel_value: 1000, cdl_majority_category: 'Corn', land_use: 'AG' })
    const b = field(1, 0, { parcel_value: 500, cdl_majority_category: 'Soybeans', land_use: 'AG' })
    // Two condo-like records on one footprint (one stack), and one more field across the county line.
    const c1 = field(0, 1, {
      svc_stack_uuid: 'stack-1',
      parcel_value: 300,
      land_use: 'RES',
      cdl_majority_category: 'Corn',
    })
    const c2 = { ...field(0, 1, { svc_stack_uuid: 'stack-1', parcel_value: 200 }), geom: c1.geom }
    const d = field(1, 1, {
      county: 'Boone',
      county_fp: '015',
      parcel_value: null,
      land_use: 'AG',
      cdl_majority_category: 'Corn',
    })
    const far = field(9, 9, { acres_calc: 12.5 })
    const records = [a, b, c1, c2, d, far]
    const holdings = holdingsOf(records, dissolve(footprints(records)))
    expect(holdings).toHaveLength(2)
    const [big, small] = holdings
    const expected = [a, b, c1, d].reduce((s, r) => s + (r.acres_calc as number), 0)
    expect(big!.acres).toBeCloseTo(expected, 2)
    expect(big!.acres).toBe(distinctAcres([a, b, c1, c2, d]))
    expect(big!.outlineAcres).toBeCloseTo(expected, 0)
    expect(big!.parcelCount).toBe(5)
    expect(big!.counties).toEqual(['Boone, IA', 'Story, IA'])
    expect(big!.assessedValue).toBe(2000)
    expect(big!.valuedParcels).toBe(4)
    expect(big!.cropMix.map((c) => c.category)).toEqual(['Corn', 'Soybeans'])
    expect(big!.cropMix.reduce((s, c) => s + c.share, 0)).toBeCloseTo(1, 6)
    expect(big!.landUse).toBe('AG')
    expect(big!.id).toBe('H1')
    expect(small!.acres).toBe(12.5)
    expect(JSON.parse(JSON.stringify(big))).toEqual(big)
    expect(holdingSubject(big!)).toEqual({
      geometry: big!.geometry,
      acres: big!.acres,
      landUse: 'AG',
      crop: 'Corn',
      label: 'Holding 1',
    })
  })
})
