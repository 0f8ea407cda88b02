import turfArea from '@turf/area'
import booleanIntersects from '@turf/boolean-intersects'
import { describe, expect, it } from 'vitest'
import { CDL_BY_NAME } from '../../contract/crops'
import { SQ_M_PER_ACRE } from '../../contract/units'
import type { StagedRow } from '../load/rows/staged-row'
import { DEMO_COUNTIES } from './counties'
import { countyRings } from './county-shape'
import { demoCountySources } from './generate'

type Row = StagedRow & { fips: string; county: string; state: string }
const collect = (parcels: number, seed = 7): Row[] =>
  demoCountySources({ seed, parcels }).flatMap((s) =>
    [...s.batches()].flat().map((r) => ({
      ...r,
      fips: s.county.state_fp + s.county.county_fp,
      county: s.county.county,
      state: s.county.state,
    })),
  )
const rows = collect(3000)
const fips = (r: Row) => r.fips
const ring = (r: Row) => r.geom.coordinates[0]![0]!
/** Condo units share one footprint (the load path then gives them one svc_stack_uuid). */
const sameFootprint = (a: Row, b: Row) => JSON.stringify(a.geom) === JSON.stringify(b.geom)
const footprintKey = (r: Row) => `${r.fips} ${JSON.stringify(r.geom)}`
const onFootprint = new Map<string, number>()
for (const r of rows) onFootprint.set(footprintKey(r), (onFootprint.get(footprintKey(r)) ?? 0) + 1)

interface Values {
  parcel_value: number
  land_value: number
  improvements_value: number
  building_value: number
  tax_amount: number
  acres: number
  sale_price: number | null
  sale_date: string | null
  postal: string
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1)

describe('demoCountySources', () => {
  it('is deterministic: same options, byte-identical output', () => {
    expect(JSON.stringify(collect(1200, 3))).toBe(JSON.stringify(collect(1200, 3)))
    expect(JSON.stringify(collect(1200, 4))).not.toBe(JSON.stringify(collect(1200, 3)))
  })

  it('yields exactly the requested count in batches of at most 2,000, features numbered from 1', () => {
    for (const n of [0, 1, 2, 7, 100, 999, 4321]) {
      const sources = demoCountySources({ seed: 1, parcels: n })
      const batches = sources.flatMap((s) => [...s.batches()])
      expect(batches.every((b) => b.length > 0 && b.length <= 2000)).toBe(true)
      expect(batches.reduce((s, b) => s + b.length, 0)).toBe(n)
      for (const s of sources) expect([...s.batches()].flat().map((r) => r.feature)).toEqual(range(s.parcels))
    }
    expect(rows).toHaveLength(3000)
  })

  it('spreads parcels over the demo counties by share', () => {
    for (const c of DEMO_COUNTIES) {
      const n = rows.filter((r) => r.county === c.county && r.state === c.state).length
      expect(Math.abs(n - 3000 * c.share)).toBeLessThanOrEqual(1)
    }
  })

  it('gives every record its own parcel number in its county (the load path makes ids of them)', () => {
    expect(new Set(rows.map((r) => `${fips(r)} ${r.attrs.parcel_id}`)).size).toBe(rows.length)
  })

  it('supplies no field the load path derives', () => {
    const derived = ['svc_uuid', 'svc_stack_uuid', 'acres_calc', 'sq_feet', 'adjacent_acreage_sameowner', 'state_fp']
    for (const r of rows) for (const f of derived) expect(r.attrs[f]).toBeUndefined()
  })

  it('has 100+ fields per record, all JSON values', () => {
    const bad: string[] = []
    for (const r of rows) {
      if (Object.keys({ ...r.attrs, ...r.extra, geom: r.geom }).length < 94)
        bad.push(`${r.attrs.parcel_id}: too few fields`)
      for (const [k, v] of Object.entries(r.extra)) {
        if (k === 'cdl_history') continue // the one structured field (crop-history.test.ts)
        if (v !== null && !['string', 'number', 'boolean'].includes(typeof v)) bad.push(`${k}: ${typeof v}`)
        if (typeof v === 'number' && !Number.isFinite(v)) bad.push(`${k}: ${v}`)
      }
    }
    expect(bad.slice(0, 5)).toEqual([])
  })

  it('draws valid polygons: closed, counter-clockwise, rectilinear, no repeated vertex', () => {
    for (const r of rows) {
      expect(r.geom.type).toBe('MultiPolygon')
      const pts = ring(r)
      expect(pts.length).toBeGreaterThanOrEqual(5)
      expect(pts[0]).toEqual(pts[pts.length - 1])
      let twiceArea = 0
      for (let i = 1; i < pts.length; i++) {
        const [ax, ay] = pts[i - 1] as [number, number]
        const [bx, by] = pts[i] as [number, number]
        expect(ax === bx && ay === by).toBe(false)
        // Axis-parallel edges walking the bounding box once: a simple polygon.
        expect(ax === bx || ay === by).toBe(true)
        twiceArea += ax * by - bx * ay
      }
      expect(twiceArea).toBeGreaterThan(0)
      const xs = pts.map((p) => p[0] as number)
      const ys = pts.map((p) => p[1] as number)
      for (const [x, y] of pts as [number, number][]) {
        const onBox = x === Math.min(...xs) || x === Math.max(...xs) || y === Math.min(...ys) || y === Math.max(...ys)
        expect(onBox).toBe(true)
      }
    }
  })

  it('keeps every parcel inside its real county', () => {
    for (const c of DEMO_COUNTIES) {
      const rings = countyRings(c.state_fp + c.county_fp)
      const county = { type: 'Polygon' as const, coordinates: rings }
      for (const r of rows.filter((x) => fips(x) === c.state_fp + c.county_fp)) {
        for (const p of ring(r)) {
          const near = (dx: number, dy: number) =>
            booleanIntersects({ type: 'Point', coordinates: [(p[0] as number) + dx, (p[1] as number) + dy] }, county)
          // Vertices may sit on the county line; allow 1e-6° (≈0.1 m) of rounding.
          expect(near(0, 0) || near(1e-6, 0) || near(-1e-6, 0) || near(0, 1e-6) || near(0, -1e-6)).toBe(true)
        }
      }
    }
  })

  it('shares boundaries vertex for vertex: no corner lies inside another parcel’s edge', () => {
    // Vertices by line: x → ys of vertices on that vertical line, y → xs on that horizontal line.
    const onX = new Map<number, Set<number>>()
    const onY = new Map<number, Set<number>>()
    for (const r of rows) {
      for (const [x, y] of ring(r) as [number, number][]) {
        onX.set(x, (onX.get(x) ?? new Set()).add(y))
        onY.set(y, (onY.get(y) ?? new Set()).add(x))
      }
    }
    const junctions: string[] = []
    for (const r of rows) {
      const pts = ring(r) as [number, number][]
      const own = new Set(pts.map((p) => p.join(',')))
      for (let k = 1; k < pts.length; k++) {
        const [ax, ay] = pts[k - 1]!
        const [bx, by] = pts[k]!
        const along = ax === bx ? onX.get(ax) : onY.get(ay)
        const [lo, hi] = ax === bx ? [Math.min(ay, by), Math.max(ay, by)] : [Math.min(ax, bx), Math.max(ax, bx)]
        for (const v of along ?? []) {
          const p = ax === bx ? `${ax},${v}` : `${v},${ay}`
          if (v > lo && v < hi && !own.has(p)) junctions.push(`${r.attrs.parcel_id} ${p}`)
        }
      }
    }
    expect(junctions.slice(0, 5)).toEqual([])
  })

  it('never overlaps two parcels (other than stacked condo units)', () => {
    const boxes = rows.map((r) => {
      const pts = ring(r)
      const xs = pts.map((p) => p[0] as number)
      const ys = pts.map((p) => p[1] as number)
      return { r, w: Math.min(...xs), s: Math.min(...ys), e: Math.max(...xs), n: Math.max(...ys) }
    })
    boxes.sort((a, b) => a.w - b.w)
    for (let i = 0; i < boxes.length; i++) {
      const a = boxes[i]!
      for (let j = i + 1; j < boxes.length && boxes[j]!.w < a.e; j++) {
        const b = boxes[j]!
        if (b.s >= a.n || a.s >= b.n) continue
        expect(sameFootprint(a.r, b.r), `${a.r.attrs.parcel_id} overlaps ${b.r.attrs.parcel_id}`).toBe(true)
      }
    }
  })

  it('uses only CDL categories from the contract, with matching codes and percent 40–100', () => {
    for (const { attrs: c } of rows) {
      expect(CDL_BY_NAME.has(c.cdl_majority_category as string)).toBe(true)
      expect(CDL_BY_NAME.get(c.cdl_majority_category as string)?.code).toBe(c.cdl_majority_value)
      expect(c.cdl_majority_percent).toBeGreaterThanOrEqual(40)
      expect(c.cdl_majority_percent).toBeLessThanOrEqual(100)
    }
    // Each region's signature crops cover most of its farmland.
    const share = (f: string, crops: string[]) => {
      const farm = rows.filter((x) => fips(x) === f && String(x.attrs.land_use).startsWith('AGRICULTURAL'))
      return farm.filter((x) => crops.includes(x.attrs.cdl_majority_category as string)).length / farm.length
    }
    expect(share('19169', ['Corn', 'Soybeans'])).toBeGreaterThan(0.6)
    expect(share('06019', ['Almonds', 'Grapes', 'Pistachios', 'Walnuts', 'Citrus', 'Peaches'])).toBeGreaterThan(0.4)
    expect(
      share('20055', ['Winter Wheat', 'Sorghum', 'Corn', 'Grassland/Pasture', 'Fallow/Idle Cropland']),
    ).toBeGreaterThan(0.75)
  })

  it('keeps values, areas and dates consistent', () => {
    for (const r of rows) {
      const c = r.attrs as unknown as Values
      expect(c.parcel_value).toBe(c.land_value + c.improvements_value)
      expect(c.building_value).toBeLessThanOrEqual(c.improvements_value)
      if (r.buildings!.length === 0) expect(c.building_value).toBe(0)
      expect(c.tax_amount).toBeLessThanOrEqual(c.parcel_value * 0.025)
      const area = turfArea(r.geom) / SQ_M_PER_ACRE
      const units = onFootprint.get(footprintKey(r))!
      expect(Math.abs(c.acres! - area / units)).toBeLessThan(Math.max(3, area * 0.1))
      if (c.sale_date !== null) {
        expect(c.sale_date).toMatch(/^(19[7-9]\d|20[0-2]\d)-(0[1-9]|1[0-2])-(0[1-9]|[12]\d)$/)
        expect(c.sale_price!).toBeGreaterThan(0)
      } else expect(c.sale_price).toBeNull()
      expect(c.postal).toMatch(/^\d{5}$/)
    }
  })

  it('puts elevations at the counties’ real levels', () => {
    const range = (f: string) => {
      const e = rows.filter((r) => fips(r) === f).map((r) => r.attrs.elevation as number)
      return [Math.min(...e), Math.max(...e)]
    }
    const [iaLo, iaHi] = range('19169')
    expect(iaLo).toBeGreaterThan(250)
    expect(iaHi).toBeLessThan(345)
    expect(range('06019')[0]).toBeGreaterThan(40)
    expect(range('06019')[1]).toBeLessThan(160)
    expect(range('20055')[0]).toBeGreaterThan(800)
    expect(range('20055')[1]).toBeLessThan(930)
  })

  it('places buildings inside their parcels', () => {
    for (const r of rows) {
      const pts = ring(r)
      const xs = pts.map((p) => p[0] as number)
      const ys = pts.map((p) => p[1] as number)
      for (const b of r.buildings!) {
        for (const [x, y] of b.geom.coordinates[0] as [number, number][]) {
          expect(x > Math.min(...xs) && x < Math.max(...xs) && y > Math.min(...ys) && y < Math.max(...ys)).toBe(true)
        }
        expect(b.sq_meters).toBeCloseTo(b.sq_feet * 0.09290304, 0)
      }
    }
    expect(rows.filter((r) => r.buildings!.some((b) => b.occupancy === 'Agricultural')).length).toBeGreaterThan(20)
  })

  it('draws the units of a condo building on one footprint, numbered UNIT 1…n', () => {
    const stacked = rows.filter((r) => onFootprint.get(footprintKey(r))! > 1)
    expect(stacked.length).toBeGreaterThan(0)
    for (const r of stacked) expect(String(r.attrs.legal)).toMatch(/^UNIT \d+ /)
  })

  it('shares the demo parcels out among the demo counties in full', () => {
    expect(DEMO_COUNTIES.reduce((s, c) => s + c.share, 0)).toBeCloseTo(1, 9)
  })
})
